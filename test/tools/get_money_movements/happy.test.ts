/**
 * `get_money_movements` through a real MCP client, in both protocol eras, on the demo plan: the
 * household's assignments and top-ups month by month, the categories topped up most, the YNAB routes
 * each shape of call uses, and the refusals of a bad range (nothing sent).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { renderResult } from '../../../src/mcp/render.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  type Session,
} from '../../helpers/harness.js';

const TOOL = 'get_money_movements';
const PLAN = { plan_id: 'demo-budget' };
/** The demo budget, assigned every month: 950 + 64.20 + 29.99 + 19.99 + 400 + 120 + 90 + 80 + 13.49 + 200. */
const BUDGET = 1967.67;

const TOP_UPS = [
  { date: '2026-07-12', category: 'Restaurants', from: 'Transport', amount: 20, note: 'Birthday dinner' },
  { date: '2026-08-20', category: 'Restaurants', from: 'Holidays', amount: 30, note: null },
  {
    date: '2026-08-21',
    category: 'Groceries',
    from: 'Transport',
    amount: 15,
    note: 'Guests for the weekend',
  },
  { date: '2026-09-12', category: 'Restaurants', from: 'Transport', amount: 25, note: null },
];

describe.each(ERAS)('get_money_movements, %s era', (era) => {
  /** A session on a fresh demo plan on 2026-09-25, the stand-in's records emptied. */
  const open = async (h: Harness): Promise<Session> => {
    h.standIn.reset();
    const s = await connect(h, era, { env: { AVENIR_MCP_TODAY: '2026-09-25' } });
    h.standIn.clearRequests();
    return s;
  };

  it('since June: every month assigned in full, Restaurants topped up in 3 of 4 months', async ({ h }) => {
    const s = await open(h);
    const r = await call(s, TOOL, { ...PLAN, since: '2026-06-01' });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as Record<string, unknown>;
    expect(out['message']).toBe(
      'Restaurants needed topping up in 3 of 4 month(s); 4 top-up(s) over 4 months in all.',
    );
    expect(out['months']).toEqual([
      { month: '2026-06', partial: false, movements: 10, assigned: BUDGET, moved_between: 0 },
      { month: '2026-07', partial: false, movements: 11, assigned: BUDGET, moved_between: 20 },
      { month: '2026-08', partial: false, movements: 12, assigned: BUDGET, moved_between: 45 },
      { month: '2026-09', partial: true, movements: 11, assigned: BUDGET, moved_between: 25 },
    ]);
    expect(out['most_topped_up']).toEqual([
      { category_id: 'cat-restaurants', name: 'Restaurants', months_topped_up: 3, top_ups: 3, topped_up: 75 },
      { category_id: 'cat-groceries', name: 'Groceries', months_topped_up: 1, top_ups: 1, topped_up: 15 },
    ]);
    expect(out['top_ups']).toEqual(TOP_UPS);
    const categories = out['categories'] as { category_id: string; months: unknown[] }[];
    expect(categories.map((c) => c.category_id)).toContain('cat-rent');
    expect(categories.find((c) => c.category_id === 'cat-transport')?.months).toEqual([
      { month: '2026-06', moved_in: 90, times_in: 1, moved_out: 0, times_out: 0, top_ups: 0 },
      { month: '2026-07', moved_in: 110, times_in: 1, moved_out: 20, times_out: 1, top_ups: 0 },
      { month: '2026-08', moved_in: 105, times_in: 1, moved_out: 15, times_out: 1, top_ups: 0 },
      { month: '2026-09', moved_in: 115, times_in: 1, moved_out: 25, times_out: 1, top_ups: 0 },
    ]);
    expect(r.structuredContent).toEqual(out);
    expect(textOf(r)).toBe(renderResult(out));
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/money_movements',
      'GET /plans/demo-budget/money_movement_groups',
    ]);
  });

  it('one month through the month routes; June needed no top-up', async ({ h }) => {
    const s = await open(h);
    const r = await call(s, TOOL, { ...PLAN, month: '2026-06-01' });
    expect(r.structuredContent).toMatchObject({
      message: 'No category needed topping up over the month: every budget held.',
      months: [{ month: '2026-06', partial: false, movements: 10, assigned: BUDGET, moved_between: 0 }],
      most_topped_up: [],
      top_ups: [],
    });
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/months/2026-06-01/money_movements',
      'GET /plans/demo-budget/months/2026-06-01/money_movement_groups',
    ]);
    h.standIn.clearRequests();
    const current = await call(s, TOOL, PLAN);
    expect(current.structuredContent).toMatchObject({ top_ups: [TOP_UPS[3]] });
    // the categories, synced by the first call within the freshness window, are not read again
    expect(requestLines(h.standIn)[0]).toBe('GET /plans/demo-budget/months/2026-09-01/money_movements');
  });

  it('a budget raised in YNAB shows as a top-up from Ready to Assign', async ({ h }) => {
    const s = await open(h);
    const put = await fetch(`${h.standIn.url}/plans/demo-budget/months/2026-09-01/categories/cat-groceries`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: JSON.stringify({ category: { budgeted: 430000 } }),
    });
    expect(put.status).toBe(200);
    const r = await call(s, TOOL, PLAN);
    expect(r.structuredContent).toMatchObject({
      months: [{ month: '2026-09', partial: true, movements: 12, assigned: BUDGET + 30, moved_between: 25 }],
      top_ups: [
        TOP_UPS[3],
        { date: '2026-09-25', category: 'Groceries', from: 'Ready to Assign', amount: 30, note: null },
      ],
    });
  });

  it.for([
    [{ since: '2026-6-01' }, "since must be a month as YYYY-MM or YYYY-MM-01, got '2026-6-01'."],
    [
      { since: '2026-09-01', month: '2026-08-01' },
      'since (2026-09-01) must not be after month (2026-08-01): give 2026-08 or earlier.',
    ],
    [
      { since: '2024-01-01' },
      'since (2024-01-01) to 2026-09-01 spans 33 months: give at most 24, the earliest is 2024-10.',
    ],
  ] as const)('refuses %j before any request', async ([args, message], { h }) => {
    const s = await open(h);
    const r = await call(s, TOOL, { ...PLAN, ...args });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(message);
    expect(h.standIn.requests).toEqual([]);
  });

  it('takes the months the bound errors name', async ({ h }) => {
    const s = await open(h);
    for (const args of [{ since: '2024-10' }, { since: '2026-08', month: '2026-08-01' }]) {
      const r = await call(s, TOOL, { ...PLAN, ...args });
      expect(r.isError, textOf(r)).toBeFalsy();
    }
  });
});
