/**
 * YNAB's internal categories (Inflow: Ready to Assign, Uncategorized) are refused before any preview by
 * the writes YNAB refuses for them, and the stand-in behaves as YNAB does: it flags its internal group
 * and refuses budgeting an internal category.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, ERAS, textOf } from '../helpers/harness.js';

const REFUSAL =
  "Inflow: Ready to Assign (cat-inflow) is one of YNAB's internal categories: it cannot be budgeted, given a target or have money moved to or from it. Choose a category of the user's own groups (get_category_balances lists them).";

describe.each(ERAS)('%s era', (era) => {
  it.for([
    ['set_category_budget', { month: '2026-09-01', category_id: 'cat-inflow', amount: 10 }],
    [
      'move_money',
      { month: '2026-09-01', from_category_id: 'cat-restaurants', to_category_id: 'cat-inflow', amount: 10 },
    ],
    [
      'move_money',
      { month: '2026-09-01', from_category_id: 'cat-inflow', to_category_id: 'cat-restaurants', amount: 10 },
    ],
    ['set_category_target', { category_id: 'cat-inflow', amount: 100 }],
  ] as [string, Record<string, unknown>][])(
    '%s refuses an internal category before any preview',
    async ([tool, args], { h }) => {
      h.standIn.reset();
      let asked = false;
      const s = await connect(h, era, {
        elicit: async () => ((asked = true), { action: 'accept', content: { value: true } }),
      });
      const r = await call(s, tool, { plan_id: 'demo-budget', ...args });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(REFUSAL);
      expect(asked).toBe(false);
      expect(h.standIn.writes).toEqual([]);
    },
  );
});

describe('the stand-in', () => {
  it('flags its internal group and refuses budgeting an internal category, as YNAB does', async ({ h }) => {
    h.standIn.reset();
    const base = h.standIn.url;
    const headers = { authorization: 'Bearer t', 'content-type': 'application/json' };
    const groups = (await (await fetch(`${base}/plans/demo-budget/categories`, { headers })).json()) as {
      data: { category_groups: { name: string; internal: boolean }[] };
    };
    const flags = Object.fromEntries(groups.data.category_groups.map((g) => [g.name, g.internal]));
    expect(flags['Internal Master Category']).toBe(true);
    expect(
      Object.entries(flags)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(['Internal Master Category']);
    const patch = await fetch(`${base}/plans/demo-budget/months/2026-09-01/categories/cat-inflow`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ category: { budgeted: 10000 } }),
    });
    expect(patch.status).toBe(400);
    expect(h.standIn.writes).toEqual([]);
  });
});
