// Tour section, last so that the sections before it see the demo plan untouched: editing and removing
// what is already there. update_transactions, delete_transactions and create_transfer are each
// previewed, confirmed with a code (this client has no dialog), applied and undone; the scheduled-
// transaction writes are only previewed, to stay well inside YNAB's 200 requests an hour.
export const group = 'Editing and removing';
export const writes = true;

/** Previews, applies with the code, shows the question and the result, then undoes it. */
async function roundTrip({ tool, say, question, PLAN }, name, args) {
  const preview = await tool(name, args);
  say(`  status: ${preview.status}; the question the user sees:`);
  for (const line of question(preview)) say(`    ${line}`);
  if (preview.status !== 'confirmation_required') return;
  const applied = await tool(name, { ...args, confirmation: preview.confirmation });
  say(`  ${applied.status}: ${applied.message}`);
  const undo = await tool('undo_operation', { plan_id: PLAN, operation_id: applied.operation_id });
  const back = await tool('undo_operation', {
    plan_id: PLAN,
    operation_id: applied.operation_id,
    confirmation: undo.confirmation,
  });
  say(`  undo_operation: ${back.status}: ${back.message}`);
}

export async function tour(ctx) {
  const { heading, PLAN } = ctx;
  heading('update_transactions — a memo and a category fixed, each field shown before → after');
  await roundTrip(ctx, 'update_transactions', {
    plan_id: PLAN,
    transactions: [
      { transaction_id: 'tx-049', memo: 'Dinner with Léa' },
      { transaction_id: 'tx-054', category_id: 'cat-transport' },
    ],
  });

  heading('delete_transactions — the Market Fresh line imported twice (undo recreates it, new id)');
  await roundTrip(ctx, 'delete_transactions', { plan_id: PLAN, transaction_ids: ['tx-056'] });

  heading('create_transfer — 200.00 from Checking to Savings as one linked pair, not a payee');
  await roundTrip(ctx, 'create_transfer', {
    plan_id: PLAN,
    from_account_id: 'acc-checking',
    to_account_id: 'acc-savings',
    amount: 200,
    date: '2026-09-25',
  });

  heading(
    'update_scheduled_transaction — the rent goes up (previewed: the whole object is sent, with its next date)',
  );
  const rent = await ctx.tool('update_scheduled_transaction', {
    plan_id: PLAN,
    scheduled_transaction_id: 'sch-rent',
    amount: -980,
  });
  ctx.say(`  status: ${rent.status}; the question the user sees:`);
  for (const line of ctx.question(rent)) ctx.say(`    ${line}`);

  // Their previews would cost 7 more YNAB requests, and the tour already uses most of the 180 an hour
  // the server allows itself (src/ynab/pace.ts): named here, not called.
  ctx.say('  create_scheduled_transaction and delete_scheduled_transaction ask and undo the same way.');
}
