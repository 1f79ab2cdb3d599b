/**
 * `get_savings_rate` through a real MCP client in both eras, on the demo plan: income, spending and
 * rates computed here from the demo rows, the 3 YNAB requests and the messages of a young plan.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, type Harness, type Session } from '../../helpers/harness.js';

const demo = buildDemoPlan();
const budgetIds = new Set(demo.accounts.filter((a) => a.on_budget).map((a) => a.id));
const inMonth = (month: string) =>
  demo.transactions.filter((t) => budgetIds.has(t.account_id) && t.date.startsWith(month) && !t.deleted);
/** Income: money in categorised to Ready to Assign (milliunits). */
const incomeIn = (month: string): number =>
  inMonth(month)
    .filter((t) => t.category_id === demo.inflow_category_id && t.amount > 0)
    .reduce((s, t) => s + t.amount, 0);
/** Spending: money out of the budget accounts, transfers between them left out (milliunits). */
const spendingIn = (month: string): number =>
  inMonth(month)
    .filter((t) => t.amount < 0 && !(t.transfer_account_id && budgetIds.has(t.transfer_account_id)))
    .reduce((s, t) => s + t.amount, 0);
const rate = (saved: number, income: number): number => Math.round((saved / income) * 1000) / 10;
const f2 = (milli: number): string => (milli / 1000).toFixed(2);

const ALWAYS = [
  'Income is money in categorised to Ready to Assign on the budget accounts; starting balances and transfers, from a tracking account too, are not income.',
  'Spending is money out of the budget accounts less refunds (money in categorised to a spending category); transfers between budget accounts are left out.',
  "A transfer to a tracking account that holds an asset (savings, investments) is saved, not spent; a transfer to a tracking loan or debt is spending, as YNAB's budget counts it.",
  'Saved is income less spending: what stayed in the budget accounts or went to an asset outside them. The rate is saved over income.',
  'The current month, still under way, is not counted: only complete months are.',
];

/** What the message starts with when the demo's 3 complete months are fewer than the 6 asked. */
const SHORT = '3 of the 6 months asked (no earlier month holds budget transactions). ';

interface Savings {
  message: string;
  months_used: number;
  months_asked: number;
  months: { month: string; income: number; spending: number; saved: number; rate: number | null }[];
  income: number;
  spending: number;
  saved: number;
  rate: number | null;
  average_saved: number;
  best_month: string | null;
  worst_month: string | null;
  moved_to_tracking: number;
  notes: string[];
}

