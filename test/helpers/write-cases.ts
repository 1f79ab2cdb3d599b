/**
 * The confirmed writes of the tools other than the budget ones (CASES), each with arguments the demo
 * plan takes, the YNAB request it sends, and how the stand-in shows what it changed: the rows of the
 * outcome tables (test/tools/outcomes-writes.test.ts, test/tools/late-answers.test.ts); and the
 * budget writes with their late request (BUDGET_CASES).
 */
import type { PlanState } from '../../src/demo/plan-data.js';
import { HOLIDAYS, RESTAURANTS } from './move.js';
export const PLAN = '/plans/demo-budget';
export const TX = `${PLAN}/transactions`;
const tx = (s: PlanState, id: string) => s.transactions.find((t) => t.id === id);
const created = (s: PlanState, amount: number, date: string) =>
  s.transactions.filter(
    (t) => !t.deleted && t.amount === amount && t.date === date && t.account_id === 'acc-checking',
  ).length;

export interface Case {
  tool: string;
  args: Record<string, unknown>;
  route: { method: string; path: string };
  /** What the write changes, as the stand-in holds it. */
  held: (s: PlanState) => unknown;
  after: unknown;
  /** The journal kind of the applied write, or null when it is not journaled. */
  kind: string | null;
  /**
   * A field the stand-in then ignores (or a 200 answer showing the old value): the status, the text
   * naming it, and what is held (default: as before).
   */
  ignore?: {
    field?: string;
    body?: (s: PlanState) => unknown;
    status: string;
    names: string;
    held?: unknown;
  };
}

