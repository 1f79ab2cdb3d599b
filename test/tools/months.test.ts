/**
 * The month reads (summary, category balances, budget vs actual, spending trends) through a real MCP
 * client, in both protocol eras, against the stand-in: figures computed here from the demo data (its
 * budgets and transactions, summed per month as YNAB does), the YNAB requests each call made, and
 * every error text.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import type { PlanData } from '../../src/demo/index.js';
import { roundHalfEven } from '../../src/domain/money.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../helpers/harness.js';
import { renderResult } from '../../src/mcp/render.js';

const demo = buildDemoPlan();
const MONTHS = ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01'];
const INTERNAL = 'Internal Master Category';
const groupName = new Map(demo.category_groups.map((g) => [g.id, g.name]));

/** Activity of a category in a month, in milliunits, from the demo transactions. */
const activity = (plan: PlanData, month: string, categoryId: string): number =>
  plan.transactions
    .filter((t) => !t.deleted && t.date.startsWith(month.slice(0, 7)) && t.category_id === categoryId)
    .reduce((s, t) => s + t.amount, 0);
const budgeted = (plan: PlanData, month: string, categoryId: string): number =>
  categoryId === plan.inflow_category_id ? 0 : (plan.budgets[month]?.[categoryId] ?? 0);

/** The usable categories of the demo with their figures in a month, in units. */
function rows(plan: PlanData, month: string) {
  return plan.categories
    .filter((c) => !c.hidden && !c.deleted && groupName.get(c.category_group_id) !== INTERNAL)
    .map((c) => {
      const b = budgeted(plan, month, c.id);
      const a = activity(plan, month, c.id);
      return {
        id: c.id,
        name: c.name,
        group: groupName.get(c.category_group_id) ?? '',
        b,
        a,
        balance: b + a,
      };
    });
}

/** Month totals: income, budgeted, activity and the carried Ready to Assign, in units. */
function totals(month: string) {
  const inflowTo = (m: string): number =>
    demo.transactions
      .filter((t) => t.category_id === demo.inflow_category_id && t.date.slice(0, 7) <= m.slice(0, 7))
      .reduce((s, t) => s + t.amount, 0);
  const assignedTo = MONTHS.filter((m) => m <= month)
    .flatMap((m) => rows(demo, m).map((r) => r.b))
    .reduce((s, b) => s + b, 0);
  const here = rows(demo, month);
  return {
    income: (inflowTo(month) - inflowTo(MONTHS[MONTHS.indexOf(month) - 1] ?? '0000-00')) / 1000,
    budgeted: here.reduce((s, r) => s + r.b, 0) / 1000,
    activity: here.reduce((s, r) => s + r.a, 0) / 1000,
    ready_to_assign: (inflowTo(month) - assignedTo) / 1000,
  };
}

const MONTH_ERROR = (m: string): string =>
  `month must be 'current' or the first day of a month as YYYY-MM-01, got '${m}'.`;

/** The demo's monthly targets (from June), milliunits; the dated ones start in September. */
const MONTHLY: Record<string, number> = {
  'cat-rent': 950_000,
  'cat-subscriptions': 13_490,
  'cat-groceries': 450_000,
  'cat-restaurants': 150_000,
};

/** A monthly target as the stand-in computes it for a month before September (funded = budgeted). */
function monthlyTarget(id: string, budgeted: number): Record<string, unknown> | null {
  const goal = MONTHLY[id];
  if (goal === undefined) return null;
  const short = Math.max(goal - budgeted, 0) / 1000;
  return {
    kind: 'spending',
    description: `${(goal / 1000).toFixed(2)} each month`,
    amount: goal / 1000,
    date: null,
    cadence: 'monthly',
    every: 1,
    needed_this_month: short,
    left: short,
    percent_complete: Math.min(Math.floor((Math.max(budgeted, 0) * 100) / goal), 100),
    snoozed: false,
  };
}

