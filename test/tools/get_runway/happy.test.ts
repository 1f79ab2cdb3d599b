/**
 * `get_runway` through a real MCP client in both eras, on the demo plan: figures computed here from
 * the demo rows, the 2–3 YNAB requests, the young-plan message and the unknown-group error.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../../helpers/harness.js';

const demo = buildDemoPlan();
const balance = (id: string): number =>
  demo.transactions.filter((t) => t.account_id === id && !t.deleted).reduce((s, t) => s + t.amount, 0);
const budgetIds = new Set(demo.accounts.filter((a) => a.on_budget).map((a) => a.id));
const kept = new Set([...budgetIds, 'acc-joint-savings', 'acc-former-bank']); // tracking assets
const groupOf = new Map(demo.categories.map((c) => [c.id, c.category_group_id]));

/** Money out of the budget accounts in a `YYYY-MM` month, transfers to kept accounts left out (milliunits). */
function spentIn(month: string, groups?: Set<string>): number {
  return demo.transactions
    .filter((t) => budgetIds.has(t.account_id) && t.date.startsWith(month) && t.amount < 0)
    .filter((t) => !t.transfer_account_id || !kept.has(t.transfer_account_id))
    .filter((t) => !groups || (t.category_id !== null && groups.has(groupOf.get(t.category_id) ?? '')))
    .reduce((s, t) => s + t.amount, 0);
}
const inMonthOf = (month: string) =>
  demo.transactions.filter((t) => budgetIds.has(t.account_id) && t.date.startsWith(month));
const f2 = (milli: number): string => (milli / 1000).toFixed(2);

const ALWAYS = [
  'No income is assumed: the runway is how long the money would last if nothing came in.',
  'Spending is the past average of money out of the budget accounts; refunds and other money in are not deducted, transfers between budget accounts are left out, and transfers to a tracking loan or debt (a loan payment, say) count as spending.',
  'A transfer to a tracking account that holds an asset (savings, investments) is not spending: that money is still yours, as get_savings_rate counts it.',
  'Tracking accounts are not counted as money available: investments and loans outside the budget are listed in left_out.',
  'The past is no promise: yearly bills, holidays or a job search change the pace.',
  'The current month, still under way, is not counted: only complete months are.',
];

interface Runway {
  message: string;
  liquid: number;
  owed_on_cards: number;
  spending: { monthly_spending: number; runway_months: number | null };
  essential: { monthly_spending: number; runway_months: number | null } | null;
  essential_groups: string[];
  months: string[];
  accounts: { name: string; type: string; balance: number }[];
  left_out: string[];
  notes: string[];
}

