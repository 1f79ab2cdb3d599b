/**
 * A write whose success answer does not show the result, and whose one checking read the pacer then
 * forbids, through a real client against the stand-in: YNAB's word is taken, journaled with the id
 * its answer carried (so undo works on it) and the message says it could not be checked — or, where
 * nothing in the answer identifies what was created, the result is `unknown` and nothing is journaled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { HOURLY_BUDGET } from '../../src/ynab/pace.js';
import { it } from '../helpers/fixture.js';
import { call, connect, out } from '../helpers/harness.js';

const PLAN = '/plans/demo-budget';
const SCHEDULED = `${PLAN}/scheduled_transactions`;
const GYM = {
  account_id: 'acc-checking',
  date: '2026-10-01',
  frequency: 'monthly',
  amount: -35,
  payee_id: 'pay-013',
};

interface Case {
  tool: string;
  args: Record<string, unknown>;
  route: { method: string; path: string };
  /** YNAB's success answer, showing nothing to check. */
  answer: unknown;
  /** The journal entry's kind and details, or null when it ends unknown with nothing journaled. */
  journaled: { kind: string; details: (d: Record<string, unknown>) => void } | null;
}

const CASES: Case[] = [
  {
    tool: 'create_scheduled_transaction',
    args: GYM,
    route: { method: 'POST', path: SCHEDULED },
    answer: { scheduled_transaction: { id: 'sch-said' } },
    journaled: {
      kind: 'schedule_create',
      details: (d) =>
        expect(d).toEqual({
          scheduled_transaction_id: 'sch-said',
          body: {
            account_id: 'acc-checking',
            date: '2026-10-01',
            amount: -35_000,
            payee_id: 'pay-013',
            category_id: null,
            memo: null,
            flag_color: null,
            frequency: 'monthly',
          },
        }),
    },
  },
  {
    tool: 'create_scheduled_transaction',
    args: GYM,
    route: { method: 'POST', path: SCHEDULED },
    answer: {},
    journaled: null,
  },
  {
    tool: 'update_scheduled_transaction',
    args: { scheduled_transaction_id: 'sch-rent', amount: -980 },
    route: { method: 'PUT', path: `${SCHEDULED}/sch-rent` },
    answer: {},
    journaled: {
      kind: 'schedule_update',
      details: (d) => {
        expect(d['scheduled_transaction_id']).toBe('sch-rent');
        expect(d['before']).toMatchObject({ amount: -950_000 });
        expect(d['after']).toMatchObject({ amount: -980_000 });
      },
    },
  },
  {
    tool: 'delete_scheduled_transaction',
    args: { scheduled_transaction_id: 'sch-rent' },
    route: { method: 'DELETE', path: `${SCHEDULED}/sch-rent` },
    answer: {},
    journaled: {
      kind: 'schedule_delete',
      details: (d) => expect(d).toMatchObject({ scheduled_transaction_id: 'sch-rent' }),
    },
  },
  {
    tool: 'create_transactions',
    args: {
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-24', amount: -12.5, payee_name: 'Bakery' }],
    },
    route: { method: 'POST', path: `${PLAN}/transactions` },
    answer: { transaction_ids: ['tx-said'], server_knowledge: 2 },
    journaled: { kind: 'create', details: (d) => expect(d).toEqual({ transaction_ids: ['tx-said'] }) },
  },
  {
    tool: 'create_transactions',
    args: {
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-24', amount: -12.5, payee_name: 'Bakery' }],
    },
    route: { method: 'POST', path: `${PLAN}/transactions` },
    answer: { server_knowledge: 2 },
    journaled: null,
  },
  {
    tool: 'delete_transactions',
    args: { transaction_ids: ['tx-046'] },
    route: { method: 'DELETE', path: `${PLAN}/transactions/tx-046` },
    answer: {},
    journaled: {
      kind: 'delete',
      details: (d) =>
        expect((d['transactions'] as { transaction_id: string }[]).map((t) => t.transaction_id)).toEqual([
          'tx-046',
        ]),
    },
  },
  {
    tool: 'flag_transactions',
    args: { flags: [{ transaction_id: 'tx-046', color: 'red' }] },
    route: { method: 'PATCH', path: `${PLAN}/transactions` },
    answer: {},
    journaled: {
      kind: 'flag',
      details: (d) => expect(d).toEqual({ changes: [{ transaction_id: 'tx-046', from: null, to: 'red' }] }),
    },
  },
  {
    tool: 'rename_payee',
    args: { payee_id: 'pay-013', name: 'Market Fresh' },
    route: { method: 'PATCH', path: `${PLAN}/payees/pay-013` },
    answer: {},
    journaled: {
      kind: 'payee',
      details: (d) => expect(d).toMatchObject({ payee_id: 'pay-013', to: 'Market Fresh' }),
    },
  },
  {
    tool: 'set_category_target',
    args: { category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' },
    route: { method: 'PATCH', path: `${PLAN}/categories/cat-holidays` },
    answer: {},
    journaled: {
      kind: 'target',
      details: (d) => expect(d).toMatchObject({ category_id: 'cat-holidays' }),
    },
  },
  {
    tool: 'create_category',
    args: { category_group_id: 'grp-everyday', name: 'Climbing' },
    route: { method: 'POST', path: `${PLAN}/categories` },
    answer: {},
    journaled: null,
  },
];

type Out = { status: string; message: string; operation_id?: string | null; confirmation?: string };
const entries = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { kind: string; operation_id: string; details: Record<string, unknown> })
    : [];

describe.each(CASES)('$tool, its success showing $answer', (c) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('and its check forbidden: taken on YNAB’s word and journaled, or unknown', async ({ h, journal }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const args = { plan_id: 'demo-budget', ...c.args };
    const code = out<Out>(await call(s, c.tool, args)).confirmation;
    const reads = h.standIn.requests.length;
    h.standIn.fault({
      ...c.route,
      status: c.route.method === 'POST' ? 201 : 200,
      body: JSON.stringify({ data: c.answer }),
    });
    // room for the preview's reads again and the write, not for the read that would check it
    while ((await s.deps.pacer.sentLastHour()) < HOURLY_BUDGET - reads - 1) await s.deps.pacer.take();
    const r = out<Out>(await call(s, c.tool, { ...args, confirmation: code }));
    const sends = h.standIn.requests.filter((q) => q.method === c.route.method && q.path === c.route.path);
    expect(sends).toHaveLength(1);
    const journaled = entries(journal);
    if (c.journaled === null) {
      expect(r.status).toBe('unknown');
      expect(r.message).toContain('avenir-mcp could not check what YNAB holds');
      expect(r.operation_id ?? null).toBeNull();
      expect(journaled).toEqual([]);
      return;
    }
    expect(r.status).toBe('applied');
    expect(r.message).toContain(
      'YNAB answered that it made the change, but its answer did not show the result, and the one read to check it failed (avenir-mcp could not check what YNAB holds: ',
    );
    expect(r.message).toContain("this is YNAB's word, not checked.");
    expect(journaled.map((e) => e.kind)).toEqual([c.journaled.kind]);
    c.journaled.details(journaled[0]!.details);
    if ('operation_id' in r) expect(r.operation_id).toBe(journaled[0]!.operation_id);
  });
});
