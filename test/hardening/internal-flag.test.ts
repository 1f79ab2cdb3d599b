/**
 * YNAB's internal categories are recognised by the API's `internal` flag wherever a tool meets them,
 * its fixed names only where the flag is absent: a plan whose internal group bears another name (YNAB
 * may rename it, an older plan may differ) keeps Ready to Assign and Uncategorized out of the user's
 * categories, and a user's own group that happens to bear YNAB's name is the user's.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../src/demo/index.js';
import { call, connect, ERAS, textOf } from '../helpers/harness.js';
import { extraCategory } from '../helpers/plans.js';

/** The internal group renamed (flagged internal) with an Uncategorized; a user group named as YNAB's. */
function renamedPlan(): PlanData {
  const plan = buildDemoPlan();
  const internal = plan.category_groups.find((g) => g.id === 'grp-internal-master-category');
  if (internal) Object.assign(internal, { name: 'Système', internal: true });
  plan.category_groups.push({
    id: 'grp-mine',
    name: 'Internal Master Category',
    hidden: false,
    deleted: false,
    internal: false,
  });
  plan.categories.push(
    extraCategory('cat-uncat', 'Uncategorized', 'grp-internal-master-category'),
    extraCategory('cat-mine', 'Inflow: Ready to Assign', 'grp-mine'),
  );
  return plan;
}

const result = <T>(r: { structuredContent?: unknown }) => (r.structuredContent as { result: T }).result;

describe.each(ERAS)('%s era', (era) => {
  it('read tools keep the flagged categories out, whatever their group is called', async ({ h }) => {
    h.standIn.reset(renamedPlan());
    const s = await connect(h, era);
    const plan = { plan_id: 'demo-budget' };

    const balances = result<{ category_id: string }[]>(
      await call(s, 'get_category_balances', { ...plan, month: '2026-09-01', include_empty: true }),
    ).map((c) => c.category_id);
    expect(balances).not.toContain('cat-inflow');
    expect(balances).not.toContain('cat-uncat');
    expect(balances).toContain('cat-mine');

    const groups = result<{ id: string; name: string }[]>(await call(s, 'list_category_groups', plan));
    expect(groups.map((g) => g.id)).not.toContain('grp-internal-master-category');
    expect(groups.map((g) => g.id)).toContain('grp-mine');

    const suggested = (await call(s, 'suggest_categories', { ...plan, include_categories: true }))
      .structuredContent as {
      categories: { category_id: string }[];
    };
    const assignable = suggested.categories.map((c) => c.category_id);
    expect(assignable).toContain('cat-inflow');
    expect(assignable).not.toContain('cat-uncat');

    const savings = (await call(s, 'get_savings_rate', plan)).structuredContent as { income: number };
    expect(savings.income).toBeGreaterThan(9000);
  });

  it('writes refuse the flagged Uncategorized, and take the user category named like YNAB', async ({ h }) => {
    h.standIn.reset(renamedPlan());
    let asked = 0;
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1' },
      elicit: async () => ((asked += 1), { action: 'decline' }),
    });
    const args = { plan_id: 'demo-budget', month: '2026-09-01', amount: 10 };
    const refused = await call(s, 'set_category_budget', { ...args, category_id: 'cat-uncat' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("Uncategorized (cat-uncat) is one of YNAB's internal categories");
    expect(asked).toBe(0);
    const mine = await call(s, 'set_category_budget', { ...args, category_id: 'cat-mine' });
    expect(mine.isError).toBeFalsy();
    expect(asked).toBe(1);
    expect(h.standIn.writes).toEqual([]);
  });
});
