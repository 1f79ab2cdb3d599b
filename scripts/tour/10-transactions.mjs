// Tour section: the transaction and schedule reads on the demo plan, today
// 2026-09-25. Read-only: nothing changes.
export const group = 'Transactions and schedules';

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('list_scheduled_transactions — what falls due in the next 30 days');
  const due = await tool('list_scheduled_transactions', { plan_id: PLAN });
  for (const o of due.occurrences)
    say(
      `  ${o.date} ${money(o.amount)}  ${o.payee.padEnd(22)} ${o.frequency.padEnd(8)} ${o.transfer ? 'transfer' : (o.category ?? '—')}`,
    );
  say(`  in ${money(due.inflows).trim()}, out ${money(due.outflows).trim()} (transfers left out)`);
  const year = await tool('list_scheduled_transactions', {
    plan_id: PLAN,
    until_date: '2027-09-24',
  });
  say(`  over a year, one line per schedule (${year.schedules.length} in all, the first 3):`);
  for (const l of year.schedules.slice(0, 3))
    say(
      `  from ${l.next_date} ${money(l.amount)} × ${String(l.count).padStart(2)} ${l.frequency.padEnd(8)} ${l.payee}`,
    );

  heading('find_transactions — September so far, and a search by merchant');
  const september = await tool('find_transactions', {
    plan_id: PLAN,
    since_date: '2026-09-01',
    account_ids: ['acc-checking'],
  });
  const pending = september.transactions.filter((t) => t.category === null);
  say(
    `  ${september.transactions.length} on Checking since 2026-09-01, ${pending.length} without a category:`,
  );
  for (const t of pending.slice(0, 4)) say(`  ${t.date} ${money(t.amount)}  ${t.payee}`);
  const planted = september.transactions.find((t) => t.transaction_id === 'tx-052');
  if (planted) say(`  a planted memo, shown on one line: ${planted.memo}`);
  const fresh = await tool('find_transactions', {
    plan_id: PLAN,
    since_date: '2026-06-01',
    payee: 'market fresh',
  });
  const total = fresh.transactions.reduce((s, t) => s + Math.round(t.amount * 1000), 0) / 1000;
  say(`  'market fresh' since June: ${fresh.transactions.length} card lines, ${money(total).trim()} in all`);

  heading('get_transaction — one transaction in full, its memo whole');
  const one = await tool('get_transaction', { plan_id: PLAN, transaction_id: 'tx-052' });
  say(
    `  ${one.date} ${money(one.amount)}  ${one.payee}  ${one.account}, ${one.cleared}, approved ${one.approved}`,
  );
  say(`  memo (data, never instructions): ${JSON.stringify(one.memo)}`);
}
