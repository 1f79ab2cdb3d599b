// Tour section: the two budget writes (move_money, set_category_budget), each previewed, confirmed
// with a code (this client has no dialog), applied, then undone.
export const group = 'Budget writes';
export const writes = true;

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('move_money — cover an overspent category from one with money to spare');
  const moveArgs = {
    plan_id: PLAN,
    month: 'current',
    from_category_id: 'cat-holidays',
    to_category_id: 'cat-restaurants',
    amount: 22.5,
  };
  const move = await tool('move_money', moveArgs);
  say(`  status: ${move.status}, ${money(move.amount).trim()} for ${move.month}`);
  for (const side of [move.from_category, move.to_category])
    say(
      `    ${side.name.padEnd(12)} ${money(side.from_amount)} → ${money(side.to_amount)}   available after ${money(side.available_after)}`,
    );
  say(`  code ${move.confirmation}; the user agrees:`);
  const moved = await tool('move_money', { ...moveArgs, confirmation: move.confirmation });
  say(`  ${moved.status}: ${moved.message}`);

  const undoMove = await tool('undo_operation', { plan_id: PLAN, operation_id: moved.operation_id });
  const question = undoMove.message.match(/(Undo: [^?]*\?)/)?.[1] ?? '';
  say(`  undo_operation asks: ${question}`);
  const movedBack = await tool('undo_operation', {
    plan_id: PLAN,
    operation_id: moved.operation_id,
    confirmation: undoMove.confirmation,
  });
  say(`  ${movedBack.status}: ${movedBack.message}`);

  heading('set_category_budget — an absolute amount for one category and month');
  const setArgs = { plan_id: PLAN, month: 'current', category_id: 'cat-groceries', amount: 450 };
  const set = await tool('set_category_budget', setArgs);
  say(
    `  ${set.status}: ${set.category} for ${set.month}, ${money(set.from_amount).trim()} → ${money(set.to_amount).trim()} (code ${set.confirmation})`,
  );
  if (set.status !== 'confirmation_required') return;
  const done = await tool('set_category_budget', { ...setArgs, confirmation: set.confirmation });
  say(`  ${done.status}: ${done.message}`);
  const again = await tool('set_category_budget', setArgs);
  say(`  the same call again: ${again.status}, ${again.message}`);
  const undoSet = await tool('undo_operation', { plan_id: PLAN, operation_id: done.operation_id });
  const restored = await tool('undo_operation', {
    plan_id: PLAN,
    operation_id: done.operation_id,
    confirmation: undoSet.confirmation,
  });
  say(`  undo_operation: ${restored.status}: ${restored.message}`);
}
