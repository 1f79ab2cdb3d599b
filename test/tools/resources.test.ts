/**
 * The `ynab://` resources: compact JSON, one YNAB request each, names sanitised; and the digest, the
 * text get_digest answers.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../helpers/harness.js';

const demo = buildDemoPlan();

describe.each(ERAS)('resources, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const read = async (uri: string): Promise<string> => {
    const r = await s.client.readResource({ uri });
    const c = r.contents[0] as { text: string; mimeType?: string };
    expect(c.mimeType).toBe('application/json');
    return c.text;
  };

  it('ynab://plans lists the plans with their ids', async ({ h }) => {
    const text = await read('ynab://plans');
    expect(text).toBe(
      JSON.stringify([
        { plan_id: 'demo-budget', name: 'Demo household', last_modified_on: demo.plan.last_modified_on },
      ]),
    );
    expect(requestLines(h.standIn)).toEqual(['GET /plans']);
  });

  it('ynab://plans/{plan_id}/categories gives the visible categories by group', async ({ h }) => {
    const body = JSON.parse(await read('ynab://plans/demo-budget/categories')) as {
      group: string;
      categories: { category_id: string; name: string }[];
    }[];
    const groups = demo.category_groups.filter((g) => g.name !== 'Internal Master Category');
    expect(body.map((g) => g.group)).toEqual(groups.map((g) => g.name));
    for (const g of groups) {
      const want = demo.categories
        .filter((c) => c.category_group_id === g.id && !c.hidden)
        .map((c) => ({ category_id: c.id, name: c.name }));
      expect(body.find((b) => b.group === g.name)?.categories).toEqual(want);
    }
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/categories']);
  });

  it('ynab://plans/{plan_id}/accounts gives the open accounts in currency units', async ({ h }) => {
    const body = JSON.parse(await read('ynab://plans/demo-budget/accounts')) as {
      account_id: string;
      balance: number;
    }[];
    expect(body.map((a) => a.account_id)).toEqual(demo.accounts.filter((a) => !a.closed).map((a) => a.id));
    expect(body.find((a) => a.account_id === 'acc-checking')).toEqual({
      account_id: 'acc-checking',
      name: 'Checking',
      type: 'checking',
      on_budget: true,
      balance: 3328.5,
    });
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/accounts']);
  });

  it('avenir-mcp://digest/{plan_id} is the text get_digest answers, and moves no mark', async ({
    h,
    journal,
  }) => {
    // no freshness window: another app's change shows at once
    const own = await connect(h, era, {
      env: { AVENIR_MCP_JOURNAL: journal, AVENIR_MCP_FRESH_SECONDS: '0' },
    });
    const text = async () => {
      const r = await own.client.readResource({ uri: 'avenir-mcp://digest/demo-budget' });
      const c = r.contents[0] as { uri: string; text: string; mimeType?: string };
      expect(c.uri).toBe('avenir-mcp://digest/demo-budget');
      expect(c.mimeType).toBe('text/plain');
      return c.text;
    };
    const first = await text();
    expect(first.split('\n')[0]).toBe(
      'message: First digest: changes are counted from now on. 8 item(s) need you: overspent, target due, duplicate, outsized charge, categorize, not reconciled. The most pressing first.',
    );
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
      'GET /plans/demo-budget/scheduled_transactions',
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-09-01',
      // with no freshness window, the first mark's lists are synced again (deltas, through the cache)
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/scheduled_transactions',
      'GET /plans/demo-budget/transactions',
      'GET /plans/demo-budget/money_movements',
    ]);
    // a change made elsewhere shows in the resource, read twice: reading it moves no mark
    const gone = await fetch(`${h.standIn.url}/plans/demo-budget/transactions/tx-056`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer other-app' },
    });
    expect(gone.status).toBe(200);
    const changed = await text();
    expect(changed.split('\n')[0]).toMatch(
      /^message: Since the last digest \(\d{4}-\d\d-\d\d\): 1 transaction \(1 deleted\)\. /,
    );
    expect(await text()).toBe(changed);
    // the tool answers the same text, and moves the mark: the next reading has no change
    const tool = await call(own, 'get_digest', { plan_id: 'demo-budget' });
    expect(textOf(tool)).toBe(changed);
    expect((await text()).split('\n')[0]).toMatch(/^message: Since the last digest \(.*\): no change\. /);
  });

  it('avenir-mcp://digest/{plan_id} of an unknown plan is an invalid parameter', async () => {
    await expect(s.client.readResource({ uri: 'avenir-mcp://digest/no-such-plan' })).rejects.toThrow(
      /no-such-plan/,
    );
  });
});
