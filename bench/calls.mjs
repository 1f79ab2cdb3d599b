// The read tools the benchmark measures, with realistic arguments on the heavy plan (shared by run.mjs
// and one-tool.mjs).
import { HEAVY_PLAN_ID as PLAN, HEAVY_TODAY } from './heavy-plan.mjs';

/** A bank statement of a few lines of the heavy plan's main checking account (compare_statement). */
export const BENCH_STATEMENT = [
  'Date,Description,Amount',
  '2026-09-02,CB MERCHANT 042,-42.50',
  '2026-09-05,CB MERCHANT 007,-12.00',
  '2026-09-15,VIR EMPLOYER,2100.00',
  '2026-09-24,FRAIS TENUE DE COMPTE,-7.90',
].join('\n');

/** An order export of a few lines, shipments of the heavy plan's main checking account (match_orders). */
export const BENCH_ORDERS = [
  'Order ID,Order Date,Ship Date,Item,Price,Quantity',
  'A-1,2026-09-01,2026-09-02,Bread,12.50,1',
  'A-1,2026-09-01,2026-09-02,Tennis balls,30.00,1',
  'A-2,2026-09-04,2026-09-05,Notebook,6.00,2',
].join('\n');

/** A receipt of a charge of the heavy plan's main checking account (itemize_transaction). */
export const BENCH_RECEIPT = {
  merchant: 'MERCHANT 042',
  date: '2026-09-02',
  total: 42.5,
  lines: [
    { text: 'Bread', amount: 12.5 },
    { text: 'Tennis balls', amount: 30 },
  ],
};

/** The read tools with realistic arguments on the heavy plan. */
export const CALLS = [
  ['list_plans', {}],
  ['get_digest', { plan_id: PLAN }],
  ['get_changes', { plan_id: PLAN }],
  ['list_accounts', { plan_id: PLAN }],
  ['compare_statement', { plan_id: PLAN, account_id: 'acc-01', statement: BENCH_STATEMENT }],
  ['list_category_groups', { plan_id: PLAN }],
  ['list_payees', { plan_id: PLAN, limit: 50 }],
  ['list_scheduled_transactions', { plan_id: PLAN, since_date: HEAVY_TODAY, until_date: '2026-10-25' }],
  ['find_transactions', { plan_id: PLAN, since_date: '2026-03-01', payee: 'MERCHANT 042', limit: 50 }],
  ['get_transaction', { plan_id: PLAN, transaction_id: 'tx-000100' }],
  ['suggest_categories', { plan_id: PLAN, limit: 50 }],
  ['itemize_transaction', { plan_id: PLAN, ...BENCH_RECEIPT }],
  ['match_orders', { plan_id: PLAN, account_id: 'acc-01', orders: BENCH_ORDERS }],
  ['list_rules', { plan_id: PLAN }],
  ['get_monthly_summary', { plan_id: PLAN, month: 'current' }],
  ['get_category_balances', { plan_id: PLAN, month: '2026-08-01' }],
  ['get_budget_vs_actual', { plan_id: PLAN, month: '2026-08-01' }],
  ['get_spending_trends', { plan_id: PLAN, months_count: 6 }],
  ['get_underfunded_targets', { plan_id: PLAN, month: 'current' }],
  ['get_age_of_money', { plan_id: PLAN, months_count: 12 }],
  ['get_net_worth_trend', { plan_id: PLAN, months_count: 24 }],
  ['get_runway', { plan_id: PLAN, months_count: 6, essential_groups: ['Housing', 'Utilities', 'Food'] }],
  ['get_savings_rate', { plan_id: PLAN, months_count: 12 }],
  ['get_debt_payoff_plan', { plan_id: PLAN, strategy: 'both' }],
  ['find_recurring_charges', { plan_id: PLAN, include_income: true }],
  ['forecast_balance', { plan_id: PLAN, until: '2027-03' }],
];

/**
 * A scripted conversation of 20 typical calls, back to back in one server process, as a model makes
 * them while it answers a few questions about the month: what a conversation costs in YNAB requests.
 */
export const CONVERSATION = [
  ['list_plans', {}],
  ['list_accounts', { plan_id: PLAN }],
  ['get_monthly_summary', { plan_id: PLAN, month: 'current' }],
  ['get_category_balances', { plan_id: PLAN, month: 'current' }],
  ['get_budget_vs_actual', { plan_id: PLAN, month: 'current' }],
  ['get_spending_trends', { plan_id: PLAN, months_count: 6 }],
  ['find_transactions', { plan_id: PLAN, since_date: '2026-09-01', limit: 50 }],
  ['find_transactions', { plan_id: PLAN, since_date: '2026-03-01', payee: 'MERCHANT 042', limit: 50 }],
  ['get_underfunded_targets', { plan_id: PLAN, month: 'current' }],
  ['list_scheduled_transactions', { plan_id: PLAN, since_date: HEAVY_TODAY, until_date: '2026-10-25' }],
  ['forecast_balance', { plan_id: PLAN, until: '2027-03' }],
  ['get_monthly_summary', { plan_id: PLAN, month: '2026-08-01' }],
  ['get_category_balances', { plan_id: PLAN, month: '2026-08-01' }],
  ['suggest_categories', { plan_id: PLAN, limit: 20 }],
  ['get_age_of_money', { plan_id: PLAN, months_count: 12 }],
  ['get_net_worth_trend', { plan_id: PLAN, months_count: 24 }],
  ['get_savings_rate', { plan_id: PLAN, months_count: 12 }],
  ['find_recurring_charges', { plan_id: PLAN, include_income: true }],
  ['list_accounts', { plan_id: PLAN }],
  ['get_spending_trends', { plan_id: PLAN, months_count: 6 }],
];

/** The same arguments asking for a fresh read (a tool without a plan takes none: it is never kept). */
export const withFresh = (args) => ('plan_id' in args ? { ...args, fresh: true } : args);