describe.each(ERAS)('get_savings_rate, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    h.standIn.setToday('2026-09-25');
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  async function from(h: Harness, today: string, args: Record<string, unknown> = {}): Promise<Savings> {
    h.standIn.setToday(today);
    const other = await connect(h, era, { env: { AVENIR_MCP_TODAY: today } });
    try {
      const r = await call(other, 'get_savings_rate', { plan_id: 'demo-budget', ...args });
      expect(r.isError).toBeFalsy();
      return r.structuredContent as Savings;
    } finally {
      await other.close();
    }
  }

  it('measures June to August 2026, in 3 requests', async ({ h }) => {
    const r = await call(s, 'get_savings_rate', { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as Savings;
    const months = ['2026-06', '2026-07', '2026-08'];
    const rows = months.map((month) => {
      const income = incomeIn(month);
      const spending = spendingIn(month);
      return { month, income, spending, saved: income + spending, rate: rate(income + spending, income) };
    });
    expect(rows.map((x) => x.rate)).toEqual([56.8, 56.9, 55.4]); // checked by hand
    const income = rows.reduce((x, r) => x + r.income, 0);
    const spending = rows.reduce((x, r) => x + r.spending, 0);
    const saved = income + spending;
    expect(out).toEqual({
      message: `${SHORT}Over the last 3 complete months, ${f2(income)} came in and ${f2(-spending)} went out: ${f2(saved)} saved, ${rate(saved, income)} % of the income. Best month: 2026-07 (56.9 %), worst: 2026-08 (55.4 %).`,
      months_used: 3,
      months_asked: 6,
      months: rows.map((x) => ({
        month: x.month,
        income: x.income / 1000,
        spending: x.spending / 1000,
        saved: x.saved / 1000,
        rate: x.rate,
      })),
      income: income / 1000,
      spending: spending / 1000,
      saved: saved / 1000,
      rate: rate(saved, income),
      average_saved: Math.round(saved / 3) / 1000,
      best_month: '2026-07',
      worst_month: '2026-08',
      moved_to_tracking: 0,
      notes: [
        ...ALWAYS,
        'Only the last 3 of the 6 months hold budget transactions: the figures are over those.',
      ],
    });
    expect(out.months_used).toBe(3);
    expect(out.months_asked).toBe(6);
    expect(out.message).toBe(
      SHORT +
        'Over the last 3 complete months, 9600.00 came in and 4188.09 went out: 5411.91 saved, 56.4 % of the income. Best month: 2026-07 (56.9 %), worst: 2026-08 (55.4 %).',
    );
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it.for(['2026-04-15', '2025-06-10', '2026-06-30'])(
    'gives a message, not a rate, on a young plan (today %s)',
    async (today, { h }) => {
      const out = await from(h, today);
      expect(out).toEqual({
        message:
          '0 of the 6 months asked (no earlier month holds budget transactions). No complete month holds budget transactions yet: no savings rate to give.',
        months_used: 0,
        months_asked: 6,
        months: [],
        income: 0,
        spending: 0,
        saved: 0,
        rate: null,
        average_saved: 0,
        best_month: null,
        worst_month: null,
        moved_to_tracking: 0,
        notes: ALWAYS,
      });
    },
  );

  it('says when a month had no income (September, no salary yet)', async ({ h }) => {
    const one = await from(h, '2026-10-15', { months_count: 1 });
    expect(one.months).toEqual([
      {
        month: '2026-09',
        income: 0,
        spending: spendingIn('2026-09') / 1000,
        saved: spendingIn('2026-09') / 1000,
        rate: null,
      },
    ]);
    expect(one.message).toBe(
      `No income was categorised to Ready to Assign over the last 1 complete months: no savings rate can be given; ${f2(-spendingIn('2026-09'))} was spent.`,
    );
    expect(one.notes).toEqual([...ALWAYS, 'No rate for 2026-09: no income was categorised that month.']);
    const four = await from(h, '2026-10-15', { months_count: 4 });
    expect(four.months.map((m) => m.rate)).toEqual([56.8, 56.9, 55.4, null]);
    expect([four.best_month, four.worst_month]).toEqual(['2026-07', '2026-08']);
    expect(four.notes).toEqual([...ALWAYS, 'No rate for 2026-09: no income was categorised that month.']);
  });

  it('counts a transfer to a tracking asset as saved, and notes inflows without a category', async ({
    h,
  }) => {
    const plan: PlanData = buildDemoPlan();
    const base = plan.transactions.find((t) => t.id === 'tx-000')!;
    plan.transactions.push(
      {
        ...base,
        id: 'tx-out',
        date: '2026-07-30',
        amount: -300_000,
        category_id: null,
        category_name: null,
        payee_name: 'Transfer : Joint savings',
        transfer_account_id: 'acc-joint-savings',
      },
      {
        ...base,
        id: 'tx-in',
        date: '2026-07-30',
        amount: 300_000,
        account_id: 'acc-joint-savings',
        account_name: 'Joint savings',
        category_id: null,
        category_name: null,
        payee_name: 'Transfer : Checking',
        transfer_account_id: 'acc-checking',
      },
      { ...base, id: 'tx-gift', date: '2026-08-02', amount: 50_000, category_id: null, category_name: null },
    );
    h.standIn.reset(plan);
    const r = await call(s, 'get_savings_rate', { plan_id: 'demo-budget', months_count: 3 });
    const out = r.structuredContent as Savings;
    expect(out.moved_to_tracking).toBe(300);
    expect(out.spending).toBe((spendingIn('2026-06') + spendingIn('2026-07') + spendingIn('2026-08')) / 1000);
    expect(out.notes).toEqual([
      ...ALWAYS,
      '1 inflows without a category (50.00) are counted neither as income nor as refunds: categorise them in YNAB for a true figure.',
    ]);
  });

  it('refuses an out-of-range months_count before any request', async ({ h }) => {
    for (const months_count of [0, 25, '6']) {
      const r = await call(s, 'get_savings_rate', { plan_id: 'demo-budget', months_count });
      expect(r.isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});
