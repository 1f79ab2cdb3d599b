// Tour section: the wealth analytics (net worth, runway, savings rate, debt payoff) on the demo plan.
export const group = 'Wealth: net worth, runway, savings, debts';

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('get_net_worth_trend — assets, debts and net worth at each month end');
  const worth = await tool('get_net_worth_trend', { plan_id: PLAN, months_count: 3 });
  for (const m of worth.months)
    say(
      `  ${m.month.slice(0, 7)}  assets ${money(m.assets)}  debts ${money(m.debts)}  net ${money(m.net_worth)}`,
    );
  say(`  change over the period: ${worth.change.toFixed(2)}; accounts: ${worth.accounts.join(', ')}`);

  heading('get_runway — how long the money would last without income');
  const runway = await tool('get_runway', { plan_id: PLAN, essential_groups: ['Bills', 'Everyday'] });
  say(`  ${runway.message}`);
  say(
    `  counted: ${runway.accounts.map((a) => `${a.name} ${a.balance.toFixed(2)}`).join(', ')}; left out: ${runway.left_out.join(', ')}`,
  );

  heading('get_savings_rate — income kept, month by month');
  const savings = await tool('get_savings_rate', { plan_id: PLAN });
  for (const m of savings.months)
    say(
      `  ${m.month}  income ${money(m.income)}  spending ${money(m.spending)}  saved ${money(m.saved)}  ${m.rate} %`,
    );
  say(`  ${savings.message}`);

  heading('get_debt_payoff_plan — when the debts are paid off');
  const payoff = await tool('get_debt_payoff_plan', { plan_id: PLAN });
  say(`  ${payoff.message}`);
  const faster = await tool('get_debt_payoff_plan', {
    plan_id: PLAN,
    monthly_budget: 800,
    strategy: 'avalanche',
  });
  const plan = faster.plans[0];
  say(
    `  At 800.00 a month instead: debt-free in ${plan.months_to_debt_free} months (${plan.debt_free_month}), ${plan.total_interest.toFixed(2)} of interest.`,
  );
}
