/**
 * One valid call of every read tool on the demo plan (today 2026-09-25): what the interoperability
 * and Inspector runs call, so that each read answer is checked by a client other than ours.
 */
const PLAN = { plan_id: 'demo-budget' };

export const READ_CALLS: Record<string, Record<string, unknown>> = {
  list_plans: {},
  list_accounts: PLAN,
  list_category_groups: PLAN,
  list_payees: { ...PLAN, limit: 5 },
  list_scheduled_transactions: PLAN,
  find_transactions: { ...PLAN, since_date: '2026-08-01' },
  suggest_categories: PLAN,
  get_monthly_summary: PLAN,
  get_category_balances: PLAN,
  get_budget_vs_actual: PLAN,
  get_spending_trends: PLAN,
  get_underfunded_targets: PLAN,
  get_age_of_money: PLAN,
  get_money_movements: { ...PLAN, since: '2026-06-01' },
  get_net_worth_trend: PLAN,
  get_runway: PLAN,
  get_savings_rate: PLAN,
  get_debt_payoff_plan: PLAN,
  find_recurring_charges: PLAN,
  forecast_balance: { ...PLAN, until: '2026-12' },
};
