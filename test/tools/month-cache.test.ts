/**
 * Month details kept against the plan's knowledge, through a real client against the stand-in, on a
 * clock that moves only when told (each repeat here is past the freshness window, so that what is
 * counted is the month cache alone): a repeat checks the knowledge with one small delta of the month
 * list and reuses every month; a change made elsewhere re-reads the months from the earliest one it
 * changed, and only those; a change no month dates (a category renamed) re-reads them all; a change
 * that touches no month (a payee renamed) re-reads none. Asserted on what the stand-in received and
 * on the answers.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, type Session } from '../helpers/harness.js';
import { onClock, otherApp, PLAN, sentLines } from '../helpers/fresh.js';

const MONTHS = ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01'];
const reads = (months: string[]) => months.map((m) => `GET /months/${m}`);
type Trends = { categories: { name: string; amounts: number[] }[] };
const groceries = (r: { structuredContent?: unknown }) =>
  (r.structuredContent as Trends).categories.find((c) => c.name === 'Groceries');

/** A spending in Groceries, dated, recorded by another app. */
const spend = (h: Parameters<typeof otherApp>[0], date: string, amount: number) =>
  otherApp(h, 'POST', '/transactions', {
    transactions: [
      { account_id: 'acc-checking', date, amount, payee_name: 'CORNER SHOP', category_id: 'cat-groceries' },
    ],
  });

describe('month details kept against the knowledge', () => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const trends = (s: Session) => call(s, 'get_spending_trends', { plan_id: PLAN, months_count: 4 });

  it('get_spending_trends: cold 1 + N requests, warm 1, within the window none', async ({ h }) => {
    const { s, clock } = await onClock(h);
    const cold = await trends(s);
    expect(sentLines(h)).toEqual(['GET /months', ...reads(MONTHS)]);
    h.standIn.clearRequests();
    expect((await trends(s)).structuredContent).toEqual(cold.structuredContent);
    expect(h.standIn.requests).toEqual([]);
    clock.forward(10_000);
    expect((await trends(s)).structuredContent).toEqual(cold.structuredContent);
    expect(sentLines(h)).toEqual(['GET /months @1']);
  });

  it('a change made elsewhere re-reads the months from the one it changed, and only those', async ({ h }) => {
    const { s, clock } = await onClock(h);
    const before = groceries(await trends(s));
    clock.forward(10_000);
    await trends(s); // the knowledge unchanged: the months read are now known true
    await spend(h, '2026-08-14', -51_000);
    h.standIn.clearRequests();
    clock.forward(10_000);
    const after = groceries(await trends(s));
    expect(sentLines(h)).toEqual([
      'GET /months @1',
      'GET /categories @1',
      ...reads(['2026-08-01', '2026-09-01']),
    ]);
    expect(after?.amounts).toEqual(before?.amounts.map((a, i) => (i === 2 ? a + 51 : a)));
  });

  it('a change before the months read were confirmed drops them all (the bracket never closed)', async ({
    h,
  }) => {
    const { s, clock } = await onClock(h);
    await trends(s);
    await spend(h, '2026-09-20', -12_000);
    h.standIn.clearRequests();
    clock.forward(10_000);
    await trends(s);
    expect(sentLines(h)).toEqual(['GET /months @1', 'GET /categories @1', ...reads(MONTHS)]);
  });

  it('a category renamed elsewhere, which no month dates, re-reads every month', async ({ h }) => {
    const { s, clock } = await onClock(h);
    await trends(s);
    clock.forward(10_000);
    await trends(s);
    await otherApp(h, 'PATCH', '/categories/cat-groceries', { category: { name: 'Food' } });
    h.standIn.clearRequests();
    clock.forward(10_000);
    const r = await trends(s);
    expect(sentLines(h)).toEqual(['GET /months @1', 'GET /categories @1', ...reads(MONTHS)]);
    expect((r.structuredContent as Trends).categories.map((c) => c.name)).toContain('Food');
  });

  it('a payee renamed elsewhere changes no month: none is read again', async ({ h }) => {
    const { s, clock } = await onClock(h);
    const first = await trends(s);
    clock.forward(10_000);
    await trends(s);
    await otherApp(h, 'PATCH', '/payees/pay-030', { payee: { name: 'STREAMFLIX EUROPE' } });
    h.standIn.clearRequests();
    clock.forward(10_000);
    expect((await trends(s)).structuredContent).toEqual(first.structuredContent);
    expect(sentLines(h)).toEqual(['GET /months @1', 'GET /categories @1']);
    // and the next repeat checks against the new knowledge
    h.standIn.clearRequests();
    clock.forward(10_000);
    await trends(s);
    expect(sentLines(h)).toEqual(['GET /months @2']);
  });

  it('one month is shared by every month tool: cold 2 requests, then 1', async ({ h }) => {
    const { s, clock } = await onClock(h);
    const summary = await call(s, 'get_monthly_summary', { plan_id: PLAN });
    expect(summary.isError).toBeFalsy();
    expect(sentLines(h)).toEqual(['GET /months', 'GET /months/2026-09-01']);
    h.standIn.clearRequests();
    clock.forward(10_000);
    const balances = await call(s, 'get_category_balances', { plan_id: PLAN });
    expect(balances.isError).toBeFalsy();
    expect(sentLines(h)).toEqual(['GET /months @1']);
  });

  it("the server's own budget write re-reads the month it changed and the later ones", async ({
    h,
    journal,
  }) => {
    const { s, clock } = await onClock(h, {}, journal);
    await trends(s);
    clock.forward(10_000);
    await trends(s);
    const set = { plan_id: PLAN, month: '2026-08-01', category_id: 'cat-groceries', amount: 500 };
    const preview = await call(s, 'set_category_budget', set);
    const code = (preview.structuredContent as { confirmation: string }).confirmation;
    const applied = await call(s, 'set_category_budget', { ...set, confirmation: code });
    expect((applied.structuredContent as { status: string }).status).toBe('applied');
    h.standIn.clearRequests();
    // at once, within the window: the write ended it
    await trends(s);
    expect(sentLines(h)).toEqual([
      'GET /months @1',
      'GET /categories @1',
      ...reads(['2026-08-01', '2026-09-01']),
    ]);
  });
});
