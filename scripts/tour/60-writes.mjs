// Tour section: a confirmed write (preview, the user's yes as a code, apply) and its undo.
export const group = 'A confirmed write, and its undo';
export const writes = true;

export async function tour({ tool, say, heading, money, PLAN }) {
  heading("apply_categories — a preview first, then the change only with the user's yes");
  const args = {
    plan_id: PLAN,
    assignments: [
      { transaction_id: 'tx-046', category_id: 'cat-groceries' },
      { transaction_id: 'tx-052', category_id: 'cat-subscriptions' },
    ],
  };
  const preview = await tool('apply_categories', args);
  say(`  status: ${preview.status} (this client has no dialog, so the user gets a single-use code)`);
  for (const c of preview.changes)
    say(
      `    ${c.date} ${c.payee.slice(0, 42).padEnd(42)} ${money(c.amount)}: ${c.from_category ?? 'no category'} → ${c.to_category}`,
    );
  say(`  code ${preview.confirmation}; the user agrees, so the agent calls again with it:`);
  const applied = await tool('apply_categories', { ...args, confirmation: preview.confirmation });
  say(`  ${applied.status}: ${applied.message}`);

  heading('undo_operation — put it back, never over a later change');
  const undoPreview = await tool('undo_operation', { plan_id: PLAN });
  say(
    `  preview: ${undoPreview.changes.length} transaction(s) back to their previous category, code ${undoPreview.confirmation}`,
  );
  const undone = await tool('undo_operation', { plan_id: PLAN, confirmation: undoPreview.confirmation });
  say(`  ${undone.status}: ${undone.message}`);
}