describe.each(ERAS)('get_runway, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    h.standIn.setToday('2026-09-25');
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const months = ['2026-06', '2026-07', '2026-08'];
  const liquid = balance('acc-checking') + balance('acc-savings');

  it('averages the complete months that hold budget transactions, in 2 requests', async ({ h }) => {
    const r = await call(s, 'get_runway', { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as Runway;
    const total = months.reduce((sum, m) => sum + spentIn(m), 0);
    const average = Math.round(total / 3);
    const runway = Math.round((liquid / -average) * 10) / 10;
    expect([average, liquid, runway]).toEqual([-1_396_030, 3_928_500, 2.8]); // the figures, checked by hand
    expect(textOf(r).split('\n')[0]).toBe(`message: ${out.message}`);
    expect(out).toEqual({
      message: `3 of the 6 months asked (no earlier month holds budget transactions). At the average spending of the last 3 complete months, ${f2(-average)} a month, the ${f2(liquid)} available would last ${runway.toFixed(1)} months.`,
      months_used: 3,
      months_asked: 6,
      liquid: liquid / 1000,
      owed_on_cards: 0,
      spending: { monthly_spending: average / 1000, runway_months: runway },
      essential: null,
      essential_groups: [],
      months,
      accounts: [
        { name: 'Checking', type: 'checking', balance: balance('acc-checking') / 1000 },
        { name: 'Savings', type: 'savings', balance: balance('acc-savings') / 1000 },
      ],
      left_out: ['Joint savings', 'Car loan'],
      notes: [
        ...ALWAYS,
        'Only the last 3 of the 6 months hold budget transactions: the average is over those.',
      ],
    });
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it('adds the essential runway: categories first, 3 requests', async ({ h }) => {
    const r = await call(s, 'get_runway', {
      plan_id: 'demo-budget',
      essential_groups: [' bills ', 'grp-everyday', 'Bills'],
      months_count: 2,
    });
    const out = r.structuredContent as Runway;
    const two = ['2026-07', '2026-08'];
    const essentialGroups = new Set(['grp-bills', 'grp-everyday']);
    const average = Math.round(two.reduce((sum, m) => sum + spentIn(m), 0) / 2);
    const vital = Math.round(two.reduce((sum, m) => sum + spentIn(m, essentialGroups), 0) / 2);
    const lasts = (a: number): number => Math.round((liquid / -a) * 10) / 10;
    expect(out.essential_groups).toEqual(['Bills', 'Everyday']);
    expect(out.months).toEqual(two);
    expect(out.essential).toEqual({ monthly_spending: vital / 1000, runway_months: lasts(vital) });
    expect(out.message).toBe(
      `At the average spending of the last 2 complete months, ${f2(-average)} a month, the ${f2(liquid)} available would last ${lasts(average).toFixed(1)} months. On essential spending alone, ${f2(-vital)} a month: ${lasts(vital).toFixed(1)} months.`,
    );
    expect(out.notes).toEqual(ALWAYS);
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it('refuses unknown groups after the categories read alone, listing the groups', async ({ h }) => {
    const r = await call(s, 'get_runway', {
      plan_id: 'demo-budget',
      essential_groups: ['Bills', ' Food\n', "L'Épicerie", 'Internal Master Category'],
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      `Unknown category group(s) 'Food', "L'Épicerie", 'Internal Master Category': give names or ids of this plan's groups, as list_category_groups shows them: Bills, Everyday, Fun, Savings goals.`,
    );
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/categories']);
  });

  it('finds a hidden group, and leaves out the lines of a deleted category', async ({ h }) => {
    const plan: PlanData = buildDemoPlan();
    plan.category_groups.find((g) => g.id === 'grp-fun')!.hidden = true;
    plan.categories.find((c) => c.id === 'cat-tennis')!.deleted = true;
    h.standIn.reset(plan);
    const r = await call(s, 'get_runway', { plan_id: 'demo-budget', essential_groups: ['FUN'] });
    const out = r.structuredContent as Runway;
    const subscriptions = months.reduce(
      (x, m) =>
        x +
        inMonthOf(m)
          .filter((t) => t.category_id === 'cat-subscriptions')
          .reduce((y, t) => y + t.amount, 0),
      0,
    );
    expect(out.essential_groups).toEqual(['Fun']);
    expect(out.essential?.monthly_spending).toBe(Math.round(subscriptions / 3) / 1000);
    expect(out.essential?.monthly_spending).toBe(-13.49);
  });

  it('leaves the savings accounts out when asked', async () => {
    const r = await call(s, 'get_runway', { plan_id: 'demo-budget', include_savings: false });
    const out = r.structuredContent as Runway;
    expect(out.liquid).toBe(balance('acc-checking') / 1000);
    expect(out.accounts.map((a) => a.name)).toEqual(['Checking']);
    expect(out.left_out).toEqual(['Savings', 'Joint savings', 'Car loan']);
    // The transfers to Savings are still not spending.
    expect(out.spending.monthly_spending).toBe(
      Math.round(months.reduce((x, m) => x + spentIn(m), 0) / 3) / 1000,
    );
    expect(out.notes.slice(ALWAYS.length)).toEqual([
      'Savings accounts were left out of the money available, as asked.',
      'Only the last 3 of the 6 months hold budget transactions: the average is over those.',
    ]);
  });

  it.for<[string, string[]]>([
    ['2026-04-15', []],
    ['2025-06-10', []],
    ['2026-06-30', []],
    ['2026-08-15', ['2026-06', '2026-07']],
  ])('from today %s, a young plan averages only the months it has', async ([today, measured], { h }) => {
    h.standIn.setToday(today);
    const other = await connect(h, era, { env: { AVENIR_MCP_TODAY: today } });
    try {
      const r = await call(other, 'get_runway', { plan_id: 'demo-budget' });
      const out = r.structuredContent as Runway;
      expect(out.months).toEqual(measured);
      expect(out).toMatchObject({ months_used: measured.length, months_asked: 6 });
      if (measured.length === 0) {
        expect(out.message).toBe(
          `0 of the 6 months asked (no earlier month holds budget transactions). No complete month of spending to average yet: no runway can be given for the ${f2(liquid)} available.`,
        );
        expect(out.spending).toEqual({ monthly_spending: 0, runway_months: null });
        expect(out.notes).toEqual(ALWAYS);
      } else {
        const average = Math.round(measured.reduce((x, m) => x + spentIn(m), 0) / measured.length);
        expect(out.spending.monthly_spending).toBe(average / 1000);
        expect(out.notes.at(-1)).toBe(
          `Only the last ${measured.length} of the 6 months hold budget transactions: the average is over those.`,
        );
      }
    } finally {
      await other.close();
    }
  });

  it('subtracts what a credit card owes, and says when nothing is left to live on', async ({ h }) => {
    const plan: PlanData = buildDemoPlan();
    const checking = plan.accounts.find((a) => a.id === 'acc-checking')!;
    plan.accounts.push({ ...checking, id: 'acc-card', name: 'Visa', type: 'creditCard' });
    const row = plan.transactions.find((t) => t.id === 'tx-000')!;
    plan.transactions.push({
      ...row,
      id: 'tx-card',
      account_id: 'acc-card',
      account_name: 'Visa',
      amount: -9_000_000,
    });
    h.standIn.reset(plan);
    const r = await call(s, 'get_runway', { plan_id: 'demo-budget', months_count: 1 });
    const out = r.structuredContent as Runway;
    expect(out.owed_on_cards).toBe(-9000);
    expect(out.liquid).toBe((liquid - 9_000_000) / 1000);
    expect(out.spending.runway_months).toBe(0);
    expect(out.notes.slice(ALWAYS.length)).toEqual([
      'What the credit cards owe (-9000.00) is subtracted from the money available: it will have to be paid.',
      'The money available is zero or less: nothing to live on without income.',
    ]);
  });

  it('refuses bad arguments before any request', async ({ h }) => {
    for (const args of [
      { months_count: 0 },
      { months_count: 25 },
      { essential_groups: [] },
      { essential_groups: [''] },
      { essential_groups: ['x'.repeat(201)] },
      { essential_groups: Array.from({ length: 51 }, () => 'Bills') },
      { include_savings: 'yes' },
    ]) {
      const r = await call(s, 'get_runway', { plan_id: 'demo-budget', ...args });
      expect(r.isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});
