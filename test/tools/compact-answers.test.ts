/**
 * The paged month reads (`get_category_balances`, `get_budget_vs_actual`) through a real MCP client
 * against the stand-in: a small limit pages to the end with the rows of one long page, every page
 * carries the same count and the same totals (over all rows, never over the page), `omitted` says
 * what is left out, a bad cursor costs no YNAB request, and the chart of budget vs actual still draws
 * from every category.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import { ERAS, call, connect, textOf, type Session } from '../helpers/harness.js';
import { renderResult } from '../../src/mcp/render.js';
import { encodeCursor } from '../../src/domain/cursor.js';
import { chartData } from '../../views/chart-data.js';

const PLAN = 'demo-budget';
const APPS = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
const INVALID =
  'Invalid cursor: pass the next_cursor value from the previous page unchanged, or omit it to start from the first page.';

type Paged = {
  result: Record<string, unknown>[];
  count: number;
  totals: Record<string, number>;
  next_cursor: string | null;
  omitted: string | null;
};

const milli = (units: unknown): number => Math.round((units as number) * 1000);
const sum = (rows: Record<string, unknown>[], field: string): number =>
  rows.reduce((total, row) => total + milli(row[field]), 0) / 1000;

const TOOLS = [
  ['get_category_balances', ['budgeted', 'activity', 'balance']],
  ['get_budget_vs_actual', ['budgeted', 'actual', 'balance']],
] as const;

describe.each(ERAS)('paged month reads, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const read = async (tool: string, args: Record<string, unknown>): Promise<Paged> => {
    const r = await call(s, tool, { plan_id: PLAN, month: '2026-08-01', ...args });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    return r.structuredContent as Paged;
  };

  it.for(TOOLS)(
    '%s pages to the end with the same count and totals on every page',
    async ([tool, fields]) => {
      const whole = await read(tool, { limit: 200 });
      expect(whole.result).toHaveLength(10);
      expect(whole).toMatchObject({ count: 10, next_cursor: null, omitted: null });
      const totals = Object.fromEntries(fields.map((f) => [f, sum(whole.result, f)]));
      expect(whole.totals).toEqual(totals);
      // what the demo budgets for August, every category: the total is over the plan, not the page
      const budgets = buildDemoPlan().budgets['2026-08-01']!;
      expect(whole.totals.budgeted).toBe(Object.values(budgets).reduce((a, b) => a + b, 0) / 1000);

      const seen: Record<string, unknown>[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Paged = await read(tool, { limit: 3, cursor });
        pages += 1;
        seen.push(...page.result);
        expect(page.count).toBe(10);
        expect(page.totals).toEqual(totals);
        const more = 10 - seen.length;
        expect(page.omitted).toBe(
          more > 0 ? `${more} more categories: pass next_cursor as cursor, or a larger limit.` : null,
        );
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(pages).toBe(4);
      expect(seen).toEqual(whole.result);
      // the default page holds 50: the whole demo
      expect(await read(tool, {})).toEqual(whole);
    },
  );

  it.for(TOOLS)('%s refuses a bad cursor before any YNAB request', async ([tool], { h }) => {
    for (const cursor of ['not a cursor', 'cGFnZToy']) {
      const r = await call(s, tool, { plan_id: PLAN, cursor });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(INVALID);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });

  it.for(TOOLS)('%s gives an empty page past the end, totals kept', async ([tool]) => {
    const whole = await read(tool, {});
    const past = await read(tool, { cursor: encodeCursor(40) });
    expect(past).toEqual({ ...whole, result: [], next_cursor: null, omitted: null });
  });
});

describe('budget vs actual leaves empty categories out and charts every category', () => {
  it('lists an empty category only with include_empty, and says so', async ({ h }) => {
    const plan = buildDemoPlan();
    plan.budgets['2026-09-01']!['cat-holidays'] = 0;
    h.standIn.reset(plan);
    const s = await connect(h, 'modern');
    const september = async (args: Record<string, unknown>) =>
      (await call(s, 'get_budget_vs_actual', { plan_id: PLAN, ...args })).structuredContent as Paged;
    const plain = await september({});
    expect(plain.result.map((r) => r.id)).not.toContain('cat-holidays');
    expect(plain.count).toBe(9);
    expect(plain.omitted).toBe('1 empty categories: pass include_empty true.');
    const every = await september({ include_empty: true });
    expect(every.count).toBe(10);
    expect(every.result.at(-1)).toMatchObject({ id: 'cat-holidays', budgeted: 0, actual: 0, balance: 0 });
    expect(every.omitted).toBeNull();
    expect(every.totals).toEqual(plain.totals);
  });

  it('sends a client with Apps every category for the chart, the page to the model', async ({ h }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', { capabilities: APPS });
    const r = await call(s, 'get_budget_vs_actual', { plan_id: PLAN, month: '2026-08-01', limit: 2 });
    const out = r.structuredContent as Paged;
    expect(out.result).toHaveLength(2);
    const rows = (r._meta?.['avenir-mcp/view-data'] as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 2)).toEqual(out.result);
    expect(textOf(r)).not.toContain(String(rows[9]!.name));
  });
});

describe('the budget vs actual chart', () => {
  it('picks the largest categories of the view data, not of the page', async ({ h }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', { capabilities: APPS });
    const r = await call(s, 'get_budget_vs_actual', { plan_id: PLAN, month: '2026-08-01', limit: 1 });
    const out = r.structuredContent as Paged;
    const extra = r._meta?.['avenir-mcp/view-data'] as { rows: Record<string, unknown>[] };
    const drawn = chartData('budget_vs_actual', out, extra)!;
    expect(drawn.labels[0]).toBe('Rent');
    expect(drawn.labels).toHaveLength(10);
    // without view data (a host that sends none) it draws the page
    expect(chartData('budget_vs_actual', out)!.labels).toEqual([out.result[0]!.name]);
  });
});
