/**
 * A plan id the token cannot read, through real clients: a tool's error names the plan ids it can read
 * (from the plan list last read, else one GET /plans), a 404 on a plan it does read stays YNAB's own,
 * and a resource template filled with such an id (or with no id at all) is an invalid-params error.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf } from '../helpers/harness.js';

const UNKNOWN =
  "plan_id 'no-such-plan' is not a plan this token can read: pass one of 'demo-budget' (from list_plans).";

it.beforeEach(({ h }) => h.standIn.reset());

const plansBody = (n: number) =>
  JSON.stringify({
    data: { plans: Array.from({ length: n }, (_, i) => ({ id: `plan-${i}`, name: `Plan ${i}` })) },
  });

describe.each(ERAS)('%s era', (era) => {
  it('a read tool names the plans the token reads, with one GET /plans at most', async ({ h }) => {
    const s = await connect(h, era);
    const r = await call(s, 'get_monthly_summary', { plan_id: 'no-such-plan' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(`Error calling tool 'get_monthly_summary': ${UNKNOWN}`);
    expect(h.standIn.requests.map((q) => q.path)).toEqual(['/plans/no-such-plan/months', '/plans']);
    // the list just read answers the next one: no second GET /plans
    h.standIn.clearRequests();
    const again = await call(s, 'list_accounts', { plan_id: 'no-such-plan' });
    expect(textOf(again)).toBe(`Error calling tool 'list_accounts': ${UNKNOWN}`);
    expect(h.standIn.requests.map((q) => q.path)).toEqual(['/plans/no-such-plan/accounts']);
  });

  it('a confirmed write says the same and writes nothing', async ({ h, journal }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const r = await call(s, 'flag_transactions', {
      plan_id: 'no-such-plan',
      flags: [{ transaction_id: 'tx-046', color: 'red' }],
    });
    expect(textOf(r)).toBe(`Error calling tool 'flag_transactions': ${UNKNOWN}`);
    expect(h.standIn.writes).toEqual([]);
  });

  it("a 404 on a plan the token reads stays YNAB's, and so does one when the plan list fails", async ({
    h,
  }) => {
    const s = await connect(h, era);
    await call(s, 'list_plans');
    h.standIn.fault({ path: '/plans/demo-budget/accounts', status: 404 });
    const r = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(textOf(r)).toMatch(/^Error calling tool 'list_accounts': YNAB 404: /);
    const fresh = await connect(h, era);
    h.standIn.fault({ path: '/plans', status: 403 });
    const failed = await call(fresh, 'list_accounts', { plan_id: 'no-such-plan' });
    expect(textOf(failed)).toBe("Error calling tool 'list_accounts': YNAB 404: Resource not found");
  });

  it('names ten plans at most, and a token without plans says so', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.fault({ path: '/plans', status: 200, body: plansBody(13) });
    const r = await call(s, 'list_accounts', { plan_id: 'no-such-plan' });
    expect(textOf(r)).toContain("pass one of 'plan-0', 'plan-1',");
    expect(textOf(r)).toContain("'plan-9' and 3 more (from list_plans).");
    const none = await connect(h, era);
    h.standIn.fault({ path: '/plans', status: 200, body: plansBody(0) });
    expect(textOf(await call(none, 'list_accounts', { plan_id: 'no-such-plan' }))).toBe(
      "Error calling tool 'list_accounts': plan_id 'no-such-plan' is not a plan this token can read: it reads no plan.",
    );
  });

  it('a resource template with an unknown plan or a malformed id is an invalid-params error', async ({
    h,
  }) => {
    const s = await connect(h, era);
    await expect(s.client.readResource({ uri: 'ynab://plans/no-such-plan/accounts' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(UNKNOWN),
    });
    await expect(s.client.readResource({ uri: 'ynab://plans/not.an.id/categories' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("'not.an.id' is not a YNAB id"),
    });
    h.standIn.fault({ path: '/plans/demo-budget/accounts', status: 403 });
    await expect(s.client.readResource({ uri: 'ynab://plans/demo-budget/accounts' })).rejects.toMatchObject({
      code: -32603,
    });
  });
});
