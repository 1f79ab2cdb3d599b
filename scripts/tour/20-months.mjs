// The month tools in the printed tour (`npm run demo`): summary, balances, budget vs actual,
// spending trends, underfunded targets and Age of Money, on the demo plan with today 2026-09-25.
export const group = 'Months: summary, balances, trends, targets';

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('get_monthly_summary — the current month at a glance');
  const m = await tool('get_monthly_summary', { plan_id: PLAN });
  say(
    `  ${m.month}: income ${money(m.income).trim()}, budgeted ${money(m.budgeted).trim()}, activity ${money(m.activity).trim()}`,
  );
  say(`  Ready to Assign ${money(m.ready_to_assign).trim()}, Age of Money ${m.age_of_money ?? '—'} days`);
  for (const c of m.overspent) say(`  overspent: ${c.name} (${c.group}) ${money(c.balance).trim()}`);

  heading('get_category_balances — budgeted, spent and available per category');
  for (const c of (await tool('get_category_balances', { plan_id: PLAN })).result.slice(0, 4))
    say(`  ${c.name.padEnd(14)} ${money(c.budgeted)} ${money(c.activity)} ${money(c.balance)}`);
  say('  … (columns: budgeted, activity, available)');

  heading('get_budget_vs_actual — share of each budget spent');
  const bva = (await tool('get_budget_vs_actual', { plan_id: PLAN })).result;
  for (const c of [...bva].sort((a, b) => b.utilization_pct - a.utilization_pct).slice(0, 4))
    say(
      `  ${c.name.padEnd(14)} ${money(c.actual)} of ${money(c.budgeted)}  ${c.utilization_pct.toFixed(1)} %`,
    );

  heading('get_spending_trends — spending per category over the last 3 months');
  const trends = await tool('get_spending_trends', { plan_id: PLAN, months_count: 3 });
  say(`  ${trends.message}`);
  const cell = (n) => (n === null ? '—'.padStart(10) : money(n));
  say(
    `  ${'all'.padEnd(14)} ${trends.months.map((m) => `${m.month.slice(0, 7)}${cell(m.spent)}`).join('  ')}`,
  );
  for (const c of trends.categories.slice(0, 3))
    say(
      `  ${c.name.padEnd(14)} ${c.amounts.map((n) => `${' '.repeat(7)}${cell(n)}`).join('  ')}  average ${c.average === null ? '—' : money(c.average).trim()}`,
    );
  say(`  … the 3 that spent most of ${trends.categories_count} categories`);

  heading('get_underfunded_targets — what the targets still need this month');
  const u = await tool('get_underfunded_targets', { plan_id: PLAN, limit: 3 });
  say(`  ${u.message}`);
  for (const t of u.targets)
    say(`  ${t.urgency.padEnd(9)} ${t.name.padEnd(14)} needs ${money(t.needed).trim()}  (${t.target})`);
  if (u.more > 0) say(`  … and ${u.more} more`);

  heading('get_age_of_money — YNAB’s Age of Money month by month');
  const a = await tool('get_age_of_money', { plan_id: PLAN });
  say(`  ${a.months.map((r) => `${r.month} ${r.days ?? '—'}`).join(', ')}`);
  say(`  ${a.message}`);

  heading('get_money_movements — assignments and moves since June, and the categories topped up most');
  const mm = await tool('get_money_movements', { plan_id: PLAN, since: '2026-06-01' });
  say(`  ${mm.message}`);
  for (const t of mm.top_ups)
    say(`  ${t.date} ${money(t.amount)}  ${t.from} → ${t.category}${t.note ? `  (${t.note})` : ''}`);
}
