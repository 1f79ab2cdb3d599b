/**
 * `find_recurring_charges` through a real MCP client, in both protocol eras, against the stand-in:
 * figures computed here from the demo rows, the four YNAB requests, only months the plan covers.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import type { TransactionRow } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf } from '../../helpers/harness.js';
import type { Session } from '../../helpers/harness.js';
import { renderResult } from '../../../src/mcp/render.js';

const demo = buildDemoPlan();
const PLAN = 'demo-budget';
const categoryName = new Map(demo.categories.map((c) => [c.id, c.name]));

interface Charge {
  payee: string;
  monthly_amount: number;
  yearly_amount: number;
  day: number;
  months_seen: number;
  category: string | null;
  scheduled: boolean;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** A recurring payee's figures over the window, from the demo rows its label names. */
function charge(
  payee: string,
  window: string[],
  label: string,
  category: string | null,
  scheduled: boolean,
  sign = -1,
): Charge {
  const rows = demo.transactions.filter(
    (t: TransactionRow) =>
      (t.payee_name ?? '').toUpperCase().includes(label) &&
      !t.transfer_account_id &&
      Math.sign(t.amount) === sign &&
      window.includes(t.date.slice(0, 7)),
  );
  const perMonth = new Map<string, number>();
  for (const t of rows) perMonth.set(t.date.slice(0, 7), (perMonth.get(t.date.slice(0, 7)) ?? 0) + t.amount);
  const monthly = median([...perMonth.values()]); // whole milliunits in the demo
  return {
    payee,
    monthly_amount: monthly / 1000,
    yearly_amount: Math.round((monthly * 12) / 10) / 100,
    day: Math.trunc(median(rows.map((t) => Number(t.date.slice(8))))),
    months_seen: perMonth.size,
    category,
    scheduled,
  };
}

const category = (id: string): string => categoryName.get(id) ?? id;
const yearlyTotal = (charges: Charge[]): number =>
  Math.round(charges.filter((c) => c.monthly_amount < 0).reduce((s, c) => s + c.yearly_amount * 100, 0)) /
  100;