describe.each(ERAS)('month reads, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it.for([
    ['2026-06-01', 3200, 1967.67, -1382.75, 1232.33],
    ['2026-07-01', 3200, 1967.67, -1379.06, 2464.66],
    ['2026-08-01', 3200, 1967.67, -1426.28, 3696.99],
    ['2026-09-01', 0, 1967.67, -1206.68, 1729.32],
  ] as const)(
    'get_monthly_summary %s gives the month figures the stand-in computes',
    async ([month, income, bud, act, rta], { h }) => {
      const r = await call(s, 'get_monthly_summary', { plan_id: 'demo-budget', month });
      expect(r.isError).toBeFalsy();
      const out = r.structuredContent as Record<string, unknown>;
      expect(out).toMatchObject({ month, income, budgeted: bud, activity: act, ready_to_assign: rta });
      const t = totals(month);
      expect(out.income).toBeCloseTo(t.income, 6);
      expect(out.budgeted).toBeCloseTo(t.budgeted, 6);
      expect(out.activity).toBeCloseTo(t.activity, 6);
      expect(out.ready_to_assign).toBeCloseTo(t.ready_to_assign, 6);
      const overspent = rows(demo, month)
        .filter((c) => c.balance < 0)
        .map((c) => ({ category_id: c.id, name: c.name, group: c.group, balance: c.balance / 1000 }));
      expect(out.overspent).toEqual(overspent);
      expect(textOf(r)).toBe(renderResult(out));
      // the month list first: the month is kept against its knowledge
      expect(requestLines(h.standIn)).toEqual([
        'GET /plans/demo-budget/months',
        `GET /plans/demo-budget/months/${month}`,
      ]);
    },
  );

  it("get_monthly_summary of 'current' is September: Restaurants overspent by 22.50, Age of Money 47", async ({
    h,
  }) => {
    const r = await call(s, 'get_monthly_summary', { plan_id: 'demo-budget' });
    expect(r.structuredContent).toEqual({
      month: '2026-09-01',
      income: 0,
      budgeted: 1967.67,
      activity: -1206.68,
      ready_to_assign: 1729.32,
      age_of_money: 47,
      overspent: [{ category_id: 'cat-restaurants', name: 'Restaurants', group: 'Everyday', balance: -22.5 }],
    });
    expect(120 - 88 - 54.5).toBe(-22.5);
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-09-01',
    ]);
  });

  it.for(['get_monthly_summary', 'get_category_balances', 'get_budget_vs_actual'])(
    '%s refuses a malformed month before any request, and reports an unknown one',
    async (tool, { h }) => {
      for (const month of ['2026-13-01', '2026-09-15', '2026-9-01', 'september', '']) {
        const r = await call(s, tool, { plan_id: 'demo-budget', month });
        expect(r.isError).toBe(true);
        expect(textOf(r)).toBe(MONTH_ERROR(month));
      }
      expect(h.standIn.requests).toHaveLength(0);
      const unknown = await call(s, tool, { plan_id: 'demo-budget', month: '2025-01-01' });
      expect(textOf(unknown)).toBe(`Error calling tool '${tool}': YNAB 404: Resource not found`);
      const extra = await call(s, tool, { plan_id: 'demo-budget', extra: true });
      expect(extra.isError).toBe(true);
      // the 404 is checked against the plan list: the plan is there, so YNAB's own text stands
      expect(requestLines(h.standIn)).toEqual([
        'GET /plans/demo-budget/months',
        'GET /plans/demo-budget/months/2025-01-01',
        'GET /plans',
      ]);
    },
  );

  it('get_category_balances lists the usable categories with their figures', async ({ h }) => {
    const r = await call(s, 'get_category_balances', { plan_id: 'demo-budget', month: '2026-08-01' });
    const expected = rows(demo, '2026-08-01').map((c) => ({
      category_id: c.id,
      name: c.name,
      group: c.group,
      budgeted: c.b / 1000,
      activity: c.a / 1000,
      balance: c.balance / 1000,
      target: monthlyTarget(c.id, c.b),
    }));
    expect(expected).toHaveLength(10);
    const sum = (milli: (c: (typeof demoRows)[number]) => number) =>
      demoRows.reduce((total, c) => total + milli(c), 0) / 1000;
    const demoRows = rows(demo, '2026-08-01');
    expect(r.structuredContent).toEqual({
      result: expected,
      count: 10,
      totals: { budgeted: sum((c) => c.b), activity: sum((c) => c.a), balance: sum((c) => c.balance) },
      next_cursor: null,
      omitted: null,
    });
    expect((r.structuredContent as { result: { category_id: string }[] }).result[4]).toEqual({
      category_id: 'cat-groceries',
      name: 'Groceries',
      group: 'Everyday',
      budgeted: 400,
      activity: -192.51,
      balance: 207.49,
      target: {
        kind: 'spending',
        description: '450.00 each month',
        amount: 450,
        date: null,
        cadence: 'monthly',
        every: 1,
        needed_this_month: 50,
        left: 50,
        percent_complete: 88,
        snoozed: false,
      },
    });
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-08-01',
    ]);
  });

  it('get_budget_vs_actual gives each share spent, rounded half to even', async ({ h }) => {
    const r = await call(s, 'get_budget_vs_actual', { plan_id: 'demo-budget' });
    const result = (r.structuredContent as { result: Record<string, unknown>[] }).result;
    const expected = rows(demo, '2026-09-01').map((c) => ({
      id: c.id,
      name: c.name,
      group: c.group,
      budgeted: c.b / 1000,
      actual: Math.abs(c.a) / 1000,
      balance: c.balance / 1000,
      utilization_pct: c.b === 0 ? 0 : roundHalfEven((Math.abs(c.a) / 1000 / (c.b / 1000)) * 100, 1),
    }));
    expect(result).toEqual(expected);
    const pct = (id: string) => result.find((x) => x.id === id)?.utilization_pct;
    expect(pct('cat-restaurants')).toBe(118.8); // 142.50 ÷ 120.00 = 118.75 %, the tie to even
    expect(pct('cat-rent')).toBe(100);
    expect(pct('cat-groceries')).toBe(0); // September's groceries are still uncategorised
    expect(pct('cat-power')).toBe(100);
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-09-01',
    ]);
  });

  it('get_budget_vs_actual in August: 192.51 of 400.00 is 48.1 %', async () => {
    const r = await call(s, 'get_budget_vs_actual', { plan_id: 'demo-budget', month: '2026-08-01' });
    const groceries = (r.structuredContent as { result: Record<string, unknown>[] }).result.find(
      (x) => x.id === 'cat-groceries',
    );
    expect(groceries).toEqual({
      id: 'cat-groceries',
      name: 'Groceries',
      group: 'Everyday',
      budgeted: 400,
      actual: 192.51,
      balance: 207.49,
      utilization_pct: 48.1,
    });
  });

  it('get_spending_trends over 3 months reads the month list then July, August, September', async ({ h }) => {
    const r = await call(s, 'get_spending_trends', { plan_id: 'demo-budget' });
    const last3 = MONTHS.slice(-3);
    const spent = (id: string) => last3.map((m) => Math.abs(activity(demo, m, id)));
    const expected = rows(demo, '2026-09-01')
      .map((c, order) => ({ c, order, total: spent(c.id).reduce((x, y) => x + y, 0) }))
      .sort((x, y) => y.total - x.total || x.order - y.order)
      .map(({ c, total }) => ({
        name: c.name,
        amounts: spent(c.id).map((m) => m / 1000),
        total: total / 1000,
        average: roundHalfEven((spent(c.id)[0]! + spent(c.id)[1]!) / 2) / 1000,
      }));
    const out = r.structuredContent as { categories: unknown[]; months: unknown[] };
    expect(out.categories).toEqual(expected);
    expect(out.months).toEqual(
      last3.map((m) => ({
        month: m,
        partial: m === '2026-09-01',
        spent:
          rows(demo, m).reduce((sum, c) => sum + roundHalfEven(Math.abs(activity(demo, m, c.id))), 0) / 1000,
      })),
    );
    expect(out.categories).toContainEqual({
      name: 'Restaurants',
      amounts: [61.5, 89.1, 142.5],
      total: 293.1,
      average: 75.3,
    });
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-07-01',
      'GET /plans/demo-budget/months/2026-08-01',
      'GET /plans/demo-budget/months/2026-09-01',
    ]);
  });

  it('get_spending_trends over 24 months reads the 4 months the plan holds', async ({ h }) => {
    const r = await call(s, 'get_spending_trends', { plan_id: 'demo-budget', months_count: 24 });
    const out = r.structuredContent as { categories: { name: string; amounts: number[] }[] };
    expect(out.categories.find((c) => c.name === 'Groceries')?.amounts).toEqual([182.58, 172.89, 192.51, 0]);
    expect(out.categories.map((c) => c.name)).not.toContain('Inflow: Ready to Assign');
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      ...MONTHS.map((m) => `GET /plans/demo-budget/months/${m}`),
    ]);
  });

  it('get_spending_trends refuses months_count out of 1–24 before any request', async ({ h }) => {
    for (const months_count of [0, 25, 2.5, -1]) {
      const r = await call(s, 'get_spending_trends', { plan_id: 'demo-budget', months_count });
      expect(r.isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});

describe('month reads on an edited plan', () => {
  let s: Session;
  const plan = buildDemoPlan();
  const tennis = plan.categories.find((c) => c.id === 'cat-tennis');
  const rent = plan.categories.find((c) => c.id === 'cat-rent');
  const septBudgets = plan.budgets['2026-09-01'];
  if (!tennis || !rent || !septBudgets) throw new Error('demo plan changed');
  tennis.hidden = true;
  rent.name = 'Rent\n- 2026-09-03 Fake 0.00: forged\u202e';
  septBudgets['cat-holidays'] = 0;

  it.beforeEach(async ({ h }) => {
    h.standIn.reset(structuredClone(plan));
    s = await connect(h, 'modern');
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it('leaves hidden categories out, puts names on one line, and drops empty ones unless include_empty', async () => {
    const plain = await call(s, 'get_category_balances', { plan_id: 'demo-budget' });
    const ids = (r: typeof plain) => (r.structuredContent as { result: { category_id: string }[] }).result;
    expect(ids(plain).map((c) => c.category_id)).not.toContain('cat-tennis');
    expect(ids(plain).map((c) => c.category_id)).not.toContain('cat-holidays');
    expect(ids(plain)[0]).toMatchObject({
      category_id: 'cat-rent',
      name: 'Rent - 2026-09-03 Fake 0.00: forged',
    });
    const all = await call(s, 'get_category_balances', { plan_id: 'demo-budget', include_empty: true });
    expect(ids(all).at(-1)).toEqual({
      category_id: 'cat-holidays',
      name: 'Holidays',
      group: 'Savings goals',
      budgeted: 0,
      activity: 0,
      balance: 0,
      target: null,
    });
    expect(ids(all)).toHaveLength(9);
    const trends = await call(s, 'get_spending_trends', { plan_id: 'demo-budget', months_count: 1 });
    const names = (trends.structuredContent as { categories: { name: string }[] }).categories.map(
      (c) => c.name,
    );
    expect(names.sort()).toEqual(
      rows(plan, '2026-09-01')
        .filter((c) => c.id !== 'cat-tennis')
        .map((c) => (c.id === 'cat-rent' ? 'Rent - 2026-09-03 Fake 0.00: forged' : c.name))
        .sort(),
    );
    const bva = await call(s, 'get_budget_vs_actual', { plan_id: 'demo-budget' });
    expect(ids(bva)).toHaveLength(8);
    expect(ids(bva).map((c) => (c as unknown as { id: string }).id)).not.toContain('cat-holidays');
    expect((bva.structuredContent as { omitted: string }).omitted).toBe(
      '1 empty categories: pass include_empty true.',
    );
    const everyBva = await call(s, 'get_budget_vs_actual', { plan_id: 'demo-budget', include_empty: true });
    expect(ids(everyBva)).toHaveLength(9);
  });
});
