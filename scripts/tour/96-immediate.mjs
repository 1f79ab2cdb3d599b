// Tour section: the two writes applied at once, without a preview (nothing in them to agree to:
// approving marks reviewed what the user already checked; importing asks YNAB for what the banks hold).
// After the edits, since approving cannot be undone.
export const group = 'Applied at once: approve, import';
export const writes = true;

export async function tour({ tool, say, heading, PLAN }) {
  heading('approve_transactions — mark reviewed the lines the user checked (not undoable)');
  const approved = await tool('approve_transactions', { plan_id: PLAN, tx_ids: ['tx-054'] });
  say(`  ${approved.status}: ${approved.message}`);

  heading('import_transactions — ask YNAB to import what the linked banks hold');
  const imported = await tool('import_transactions', { plan_id: PLAN });
  say(`  ${imported.status}: ${imported.message}`);
}
