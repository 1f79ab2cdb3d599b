/**
 * YNAB answers that leave fields out (a successful answer whose `data` is empty), through a real client:
 * a missing list is an empty list, a missing server knowledge means "load in full next time", and
 * missing id lists are empty: a 2xx is still YNAB's yes, and the result names exactly the ids it gave.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, requestLines } from '../helpers/harness.js';
import { tempJournal } from '../helpers/writes.js';

const EMPTY = '{"data":{}}';

describe('sparse YNAB answers', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('a list answer without its list or knowledge is empty, and the next read is a full load', async ({
    h,
  }) => {
    const s = await connect(h, 'modern');
    h.standIn.fault({ method: 'GET', path: '/plans/demo-budget/accounts', status: 200, body: EMPTY });
    const first = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect((first.structuredContent as { result: unknown[] }).result).toEqual([]);
    h.standIn.clearRequests();
    const second = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect((second.structuredContent as { result: unknown[] }).result.length).toBeGreaterThan(3);
    // no last_knowledge_of_server: the empty answer carried none to build a delta on
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/accounts']);
  });

  // an answer without the ids says nothing of what came in; with nothing read before, nothing can tell
  it('an import answer without ids is an unknown outcome', async ({ h }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: tempJournal() } });
    h.standIn.fault({
      method: 'POST',
      path: '/plans/demo-budget/transactions/import',
      status: 201,
      body: EMPTY,
    });
    const r = await call(s, 'import_transactions', { plan_id: 'demo-budget' });
    expect(r.structuredContent).toMatchObject({ status: 'unknown', imported: null, transaction_ids: [] });
  });

  // an answer that shows nothing is settled by reading: here the fault kept the write from landing,
  // but a create no read shows may still land late, so it is unknown (and pending), never "not applied"
  it('a create answer (201) without ids: no read shows it created, so it is unknown', async ({ h }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: tempJournal() } });
    const args = {
      plan_id: 'demo-budget',
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-20', amount: -12.5, payee_name: 'Bakery' }],
    };
    const preview = await call(s, 'create_transactions', args);
    const { confirmation } = preview.structuredContent as { confirmation: string };
    h.standIn.fault({ method: 'POST', path: '/plans/demo-budget/transactions', status: 201, body: EMPTY });
    const r = await call(s, 'create_transactions', { ...args, confirmation });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      status: 'unknown',
      created_ids: [],
      duplicate_import_ids: [],
    });
    expect((r.structuredContent as { message: string }).message).toMatch(/^Do not repeat this change yet: /);
  });

  it('a bulk update answer (200) without the transactions: one read shows nothing changed', async ({ h }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: tempJournal() } });
    const args = {
      plan_id: 'demo-budget',
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    };
    const preview = await call(s, 'apply_categories', args);
    const { confirmation } = preview.structuredContent as { confirmation: string };
    h.standIn.fault({ method: 'PATCH', path: '/plans/demo-budget/transactions', status: 200, body: EMPTY });
    const r = await call(s, 'apply_categories', { ...args, confirmation });
    expect(r.structuredContent).toMatchObject({ status: 'not_applied', conflicts: [] });
  });
});

/*
 * More YNAB answers that leave their list out (a 2xx whose `data` is empty), through a real client: a
 * plan's money movements and their groups read as none, so the answer reports months without
 * movements instead of failing, and says so in its message.
 */
describe('lists left out', () => {
  const EMPTY = '{"data":{}}';
  const PLAN = '/plans/demo-budget';

  describe('sparse list answers', () => {
    it('money movements and groups without their lists: months without movements', async ({ h }) => {
      h.standIn.reset();
      const s = await connect(h, 'modern');
      h.standIn.clearRequests();
      h.standIn.fault({ method: 'GET', path: `${PLAN}/money_movements`, status: 200, body: EMPTY });
      h.standIn.fault({ method: 'GET', path: `${PLAN}/money_movement_groups`, status: 200, body: EMPTY });
      const r = await call(s, 'get_money_movements', { plan_id: 'demo-budget', since: '2026-08-01' });
      expect(r.isError).toBeFalsy();
      const out = r.structuredContent as {
        message: string;
        months: { month: string; movements: number; assigned: number }[];
        most_topped_up: unknown[];
        top_ups: unknown[];
      };
      expect(out.months.map((m) => [m.month, m.movements, m.assigned])).toEqual([
        ['2026-08', 0, 0],
        ['2026-09', 0, 0],
      ]);
      expect(out.most_topped_up).toEqual([]);
      expect(out.top_ups).toEqual([]);
      expect(requestLines(h.standIn)).toEqual([
        `GET ${PLAN}/categories`,
        `GET ${PLAN}/money_movements`,
        `GET ${PLAN}/money_movement_groups`,
      ]);
      expect(out.message).toBe('No category needed topping up over 2 months: every budget held.');
    });
  });
});
