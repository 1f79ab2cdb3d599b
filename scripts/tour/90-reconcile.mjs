// Tour section: reconcile_account and rename_payee, each previewed,
// confirmed with a code (the tour's client has no dialog), applied, then undone.
export const group = 'Reconciling, renaming payees';
export const writes = true;

const accountById = async (tool, PLAN, id) =>
  (await tool('list_accounts', { plan_id: PLAN })).result.find((a) => a.id === id);

async function undo({ tool, say, PLAN }) {
  const preview = await tool('undo_operation', { plan_id: PLAN });
  say(`  undo preview: ${preview.status}, code ${preview.confirmation}`);
  const undone = await tool('undo_operation', { plan_id: PLAN, confirmation: preview.confirmation });
  say(
    `  ${undone.status}: ${undone.message}${undone.conflicts.length ? ` (left alone: ${undone.conflicts.join(', ')})` : ''}`,
  );
}

async function reconcile({ tool, say, heading, money, PLAN }) {
  heading('reconcile_account — compare with the bank; nothing is written while they differ');
  const checking = await accountById(tool, PLAN, 'acc-checking');
  // The bank charged the card line of 19 September once; YNAB holds it twice.
  const bank = Math.round((checking.cleared_balance + 71.86) * 100) / 100;
  const gap = await tool('reconcile_account', {
    plan_id: PLAN,
    account_id: 'acc-checking',
    bank_balance: bank,
  });
  say(`  Checking, bank shows ${money(bank).trim()}: ${gap.status}`);
  say(`  ${gap.message}`);
  const a = gap.analysis;
  say(
    `  cleared ${money(a.cleared_balance).trim()}, uncleared ${a.uncleared_count}, explained_by [${a.explained_by.join(', ')}]`,
  );
  say(`  possible duplicates: ${a.possible_duplicates.map((p) => p.join(' = ')).join('; ') || 'none'}`);

  heading('reconcile_account — the balances match: mark the cleared transactions reconciled');
  const savings = await accountById(tool, PLAN, 'acc-savings');
  const args = { plan_id: PLAN, account_id: 'acc-savings', bank_balance: savings.cleared_balance };
  const preview = await tool('reconcile_account', args);
  say(
    `  Savings, bank shows ${money(savings.cleared_balance).trim()}: ${preview.status}, code ${preview.confirmation}`,
  );
  const applied = await tool('reconcile_account', { ...args, confirmation: preview.confirmation });
  say(`  ${applied.status}: ${applied.message}`);
  say(
    '  Costs 2 YNAB requests to compare (3 with an adjustment to propose), then 1 PATCH (+1 POST for an adjustment).',
  );
  await undo({ tool, say, PLAN });
}

async function rename({ tool, say, heading, PLAN }) {
  heading("rename_payee — a bank label becomes the merchant, on the user's yes");
  const args = { plan_id: PLAN, payee_id: 'pay-013', name: 'Market Fresh' };
  const preview = await tool('rename_payee', args);
  say(
    `  ${preview.from_name} → ${preview.to_name} (${preview.transactions} transaction(s)): ${preview.status}, code ${preview.confirmation}`,
  );
  const applied = await tool('rename_payee', { ...args, confirmation: preview.confirmation });
  say(`  ${applied.status}: ${applied.message}`);
  await undo({ tool, say, PLAN });
}

export async function tour(context) {
  await reconcile(context);
  await rename(context);
}
