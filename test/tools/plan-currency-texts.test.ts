/**
 * The texts of amounts take the decimals of the plan's currency, through a real client against the
 * stand-in serving the demo household in yen (no decimals) and in Kuwaiti dinars (three): questions,
 * undo questions and messages. Structured figures stay plain numbers in currency units. The decimals
 * come from the plans list (list_plans, or `last-used` resolved), never from a request of their own.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan, DINAR, inCurrency, YEN } from '../../src/demo/index.js';
import { call, connect, ERAS, requestLines, startHarness, type Harness } from '../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../helpers/writes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const out = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, unknown>;
const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };

describe.each(ERAS)('%s era', (era) => {
  it('yen: questions and messages without decimals, figures unchanged', async () => {
    h.standIn.reset(inCurrency(buildDemoPlan(), YEN));
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'list_plans', {});
    h.standIn.clearRequests();
    const set = out(await call(s, 'set_category_budget', BUDGET));
    expect(set).toMatchObject({ status: 'applied' });
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toMatchObject({
      status: 'applied',
    });
    expect(a.questions).toEqual([
      'Budget Restaurants for 2026-09-01: budgeted 120 → 150?',
      'Undo: set Restaurants for 2026-09-01 back to 120?',
    ]);
    // no request of its own for the currency: the plans list was read by list_plans
    expect(requestLines(h.standIn).filter((l) => l === 'GET /plans')).toEqual([]);

    const behind = out(await call(s, 'get_underfunded_targets', { plan_id: 'demo-budget' }));
    expect(behind.message).toMatch(/^\d+ targets need \d+ in 2026-09; Ready to Assign holds \d+: /);
    expect(typeof behind.ready_to_assign).toBe('number');
  });

  it('dinars: three decimals; last-used resolves the plan and its currency with one list', async () => {
    h.standIn.reset(inCurrency(buildDemoPlan(), DINAR));
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'set_category_budget', { ...BUDGET, plan_id: 'last-used', amount: 150.125 });
    expect(a.questions).toEqual(['Budget Restaurants for 2026-09-01: budgeted 120.000 → 150.125?']);
  });

  it('a plan not listed yet keeps two decimals', async () => {
    h.standIn.reset(inCurrency(buildDemoPlan(), YEN));
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'set_category_budget', BUDGET);
    expect(a.questions).toEqual(['Budget Restaurants for 2026-09-01: budgeted 120.00 → 150.00?']);
  });
});
