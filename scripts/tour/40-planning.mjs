// Tour section: recurring charges and the balance forecast on the demo plan,
// today 2026-09-25. Read-only: nothing changes.
export const group = 'Planning ahead: recurring charges, forecast';

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('find_recurring_charges — what is paid every month, and its yearly cost');
  const r = await tool('find_recurring_charges', { plan_id: PLAN });
  for (const c of r.charges.slice(0, 4))
    say(
      `  ${c.payee.padEnd(22)} ${money(c.monthly_amount)} a month, ${money(c.yearly_amount)} a year${c.scheduled ? '  (scheduled)' : ''}`,
    );
  say(
    `  … ${r.charges.length} in all over ${r.months_looked_at.join(', ')}: ${money(r.yearly_total).trim()} a year`,
  );

  heading('forecast_balance — the budget accounts month by month to December');
  const f = await tool('forecast_balance', { plan_id: PLAN, until: '2026-12' });
  say(`  ${f.message}`);
  say(
    `  ${f.accounts.join(' + ')} today ${money(f.start_balance).trim()}; other spending ${money(f.assumptions.variable_monthly).trim()} a month; ${f.assumptions.current_month.days_left} days left this month`,
  );
  for (const g of f.assumptions.scheduled)
    say(
      `  ${g.month}: ${g.occurrences.length} scheduled${g.yearly.length > 0 ? `, yearly: ${g.yearly.join(', ')}` : ''}`,
    );
  for (const m of f.months)
    say(
      `  ${m.month}  start ${money(m.start)}  in ${money(m.inflows)}  out ${money(m.outflows)}  lowest ${money(m.lowest)}`,
    );
  const roof = await tool('forecast_balance', {
    plan_id: PLAN,
    until: '2026-12',
    one_offs: [{ date: '2026-11-10', amount: -12000, label: 'new roof' }],
  });
  say(`  with a 12,000.00 roof on 2026-11-10: ${roof.message}`);
}
