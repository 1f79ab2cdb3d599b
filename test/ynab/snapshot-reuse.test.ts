/**
 * What the read tools derive from a cached list (duplicate keys, merchant histories, the payee ranking,
 * the date order and the month index) is kept against the frozen snapshot the cache hands out, and
 * must be dropped the moment YNAB's data changes: by the server's own write, or by another app (a
 * delta). Through a real MCP client against the stand-in; each change is followed by the read that
 * would show a stale index.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf, type Harness, type Session } from '../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../helpers/writes.js';

const PLAN = 'demo-budget';
const P = `/plans/${PLAN}`;

it.beforeAll(({ h }) => {
  // another app's change must show at the very next read, a few milliseconds later: the freshness
  // window would rightly serve the snapshot it made before
  h.env.AVENIR_MCP_FRESH_SECONDS = '0';
});

/** A change sent to the stand-in directly, as another YNAB app would make it. */
async function otherApp(h: Harness, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${h.standIn.url}${path}`, {
    method,
    headers: { Authorization: 'Bearer other-app', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
}

/** A spending on the checking account (today's, unless dated), by another app. */
const spend = (h: Harness, amount: number, payee: string, date = '2026-09-25') =>
  otherApp(h, 'POST', `${P}/transactions`, {
    transactions: [{ account_id: 'acc-checking', date, amount, payee_name: payee }],
  });

describe.each(ERAS)('derived data follows every change, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era, {
      env: { AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: answering(ACCEPT).handler,
    });
  });

  const read = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await call(s, name, { plan_id: PLAN, ...args });
    expect(r.isError, textOf(r)).toBeFalsy();
    return r.structuredContent as Record<string, unknown>;
  };

  it('the cache hands out one frozen snapshot until YNAB reports a change', async ({ h }) => {
    const first = await s.deps.ynab.transactions.list(PLAN);
    const again = await s.deps.ynab.transactions.list(PLAN);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(() => (first as unknown[]).push({})).toThrow(TypeError);
    const groups = await s.deps.ynab.categories.groups(PLAN);
    expect(await s.deps.ynab.categories.groups(PLAN)).toBe(groups);
    await spend(h, -1_000, 'CB SNAPSHOT TEST');
    const after = await s.deps.ynab.transactions.list(PLAN);
    expect(after).not.toBe(first);
    expect(after).toHaveLength(first.length + 1);
    expect(await s.deps.ynab.categories.groups(PLAN)).toBe(groups);
  });

  it("suggest_categories: the server's own apply_categories takes the transaction off the next review", async () => {
    const before = await read('suggest_categories', { limit: 200 });
    const ids = (r: Record<string, unknown>) =>
      (r.items as { transaction_id: string }[]).map((i) => i.transaction_id);
    expect(ids(before)).toContain('tx-046');
    expect(await read('suggest_categories', { limit: 200 })).toEqual(before);
    const pending = await call(s, 'apply_categories', {
      plan_id: PLAN,
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    });
    expect((pending.structuredContent as { status: string }).status, textOf(pending)).toBe('applied');
    const after = await read('suggest_categories', { limit: 200 });
    expect(after.pending_count).toBe((before.pending_count as number) - 1);
    expect(ids(after)).toEqual(ids(before).filter((id) => id !== 'tx-046'));
  });

  it('suggest_categories: a transaction another app adds uncategorised is pending at the next read', async ({
    h,
  }) => {
    const before = await read('suggest_categories', { limit: 200 });
    await spend(h, -4_200, 'CB BRAND NEW SHOP');
    const after = await read('suggest_categories', { limit: 200 });
    expect(after.pending_count).toBe((before.pending_count as number) + 1);
    expect((after.items as { payee: string; date: string }[])[0]).toMatchObject({
      payee: 'CB BRAND NEW SHOP',
      date: '2026-09-25',
    });
  });

  it('find_transactions and list_payees: a new transaction is found, and its payee counted', async ({
    h,
  }) => {
    const search = { payee: 'BRAND NEW SHOP', since_date: '2026-09-01' };
    expect((await read('find_transactions', search)).total_count).toBe(0);
    expect((await read('list_payees', { search: 'BRAND NEW SHOP' })).total).toBe(0);
    await spend(h, -4_200, 'CB BRAND NEW SHOP');
    await spend(h, -1_300, 'CB BRAND NEW SHOP');
    const found = await read('find_transactions', search);
    expect(found.total_count).toBe(2);
    expect((found.transactions as { amount: number }[]).map((t) => t.amount)).toEqual([-4.2, -1.3]);
    const payees = (await read('list_payees', { search: 'BRAND NEW SHOP' })).payees as {
      transactions: number;
    }[];
    expect(payees.map((p) => p.transactions)).toEqual([2]);
    await otherApp(h, 'DELETE', `${P}/transactions/${h.standIn.state.transactions.at(-1)?.id}`);
    expect((await read('find_transactions', search)).total_count).toBe(1);
  });

  it('find_recurring_charges: a charge another app records month after month shows, and goes with it', async ({
    h,
  }) => {
    const gym = async () =>
      ((await read('find_recurring_charges')).charges as { payee: string; monthly_amount: number }[]).filter(
        (c) => c.payee === 'NEWGYM CLUB',
      );
    expect(await gym()).toEqual([]);
    for (const month of ['06', '07', '08']) await spend(h, -29_990, 'CB NEWGYM CLUB', `2026-${month}-10`);
    expect((await gym()).map((c) => c.monthly_amount)).toEqual([-29.99]);
    // seen in two of the four months looked at: no longer recurring
    await otherApp(h, 'DELETE', `${P}/transactions/${h.standIn.state.transactions.at(-1)?.id}`);
    expect(await gym()).toEqual([]);
  });

  it('forecast_balance, get_savings_rate, get_net_worth_trend: a spending of last month moves them', async ({
    h,
  }) => {
    const forecast = await read('forecast_balance', { until: '2026-12' });
    const trend = await read('get_net_worth_trend', { months_count: 3 });
    const savings = await read('get_savings_rate', { months_count: 3 });
    const variable = (r: Record<string, unknown>) =>
      (r.assumptions as { variable_monthly: number }).variable_monthly;
    const august = (r: Record<string, unknown>) =>
      (r.months as { month: string; spending: number }[]).find((m) => m.month.startsWith('2026-08'))
        ?.spending as number;
    const lastNet = (r: Record<string, unknown>) =>
      (r.months as { net_worth: number }[]).at(-1)?.net_worth as number;
    const start = (r: Record<string, unknown>) => r.start_balance as number;
    await spend(h, -51_000, 'CB ONE OFF PURCHASE', '2026-08-14');
    const after = await read('forecast_balance', { until: '2026-12' });
    expect(start(after)).toBeCloseTo(start(forecast) - 51, 6);
    // averaged over the 3 complete months before today's
    expect(variable(after)).toBeCloseTo(variable(forecast) - 17, 6);
    expect(august(await read('get_savings_rate', { months_count: 3 }))).toBeCloseTo(august(savings) - 51, 6);
    const trendAfter = await read('get_net_worth_trend', { months_count: 3 });
    expect(lastNet(trendAfter)).toBeCloseTo(lastNet(trend) - 51, 6);
  });
});
