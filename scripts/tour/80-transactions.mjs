// Tour section: the transaction writes. flag_transactions and create_transactions are previewed,
// confirmed with a code (this client has no dialog), applied and undone; split_transaction is only
// previewed, since undo_operation cannot revert a split.
export const group = 'Transaction writes';
export const writes = true;

export async function tour({ tool, say, heading, money, question, PLAN }) {
  heading('flag_transactions — mark the Market Fresh line imported twice, for the user to check');
  const flagArgs = {
    plan_id: PLAN,
    flags: [
      { transaction_id: 'tx-055', color: 'red' },
      { transaction_id: 'tx-056', color: 'red' },
    ],
  };
  const flag = await tool('flag_transactions', flagArgs);
  say(`  status: ${flag.status}; the question the user sees:`);
  for (const line of question(flag)) say(`    ${line}`);
  if (flag.status === 'confirmation_required') {
    const flagged = await tool('flag_transactions', { ...flagArgs, confirmation: flag.confirmation });
    say(`  ${flagged.status}: ${flagged.message}`);
    const undo = await tool('undo_operation', { plan_id: PLAN, operation_id: flagged.operation_id });
    const back = await tool('undo_operation', {
      plan_id: PLAN,
      operation_id: flagged.operation_id,
      confirmation: undo.confirmation,
    });
    say(`  undo_operation: ${back.status}: ${back.message}`);
  }

  heading('create_transactions — a cash payment the bank never saw, every line shown before');
  const createArgs = {
    plan_id: PLAN,
    account_id: 'acc-checking',
    transactions: [
      {
        date: '2026-09-24',
        amount: -6.8,
        payee_name: 'Marché du port',
        memo: 'cash, paid at the stall',
        category_id: 'cat-groceries',
      },
    ],
  };
  const create = await tool('create_transactions', createArgs);
  say(`  status: ${create.status} on ${create.account}`);
  for (const t of create.transactions)
    say(
      `    ${t.date} ${t.payee.padEnd(20)} ${money(t.amount)}  ${t.category ?? 'no category'}  memo: ${t.memo}`,
    );
  const created = await tool('create_transactions', { ...createArgs, confirmation: create.confirmation });
  say(`  ${created.status}: ${created.message} (ids ${created.created_ids.join(', ')})`);
  const undoCreate = await tool('undo_operation', { plan_id: PLAN, operation_id: created.operation_id });
  const deleted = await tool('undo_operation', {
    plan_id: PLAN,
    operation_id: created.operation_id,
    confirmation: undoCreate.confirmation,
  });
  say(`  undo_operation: ${deleted.status}: ${deleted.message}`);

  heading('split_transaction — a receipt across two categories (previewed only: a split cannot be undone)');
  const split = await tool('split_transaction', {
    plan_id: PLAN,
    transaction_id: 'tx-046',
    lines: [
      { amount: -52.3, category_id: 'cat-groceries' },
      { amount: -13.82, category_id: 'cat-restaurants', memo: 'ready meals' },
    ],
  });
  say(`  status: ${split.status}`);
  for (const l of split.lines) say(`    ${money(l.amount)}  ${l.category}${l.memo ? ` (${l.memo})` : ''}`);
  say(`  the question ends with: ${question(split).at(-1)}`);
  say('  Not applied here: the code is left unused, so the demo plan keeps its transaction whole.');
}
