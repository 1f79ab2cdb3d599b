/**
 * An undo of one request whose answer is lost is read back once, through a real client against the
 * stand-in: in place means applied (and the operation closed), not there means not_applied (and the
 * operation can still be undone); the undo's write is never re-sent.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { PlanState } from '../../src/demo/plan-data.js';
import { it } from '../helpers/fixture.js';
import { call, connect } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';

const TX = '/plans/demo-budget/transactions';
const tx = (s: PlanState, id: string) => s.transactions.find((t) => t.id === id);

interface Case {
  tool: string;
  args: Record<string, unknown>;
  /** The undo's one write. */
  undo: { method: string; path: string | RegExp };
  held: (s: PlanState) => unknown;
}

const CASES: Case[] = [
  {
    tool: 'apply_categories',
    args: { assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }] },
    undo: { method: 'PATCH', path: TX },
    held: (s) => tx(s, 'tx-046')?.category_id ?? null,
  },
  {
    tool: 'flag_transactions',
    args: { flags: [{ transaction_id: 'tx-046', color: 'red' }] },
    undo: { method: 'PATCH', path: TX },
    held: (s) => tx(s, 'tx-046')?.flag_color ?? null,
  },
  {
    tool: 'update_transactions',
    args: { transactions: [{ transaction_id: 'tx-046', memo: 'checked' }] },
    undo: { method: 'PATCH', path: TX },
    held: (s) => tx(s, 'tx-046')?.memo ?? null,
  },
  {
    tool: 'rename_payee',
    args: { payee_id: 'pay-013', name: 'Market Fresh' },
    undo: { method: 'PATCH', path: '/plans/demo-budget/payees/pay-013' },
    held: (s) => s.payees.find((p) => p.id === 'pay-013')?.name,
  },
  {
    tool: 'create_transfer',
    args: { from_account_id: 'acc-checking', to_account_id: 'acc-savings', amount: 211, date: '2026-09-25' },
    undo: { method: 'DELETE', path: /^\/plans\/demo-budget\/transactions\/tx-/ },
    held: (s) => s.transactions.filter((t) => !t.deleted && Math.abs(t.amount) === 211_000).length,
  },
  {
    tool: 'update_scheduled_transaction',
    args: { scheduled_transaction_id: 'sch-rent', amount: -980 },
    undo: { method: 'PUT', path: '/plans/demo-budget/scheduled_transactions/sch-rent' },
    held: (s) => s.scheduled_transactions.find((r) => r.id === 'sch-rent')?.amount,
  },
  {
    tool: 'set_category_target',
    args: { category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' },
    undo: { method: 'PATCH', path: '/plans/demo-budget/categories/cat-holidays' },
    held: (s) => s.categories.find((c) => c.id === 'cat-holidays')?.target ?? null,
  },
  {
    tool: 'delete_scheduled_transaction',
    args: { scheduled_transaction_id: 'sch-rent' },
    undo: { method: 'POST', path: '/plans/demo-budget/scheduled_transactions' },
    held: (s) =>
      s.scheduled_transactions.filter((r) => !r.deleted && r.amount === -950_000 && r.frequency === 'monthly')
        .length,
  },
  {
    tool: 'create_scheduled_transaction',
    args: {
      account_id: 'acc-checking',
      date: '2026-10-01',
      frequency: 'monthly',
      amount: -35,
      payee_name: 'Gym',
    },
    undo: { method: 'DELETE', path: /^\/plans\/demo-budget\/scheduled_transactions\// },
    held: (s) => s.scheduled_transactions.filter((r) => !r.deleted && r.amount === -35_000).length,
  },
];

type Out = { status: string; message: string; operation_id?: string | null };
const out = (r: { structuredContent?: unknown }) => r.structuredContent as Out;
const undoneIn = (path: string): unknown[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { undone?: unknown }).undone)
    .filter((u) => u !== undefined);

describe.each(CASES)('undo of $tool', (c) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it.for([true, false])('a lost answer (landed: %s) is read back once', async (landed, { h, journal }) => {
    const before = c.held(h.standIn.state);
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const done = out(await call(s, c.tool, { plan_id: 'demo-budget', ...c.args }));
    expect(done.status).toBe('applied');
    const after = c.held(h.standIn.state);
    h.standIn.clearRequests();
    h.standIn.fault({ ...c.undo, drop: true, apply: landed });
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    const sent = h.standIn.requests.filter((q) => q.method === c.undo.method);
    expect(sent).toHaveLength(1);
    expect(r.status).toBe(landed ? 'applied' : 'not_applied');
    expect(r.message).toContain(landed ? 'a read-back shows the undo in place' : 'it is safe to ask again');
    expect(c.held(h.standIn.state)).toEqual(landed ? before : after);
    expect(undoneIn(journal)).toEqual(landed ? [done.operation_id] : []);
    if (landed) return;
    // still in the journal: the next undo reverts it
    const again = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(again.status).toBe('applied');
    expect(c.held(h.standIn.state)).toEqual(before);
  });
});