describe.each(ERAS)('find_recurring_charges, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  // The plan starts in June 2026: May, before it, is not looked at (nothing could be missed there).
  const WINDOW = ['2026-06', '2026-07', '2026-08'];
  const CHARGES = [
    charge('LANDLORD SARL', WINDOW, 'LANDLORD', category('cat-rent'), true),
    charge('MARKET FRESH', WINDOW, 'MARKET FRESH', category('cat-groceries'), false),
    charge('POWERCO ENERGIE', WINDOW, 'POWERCO', category('cat-power'), true),
    charge('RAIL CO', WINDOW, 'RAIL CO', category('cat-transport'), false),
    charge('FIBERNET - PRELEV', WINDOW, 'FIBERNET', category('cat-internet'), true),
    charge('TENNIS CLUB - PRELEV', WINDOW, 'TENNIS', category('cat-tennis'), false),
    charge('TELCO MOBILE - PRELEV', WINDOW, 'TELCO', category('cat-phone'), true),
    charge('STREAMFLIX', WINDOW, 'STREAMFLIX', category('cat-subscriptions'), false),
  ];

  it('lists the demo charges costliest first, in four requests', async ({ h }) => {
    const r = await call(s, 'find_recurring_charges', { plan_id: PLAN });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    expect(r.structuredContent).toEqual({
      charges: CHARGES,
      yearly_total: yearlyTotal(CHARGES),
      months_looked_at: WINDOW,
    });
    expect(CHARGES[1]).toMatchObject({ monthly_amount: -182.58, yearly_amount: -2190.96, day: 14 });
    expect(requestLines(h.standIn)).toEqual([
      `GET /plans/${PLAN}/categories`,
      `GET /plans/${PLAN}/transactions`,
      `GET /plans/${PLAN}/scheduled_transactions`,
      `GET /plans/${PLAN}/accounts`,
      `GET /plans/${PLAN}/months`,
    ]);
  });

  it('leaves out the varying restaurants, the yearly insurance seen only in schedules, transfers and loan interest', async () => {
    const r = await call(s, 'find_recurring_charges', { plan_id: PLAN, include_income: true });
    const payees = (r.structuredContent as { charges: Charge[] }).charges.map((c) => c.payee);
    for (const absent of ['CHEZ LUCIE', 'SUSHI GO', 'HOMESAFE INSURANCE', 'TRANSFER : SAVINGS', 'INTEREST'])
      expect(payees).not.toContain(absent);
    // the loans' interest and the monthly transfers to them do recur in the demo: left out on purpose
    const interest = demo.transactions.filter(
      (t) =>
        t.account_id === 'acc-car-loan' && t.payee_name === 'Interest' && WINDOW.includes(t.date.slice(0, 7)),
    );
    expect(interest).toHaveLength(3);
    expect(
      demo.transactions.some((t) => t.transfer_account_id !== null && t.date.startsWith('2026-07')),
    ).toBe(true);
  });

  it('narrows to a payee, or to a category by name or id', async () => {
    const byPayee = await call(s, 'find_recurring_charges', { plan_id: PLAN, payee: 'stream' });
    expect((byPayee.structuredContent as { charges: Charge[] }).charges).toEqual([CHARGES.at(-1)]);
    const streamflix = CHARGES.find((c) => c.payee === 'STREAMFLIX')!;
    expect((byPayee.structuredContent as { yearly_total: number }).yearly_total).toBe(
      streamflix.yearly_amount,
    );
    for (const category of ['subscriptions', 'Fun: Subscriptions', 'cat-subscriptions']) {
      const r = await call(s, 'find_recurring_charges', { plan_id: PLAN, category });
      expect((r.structuredContent as { charges: Charge[] }).charges, category).toEqual([streamflix]);
    }
    const none = await call(s, 'find_recurring_charges', {
      plan_id: PLAN,
      payee: 'STREAMFLIX',
      category: 'Rent',
    });
    expect((none.structuredContent as { charges: Charge[] }).charges).toEqual([]);
  });

  it('refuses a category that names nothing, after reading only the categories', async ({ h }) => {
    const r = await call(s, 'find_recurring_charges', { plan_id: PLAN, category: 'Gym' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      "category 'Gym' is neither a category id nor the name of a visible category: use a name or id from get_category_balances.",
    );
    expect(requestLines(h.standIn)).toEqual([`GET /plans/${PLAN}/categories`]);
  });

  it('adds the salary after the charges with include_income, outside the yearly total', async () => {
    const r = await call(s, 'find_recurring_charges', { plan_id: PLAN, include_income: true });
    const salary = charge(
      'ACME EMPLOYER SALAIRE',
      WINDOW,
      'ACME EMPLOYER SALAIRE',
      category('cat-inflow'),
      true,
      1,
    );
    expect(r.structuredContent).toEqual({
      charges: [...CHARGES, salary],
      yearly_total: yearlyTotal(CHARGES),
      months_looked_at: WINDOW,
    });
    expect(salary).toMatchObject({ monthly_amount: 3200, yearly_amount: 38400, day: 28 });
  });

  it('looks at the 4 months before the pinned today', async ({ h }) => {
    const later = await connect(h, era, { env: { AVENIR_MCP_TODAY: '2026-10-05' } });
    try {
      const r = await call(later, 'find_recurring_charges', { plan_id: PLAN });
      const out = r.structuredContent as { charges: Charge[]; months_looked_at: string[] };
      const window = ['2026-06', '2026-07', '2026-08', '2026-09'];
      expect(out.months_looked_at).toEqual(window);
      const fresh = charge('MARKET FRESH', window, 'MARKET FRESH', category('cat-groceries'), false);
      expect(out.charges.find((c) => c.payee === 'MARKET FRESH')).toEqual(fresh);
      expect(fresh).toMatchObject({ monthly_amount: -187.545, yearly_amount: -2250.54, months_seen: 4 });
      expect(out.charges.find((c) => c.payee === 'INTEREST')).toBeUndefined();
      expect(out.charges.find((c) => c.payee === 'STREAMFLIX')?.category).toBe('Subscriptions');
    } finally {
      await later.close();
    }
  });

  it('looks at no month before the plan starts', async ({ h }) => {
    const early = await connect(h, era, { env: { AVENIR_MCP_TODAY: '2025-04-15' } });
    try {
      const r = await call(early, 'find_recurring_charges', { plan_id: PLAN, include_income: true });
      expect(r.structuredContent).toEqual({
        charges: [],
        yearly_total: 0,
        months_looked_at: [],
      });
    } finally {
      await early.close();
    }
  });

  it('refuses unknown fields before any request, and reports YNAB errors', async ({ h }) => {
    const bad = await call(s, 'find_recurring_charges', { plan_id: PLAN, include_income: 'yes' });
    expect(bad.isError).toBe(true);
    expect(h.standIn.requests).toHaveLength(0);
    const unknown = await call(s, 'find_recurring_charges', { plan_id: 'no-such-plan' });
    expect(textOf(unknown)).toBe(
      "Error calling tool 'find_recurring_charges': plan_id 'no-such-plan' is not a plan this token can read: pass one of 'demo-budget' (from list_plans).",
    );
  });
});