export const CASES: Case[] = [
  {
    tool: 'flag_transactions',
    args: { flags: [{ transaction_id: 'tx-046', color: 'red' }] },
    route: { method: 'PATCH', path: TX },
    held: (s) => tx(s, 'tx-046')?.flag_color ?? null,
    after: 'red',
    kind: 'flag',
    ignore: { field: 'flag_color', status: 'not_applied', names: 'transaction tx-046 unchanged' },
  },
  {
    tool: 'update_transactions',
    args: { transactions: [{ transaction_id: 'tx-046', memo: 'checked', flag_color: 'blue' }] },
    route: { method: 'PATCH', path: TX },
    held: (s) => [tx(s, 'tx-046')?.memo ?? null, tx(s, 'tx-046')?.flag_color ?? null],
    after: ['checked', 'blue'],
    kind: 'edit',
    ignore: {
      field: 'memo',
      status: 'partial',
      names: "YNAB did not take memo of transaction tx-046 (YNAB holds none, not 'checked')",
      held: [null, 'blue'],
    },
  },
  {
    tool: 'apply_categories',
    args: { assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }] },
    route: { method: 'PATCH', path: TX },
    held: (s) => tx(s, 'tx-046')?.category_id ?? null,
    after: 'cat-groceries',
    kind: 'categorize',
    ignore: { field: 'category_id', status: 'not_applied', names: 'tx-046 unchanged' },
  },
  {
    tool: 'split_transaction',
    args: {
      transaction_id: 'tx-053',
      lines: [
        { amount: -5, category_id: 'cat-groceries' },
        { amount: -3.4, category_id: 'cat-restaurants' },
      ],
    },
    route: { method: 'PATCH', path: TX },
    held: (s) => (tx(s, 'tx-053')?.subtransactions ?? []).map((l) => l.category_id),
    after: ['cat-groceries', 'cat-restaurants'],
    kind: null,
  },
  {
    tool: 'apply_itemization',
    args: {
      splits: [
        {
          transaction_id: 'tx-053',
          lines: [
            { amount: -5, category_id: 'cat-groceries', memo: 'Bread' },
            { amount: -3.4, category_id: 'cat-restaurants', memo: 'Coffee' },
          ],
        },
      ],
      categories: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    },
    route: { method: 'PATCH', path: TX },
    // what its undo reverts: the category change (the split stays; its own test holds it)
    held: (s) => tx(s, 'tx-046')?.category_id ?? null,
    after: 'cat-groceries',
    kind: 'categorize',
  },
  {
    tool: 'rename_payee',
    args: { payee_id: 'pay-013', name: 'Market Fresh' },
    route: { method: 'PATCH', path: `${PLAN}/payees/pay-013` },
    held: (s) => s.payees.find((p) => p.id === 'pay-013')?.name,
    after: 'Market Fresh',
    kind: 'payee',
    ignore: {
      body: (s) => ({ payee: s.payees.find((p) => p.id === 'pay-013') }),
      status: 'not_applied',
      names: 'YNAB answered, but holds none of the change: payee pay-013 unchanged.',
    },
  },
  {
    tool: 'update_category',
    args: { category_id: 'cat-phone', name: 'Mobile', category_group_id: 'grp-everyday' },
    route: { method: 'PATCH', path: `${PLAN}/categories/cat-phone` },
    held: (s) => {
      const c = s.categories.find((x) => x.id === 'cat-phone');
      return [c?.name, c?.category_group_id];
    },
    after: ['Mobile', 'grp-everyday'],
    kind: null,
    ignore: {
      field: 'name',
      status: 'partial',
      names: "YNAB did not take name of category cat-phone (YNAB holds 'Phone', not 'Mobile')",
      held: ['Phone', 'grp-everyday'],
    },
  },
  {
    tool: 'set_category_target',
    args: { category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' },
    route: { method: 'PATCH', path: `${PLAN}/categories/cat-holidays` },
    held: (s) => s.categories.find((x) => x.id === 'cat-holidays')?.target?.goal_target,
    after: 1_200_000,
    kind: 'target',
  },
  {
    tool: 'create_category',
    args: { category_group_id: 'grp-everyday', name: 'Climbing' },
    route: { method: 'POST', path: `${PLAN}/categories` },
    held: (s) => s.categories.filter((c) => c.name === 'Climbing').length,
    after: 1,
    kind: null,
  },
  {
    tool: 'create_transactions',
    args: {
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-24', amount: -12.5, payee_name: 'Bakery', memo: 'bread' }],
    },
    route: { method: 'POST', path: TX },
    held: (s) => created(s, -12_500, '2026-09-24'),
    after: 1,
    kind: 'create',
    ignore: {
      field: 'memo',
      status: 'partial',
      names: "memo of the new transaction of 2026-09-24 for -12.50 (YNAB holds none, not 'bread')",
      held: 1,
    },
  },
  {
    tool: 'create_transfer',
    args: { from_account_id: 'acc-checking', to_account_id: 'acc-savings', amount: 211, date: '2026-09-25' },
    route: { method: 'POST', path: TX },
    held: (s) => created(s, -211_000, '2026-09-25'),
    after: 1,
    kind: 'transfer',
  },
  {
    tool: 'delete_transactions',
    args: { transaction_ids: ['tx-046'] },
    route: { method: 'DELETE', path: `${TX}/tx-046` },
    held: (s) => tx(s, 'tx-046')?.deleted,
    after: true,
    kind: 'delete',
  },
  {
    tool: 'create_scheduled_transaction',
    args: {
      account_id: 'acc-checking',
      date: '2026-10-01',
      frequency: 'monthly',
      amount: -35,
      payee_name: 'GYM CLUB',
      category_id: 'cat-tennis',
    },
    route: { method: 'POST', path: `${PLAN}/scheduled_transactions` },
    held: (s) => s.scheduled_transactions.filter((x) => !x.deleted && x.amount === -35_000).length,
    after: 1,
    kind: 'schedule_create',
    ignore: {
      field: 'category_id',
      status: 'partial',
      names:
        "category_id of the new scheduled transaction of 2026-10-01 for -35.00 (YNAB holds none, not 'cat-tennis')",
      held: 1,
    },
  },
  {
    tool: 'update_scheduled_transaction',
    args: { scheduled_transaction_id: 'sch-rent', amount: -980, memo: 'new lease' },
    route: { method: 'PUT', path: `${PLAN}/scheduled_transactions/sch-rent` },
    held: (s) => {
      const x = s.scheduled_transactions.find((r) => r.id === 'sch-rent');
      return [x?.amount, x?.memo ?? null];
    },
    after: [-980_000, 'new lease'],
    kind: 'schedule_update',
    ignore: {
      field: 'memo',
      status: 'partial',
      names: "YNAB did not take memo of scheduled transaction sch-rent (YNAB holds none, not 'new lease')",
      held: [-980_000, null],
    },
  },
  {
    tool: 'delete_scheduled_transaction',
    args: { scheduled_transaction_id: 'sch-rent' },
    route: { method: 'DELETE', path: `${PLAN}/scheduled_transactions/sch-rent` },
    held: (s) => s.scheduled_transactions.find((r) => r.id === 'sch-rent')?.deleted,
    after: true,
    kind: 'schedule_delete',
  },
];

/** Restaurants' budgeted amount in the demo plan's September (milliunits). */
export const restaurants = (s: PlanState) => s.budgets['2026-09-01']?.['cat-restaurants'];
/** A move of 10.00 from Holidays to Restaurants in the demo plan's September. */
const MOVE_TEN = {
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 10,
};

/**
 * The budget writes, each with its late request: the budget, a move's target (the source changed
 * already) and a move's source (the target never sent; the source alone journaled).
 */
export const BUDGET_CASES: Case[] = [
  {
    tool: 'set_category_budget',
    args: { month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 },
    route: { method: 'PATCH', path: RESTAURANTS },
    held: restaurants,
    after: 150_000,
    kind: 'budget',
  },
  {
    // the target's write is the late one: the source has changed already
    tool: 'move_money',
    args: MOVE_TEN,
    route: { method: 'PATCH', path: RESTAURANTS },
    held: restaurants,
    after: 130_000,
    kind: 'move',
  },
  {
    // the source's write is the late one: the target is never sent, and the source alone is journaled
    tool: 'move_money',
    args: MOVE_TEN,
    route: { method: 'PATCH', path: HOLIDAYS },
    held: (s) => [s.budgets['2026-09-01']?.['cat-holidays'], restaurants(s)],
    after: [190_000, 120_000],
    kind: 'budget',
  },
];
