/**
 * Names as YNAB means them: YNAB's API has been seen to return a payee as `B&amp;H Photo Video`.
 * Answers and questions show the decoded name, a name the person types matches it, and the raw value
 * is what the server writes back and compares, so an undo puts back exactly what YNAB held.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf, out } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';

const RAW = 'B&amp;H Photo Video';
const SHOWN = 'B&H Photo Video';
const RAW_GROUP_CATEGORY = 'Dining &amp; Fun';

/** The demo plan with one payee, its transactions and one category named with character references. */
function encodedPlan() {
  const plan = buildDemoPlan();
  for (const p of plan.payees) if (p.id === 'pay-013') p.name = RAW;
  for (const t of plan.transactions) if (t.payee_id === 'pay-013') t.payee_name = RAW;
  const category = plan.categories.find((c) => c.id === 'cat-restaurants');
  if (category === undefined) throw new Error('the demo plan has a Restaurants category');
  category.name = RAW_GROUP_CATEGORY;
  return { plan, category };
}

describe.each(ERAS)('%s era', (era) => {
  it('lists and finds the payee by its decoded name', async ({ h }) => {
    h.standIn.reset(encodedPlan().plan);
    const s = await connect(h, era);
    const payees = await call(s, 'list_payees', { plan_id: 'demo-budget', search: 'b&h' });
    expect(textOf(payees)).toContain(SHOWN);
    expect(textOf(payees)).not.toContain('&amp;');

    const found = out(await call(s, 'find_transactions', { plan_id: 'demo-budget', payee: 'B&H Photo' }));
    const rows = found.transactions as { payee: string }[];
    expect(rows.length).toBe(2);
    expect(rows.map((r) => r.payee)).toEqual([SHOWN, SHOWN]);
  });

  it('a rename asks with the decoded name, and its undo writes back the raw one', async ({ h, journal }) => {
    h.standIn.reset(encodedPlan().plan);
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const renamed = out(
      await call(s, 'rename_payee', { plan_id: 'demo-budget', payee_id: 'pay-013', name: 'BH' }),
    );
    expect(renamed).toMatchObject({ status: 'applied', from_name: SHOWN, to_name: 'BH' });
    expect(a.questions[0]).toBe(`Rename payee '${SHOWN}' to 'BH'? 2 transaction(s) name it.`);
    // the journal keeps what YNAB held, not what was shown
    expect(JSON.parse(readFileSync(journal, 'utf8').trim()).details.from).toBe(RAW);

    h.standIn.clearRequests();
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' })).status).toBe('applied');
    expect(a.questions[1]).toBe(`Undo: name the payee '${SHOWN}' again?`);
    expect(h.standIn.writes.map((w) => w.body)).toEqual([{ payee: { name: RAW } }]);
    expect(h.standIn.state.payees.find((p) => p.id === 'pay-013')?.name).toBe(RAW);
  });

  it('the decoded name typed again is no change, and no other payee may take it', async ({ h }) => {
    h.standIn.reset(encodedPlan().plan);
    const s = await connect(h, era);
    const same = out(
      await call(s, 'rename_payee', { plan_id: 'demo-budget', payee_id: 'pay-013', name: SHOWN }),
    );
    expect(same).toMatchObject({ status: 'nothing_to_do', from_name: SHOWN, to_name: SHOWN });

    h.standIn.clearRequests();
    const taken = await call(s, 'rename_payee', {
      plan_id: 'demo-budget',
      payee_id: 'pay-030',
      name: 'b&h photo video',
    });
    expect(taken.isError).toBe(true);
    expect(textOf(taken)).toBe(
      "'b&h photo video' is already the name of another payee: YNAB's API cannot merge two payees. Merge them in YNAB, or choose another name.",
    );
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/payees']);
    expect(h.standIn.writes).toEqual([]);
  });

  it('a new category named as the decoded one is refused as existing', async ({ h, journal }) => {
    const { plan, category } = encodedPlan();
    h.standIn.reset(plan);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const r = await call(s, 'create_category', {
      plan_id: 'demo-budget',
      category_group_id: category.category_group_id,
      name: 'dining & fun',
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe("'dining & fun' already exists in Everyday.");
    expect(h.standIn.writes).toEqual([]);
  });
});
