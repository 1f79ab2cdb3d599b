/**
 * An undo of one request whose answer is lost is read back over the settling window, through a real
 * client against the stand-in: in place means applied (and the operation closed); not shown means
 * unknown, never not_applied — YNAB may still apply it late — so the undo stays pending (a repeat is
 * refused) and the operation can be undone once its pending time is over; the undo's write is never
 * re-sent.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { PlanState } from '../../../src/demo/plan-data.js';
import { PENDING_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { movableClock, pendingEntries as pending } from '../../helpers/pending.js';

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

  it.for([true, false])(
    'a lost answer (landed: %s) is read back, never re-sent',
    async (landed, { h, journal }) => {
      const before = c.held(h.standIn.state);
      const clock = movableClock();
      const s = await connect(h, 'modern', {
        env: { AVENIR_MCP_JOURNAL: journal },
        elicit: answering(ACCEPT).handler,
        overrides: { clock },
      });
      const done = out(await call(s, c.tool, { plan_id: 'demo-budget', ...c.args }));
      expect(done.status).toBe('applied');
      const after = c.held(h.standIn.state);
      h.standIn.clearRequests();
      h.standIn.fault({ ...c.undo, drop: true, apply: landed });
      const result = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
      const r = out(result);
      const writes = () => h.standIn.requests.filter((q) => q.method === c.undo.method);
      expect(writes()).toHaveLength(1);
      expect(r.status).toBe(landed ? 'applied' : 'unknown');
      expect(Boolean(result.isError)).toBe(!landed);
      expect(c.held(h.standIn.state)).toEqual(landed ? before : after);
      expect(undoneIn(journal)).toEqual(landed ? [done.operation_id] : []);
      if (landed) {
        expect(r.message).toContain('a read-back shows the undo in place');
        expect(pending(journal)).toEqual([]);
        return;
      }
      // no read shows it: not known yet, and pending (YNAB may still apply it late)
      const id = pending(journal)[0]?.operation_id;
      expect(pending(journal)).toEqual([
        expect.objectContaining({ operation_id: id, tool: 'undo_operation' }),
      ]);
      expect(r.message).toBe(
        `Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show the undo. YNAB may still apply it late. Check with the read tools in a few minutes: repeating it now may make it twice. The operation is still in the journal: undo_operation re-reads YNAB first, and undoes only what is still to undo. avenir-mcp keeps it as pending operation ${id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
      );
      expect(r.message).not.toContain('safe to ask again');
      // asked again while pending: refused, nothing sent
      const refused = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(`A change to the same thing is still pending: operation ${id}`);
      expect(writes()).toHaveLength(1);
      expect(c.held(h.standIn.state)).toEqual(after);
      // once its pending time is over with nothing shown, it did not land: the next undo reverts it
      clock.forward(PENDING_MS);
      const again = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(again.status).toBe('applied');
      expect(c.held(h.standIn.state)).toEqual(before);
      expect(pending(journal)).toEqual([]);
      expect(undoneIn(journal)).toEqual([done.operation_id]);
    },
  );
});
