/**
 * An undo of one request whose answer is lost is read back over the settling window, through a real
 * client against the stand-in: in place means applied (and the operation closed); not shown means
 * unknown, never not_applied — YNAB may still apply it late — so the undo stays pending (a repeat is
 * refused) and the operation can be undone once its pending time is over; the undo's write is never
 * re-sent.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { PlanState, VersionedList } from '../../../src/demo/plan-data.js';
import { PENDING_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { heldBack, movableClock, pendingEntries as pending, whileHeld } from '../../helpers/pending.js';
import type { Clock } from '../../../src/clock.js';
import type { FaultRule } from '../../../src/demo/index.js';
import { readMoments } from '../../../src/safety/outcome/settle.js';
import { lines, out } from '../../helpers/move.js';

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

/*
 * The undo writes that are more than one request, or that recreate what they undo, when an answer
 * is lost — through a real client against the stand-in: the undo of a create (one delete each), of
 * a delete (the recreate, found again without taking an older identical transaction for it), of a
 * target, and of a deleted or updated schedule. Each ends applied, partial or unknown as YNAB truly
 * holds it — a lost write no read shows is unknown and pending, never not_applied (YNAB may still
 * apply it late) — journals what is known, and never sends a write twice.
 */
describe('writes of several requests, or that recreate', () => {
  const PLAN = '/plans/demo-budget';
  const TX = `${PLAN}/transactions`;
  const SCHEDULED = `${PLAN}/scheduled_transactions`;
  const undo = { plan_id: 'demo-budget' };

  const session = (h: Harness, journal: string, clock?: Clock) =>
    connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
      ...(clock === undefined ? {} : { overrides: { clock } }),
    });
  /** How many times a lost write is read back over the harness's settling window. */
  const reads = (h: Harness) => readMoments(Number(h.env.AVENIR_MCP_SETTLE_MS)).length;
  /**
   * Asks the undo again while the last one is pending: refused, nothing sent; then lets its pending
   * time pass with nothing shown, so that the next call closes it (it did not land).
   */
  async function refusedUntilOver(
    h: Harness,
    journal: string,
    s: Awaited<ReturnType<typeof session>>,
    clock: ReturnType<typeof movableClock>,
  ): Promise<void> {
    const [p] = pending(journal);
    expect(p).toMatchObject({ tool: 'undo_operation' });
    const writes = h.standIn.requests.filter((q) => q.method !== 'GET').length;
    const refused = await call(s, 'undo_operation', undo);
    expect(refused.isError).toBe(true);
    // refused as the same change, or (asked for what a halfway undo left) as an operation still pending
    expect(textOf(refused)).toMatch(
      new RegExp(`(A change to the same thing is still pending: operation|Operation) ${p?.operation_id} `),
    );
    expect(h.standIn.requests.filter((q) => q.method !== 'GET')).toHaveLength(writes);
    clock.forward(PENDING_MS);
  }
  const sent = (h: Harness, method: string, path: string | RegExp) =>
    h.standIn.requests.filter(
      (q) => q.method === method && (typeof path === 'string' ? q.path === path : path.test(q.path)),
    ).length;
  const undone = (journal: string) =>
    lines(journal).flatMap((l) => (l.undone === undefined ? [] : [l.undone]));
  const entries = (journal: string) => lines(journal).filter((l) => l.kind !== undefined);
  /** A change made by someone else in YNAB: the object is stamped with a new server knowledge. */
  function touch(s: PlanState, list: VersionedList, id: string): void {
    s.knowledge += 1;
    s.stamps[list].set(id, s.knowledge);
  }

  describe('the undo of create_transactions: one delete each', () => {
    it.beforeEach(({ h }) => h.standIn.reset());
    const live = (s: PlanState, ids: readonly string[]) =>
      ids.filter((id) => s.transactions.some((t) => t.id === id && !t.deleted));

    async function created(h: Harness, journal: string, clock?: Clock) {
      const s = await session(h, journal, clock);
      const r = out(
        await call(s, 'create_transactions', {
          plan_id: 'demo-budget',
          account_id: 'acc-checking',
          transactions: [
            { date: '2026-09-24', amount: -12.5, payee_name: 'Bakery' },
            { date: '2026-09-24', amount: -7.25, payee_name: 'Kiosk' },
          ],
        }),
      );
      expect(r.status).toBe('applied');
      const ids = (r as unknown as { created_ids: string[] }).created_ids;
      expect(live(h.standIn.state, ids)).toEqual(ids);
      h.standIn.clearRequests();
      return { s, ids, op: r.operation_id };
    }

    interface Case {
      name: string;
      /** The faults, given the ids in the order the undo deletes them. */
      faults: (ids: string[]) => Partial<FaultRule>[];
      status: string;
      text: (ids: string[]) => string;
      /** The transactions still live after the undo (indexes into the ids). */
      left: number[];
      /** The ids an operation of its own keeps for the next undo (indexes), or null when none. */
      rest: number[] | null;
      /** The original operation is closed (undone). */
      closed: boolean;
      /** The undo stays pending: its one write may still land, so a repeat would send it twice. */
      pending?: boolean;
      /** The pending request did land: the next undo settles it first, and goes on. */
      landed?: boolean;
    }
    const del = (id: string, f: Partial<FaultRule>): Partial<FaultRule> => ({
      method: 'DELETE',
      path: `${TX}/${id}`,
      ...f,
    });
    const CASES: Case[] = [
      {
        name: 'the first answer dropped after it landed: the undo goes on, done',
        faults: ([a]) => [del(a!, { drop: true, apply: true })],
        status: 'applied',
        text: () => 'Created transactions deleted.',
        left: [],
        rest: null,
        closed: true,
      },
      {
        name: 'the first answer cut off before it landed: nothing deleted, unknown, the next undo re-reads',
        faults: ([a]) => [del(a!, { truncate: true })],
        status: 'unknown',
        text: ([a]) =>
          `Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show ${a} deleted (it is still there). YNAB may still apply it late. Check with find_transactions in a few minutes: repeating it now may make it twice. The operation is still in the journal: undo_operation re-reads YNAB first and deletes only what is still there.`,
        left: [0, 1],
        rest: null,
        closed: false,
        pending: true,
      },
      {
        name: 'the second answer dropped before it landed: halfway, unknown, the rest kept',
        faults: ([, b]) => [del(b!, { drop: true })],
        status: 'unknown',
        text: ([a, b]) =>
          `Undo done halfway: ${a} deleted; YNAB's answer to deleting ${b} was lost, and reads over 1 s still show it (YNAB may still delete it late).`,
        left: [1],
        rest: [1],
        closed: true,
        pending: true,
      },
      {
        name: 'the second answer cut off after it landed: done',
        faults: ([, b]) => [del(b!, { truncate: true, apply: true })],
        status: 'applied',
        text: () => 'Created transactions deleted.',
        left: [],
        rest: null,
        closed: true,
      },
      {
        name: 'the second delete refused: halfway, the rest kept',
        faults: ([, b]) => [del(b!, { status: 500 })],
        status: 'partial',
        text: ([a, b]) => `Undo done halfway: ${a} deleted; deleting ${b} failed (YNAB 500`,
        left: [1],
        rest: [1],
        closed: true,
      },
      {
        name: 'the first answer lost and the read-back failing: unknown, both kept',
        faults: ([a]) => [
          // the undo's own two reads (the preview's, and again once the user said yes) pass
          { method: 'GET', path: TX, times: 2 },
          { method: 'GET', path: TX, status: 500 },
          del(a!, { drop: true, apply: true }),
        ],
        status: 'unknown',
        text: ([a, b]) =>
          `Undo done halfway: YNAB's answer to deleting ${a} was lost, and it could not be checked (avenir-mcp could not check what YNAB holds: YNAB 500: internal error); ${b} not sent. Check in YNAB (find_transactions) first; then undo_operation`,
        left: [1],
        rest: [0, 1],
        closed: true,
        pending: true,
        landed: true,
      },
    ];

    it.for(CASES)('$name', async (c, { h, journal }) => {
      const clock = movableClock();
      const { s, ids, op } = await created(h, journal, clock);
      for (const f of c.faults(ids)) h.standIn.fault(f as FaultRule);
      const result = await call(s, 'undo_operation', undo);
      const r = out(result);
      expect(r.status).toBe(c.status);
      expect(Boolean(result.isError)).toBe(c.status !== 'applied');
      expect(r.message).toContain(c.text(ids));
      if (c.status === 'unknown') {
        // not known yet is never "safe to ask again"
        expect(r.message).toMatch(/^Do not repeat this change yet: /);
        expect(r.message).not.toContain('safe to ask again');
      }
      // a delete whose answer was lost and that no read shows stays pending (it may land late: a
      // repeat would send it twice), first or halfway; a refusal is not, what is left re-reads first
      expect(pending(journal).map((p) => p.tool)).toEqual(c.pending === true ? ['undo_operation'] : []);
      // each delete sent once at most: a write that may have landed is never sent again
      for (const id of ids) expect(sent(h, 'DELETE', `${TX}/${id}`)).toBeLessThanOrEqual(1);
      expect(live(h.standIn.state, ids)).toEqual(c.left.map((i) => ids[i]));
      expect(undone(journal)).toEqual(c.closed ? [op] : []);
      const rest = entries(journal).slice(1);
      // what is left carries the states the create recorded, so that the next undo compares them too
      const states = (entries(journal)[0]?.details as { states: { transaction_id: string }[] }).states;
      expect(rest.map((e) => e.details)).toEqual(
        c.rest === null
          ? []
          : [
              {
                transaction_ids: c.rest.map((i) => ids[i]),
                states: c.rest.map((i) => states.find((x) => x.transaction_id === ids[i])),
              },
            ],
      );
      if (c.left.length === 0) return;
      // the next undo finishes only what is left: a delete that landed is a conflict, never re-sent
      // (a pending one first refused, until its pending time is over with nothing shown)
      if (c.pending === true && c.landed !== true) await refusedUntilOver(h, journal, s, clock);
      h.standIn.clearRequests();
      const next = out(await call(s, 'undo_operation', undo));
      expect(next.status).toBe('applied');
      expect(live(h.standIn.state, ids)).toEqual([]);
      expect(h.standIn.requests.filter((q) => q.method === 'DELETE')).toHaveLength(c.left.length);
    });
  });

  describe('an undo whose first write YNAB refuses', () => {
    it.beforeEach(({ h }) => h.standIn.reset());

    it.for([
      {
        tool: 'create_transactions',
        args: {
          account_id: 'acc-checking',
          transactions: [{ date: '2026-09-24', amount: -12.5, payee_name: 'Bakery' }],
        },
        write: { method: 'DELETE', path: new RegExp(`^${TX}/`) },
      },
      {
        tool: 'delete_transactions',
        args: { transaction_ids: ['tx-046'] },
        write: { method: 'POST', path: TX },
      },
    ])('$tool: nothing changed, the reason given, still undoable', async (c, { h, journal }) => {
      const s = await session(h, journal);
      const done = out(await call(s, c.tool, { plan_id: 'demo-budget', ...c.args }));
      expect(done.status).toBe('applied');
      const held = structuredClone(h.standIn.state.transactions);
      h.standIn.clearRequests();
      h.standIn.fault({ ...c.write, status: 500 });
      const refused = await call(s, 'undo_operation', undo);
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('YNAB 500');
      expect(sent(h, c.write.method, c.write.path)).toBe(1);
      expect(h.standIn.state.transactions).toEqual(held);
      expect(undone(journal)).toEqual([]);
      expect(out(await call(s, 'undo_operation', undo)).status).toBe('applied');
      expect(undone(journal)).toEqual([done.operation_id]);
    });
  });

  describe('the undo of delete_transactions: the recreate', () => {
    it.beforeEach(({ h }) => h.standIn.reset());
    const alike = (s: PlanState, of: { account_id: string; date: string; amount: number }) =>
      s.transactions.filter(
        (t) => !t.deleted && t.account_id === of.account_id && t.date === of.date && t.amount === of.amount,
      );

    async function deleted(h: Harness, journal: string, ids: string[], clock?: Clock) {
      const s = await session(h, journal, clock);
      const originals = ids.map((id) => ({ ...h.standIn.state.transactions.find((t) => t.id === id)! }));
      const r = out(await call(s, 'delete_transactions', { plan_id: 'demo-budget', transaction_ids: ids }));
      expect(r.status).toBe('applied');
      h.standIn.clearRequests();
      return { s, originals, op: r.operation_id };
    }

    it.for([
      { name: 'dropped after it landed', fault: { drop: true, apply: true }, landed: true },
      { name: 'dropped before it landed', fault: { drop: true }, landed: false },
      { name: 'cut off after it landed', fault: { truncate: true, apply: true }, landed: true },
      {
        name: 'replaced by a success without ids',
        fault: { status: 201, body: '{"data":{}}' },
        landed: false,
      },
    ])('an answer $name is read back, never re-sent', async (lost, { h, journal }) => {
      const clock = movableClock();
      const { s, originals, op } = await deleted(h, journal, ['tx-046'], clock);
      const tx = originals[0]!;
      // someone enters an identical transaction by hand before the undo: it must not pass for the recreated one
      const twin = { ...tx, id: 'tx-twin', deleted: false };
      h.standIn.state.transactions.push(twin);
      touch(h.standIn.state, 'transactions', 'tx-twin');
      h.standIn.fault({ method: 'POST', path: TX, ...lost.fault });
      const result = await call(s, 'undo_operation', undo);
      const r = out(result);
      expect(sent(h, 'POST', TX)).toBe(1);
      expect(Boolean(result.isError)).toBe(!lost.landed);
      const now = alike(h.standIn.state, tx);
      if (lost.landed) {
        expect(r.status).toBe('applied');
        const made = now.find((t) => t.id !== 'tx-twin')!;
        expect(r.message).toBe(
          `YNAB's answer was lost, but a read-back shows the undo in place: recreated tx-046 as ${made.id}.`,
        );
        expect(now).toHaveLength(2);
        expect(undone(journal)).toEqual([op]);
        expect(pending(journal)).toEqual([]);
      } else {
        // nothing shows yet: unknown and pending, never "safe to ask again" (it may land late)
        expect(r.status).toBe('unknown');
        expect(r.message).toBe(
          `Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show the recreated transactions. YNAB may still apply it late. Check with find_transactions in a few minutes: repeating it now may make it twice. avenir-mcp keeps it as pending operation ${pending(journal)[0]?.operation_id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
        );
        expect(now.map((t) => t.id)).toEqual(['tx-twin']);
        expect(undone(journal)).toEqual([]);
        await refusedUntilOver(h, journal, s, clock);
        expect(sent(h, 'POST', TX)).toBe(1);
        // its pending time over with nothing shown, it did not land: the next undo recreates it
        expect(out(await call(s, 'undo_operation', undo)).status).toBe('applied');
        expect(alike(h.standIn.state, tx)).toHaveLength(2);
        expect(undone(journal)).toEqual([op]);
      }
    });

    it('a read-back showing only one of two recreated: partial, the other kept for the next undo', async ({
      h,
      journal,
    }) => {
      const { s, originals, op } = await deleted(h, journal, ['tx-046', 'tx-047']);
      const [first, second] = originals as [(typeof originals)[0], (typeof originals)[0]];
      // YNAB's answer is lost, and what it holds since shows the first one only
      const shown = { ...first, id: 'tx-back', deleted: false };
      const body = JSON.stringify({ data: { transactions: [shown], server_knowledge: 999 } });
      h.standIn.fault({ method: 'POST', path: TX, drop: true });
      // every read of the settling window shows it so
      h.standIn.fault({ method: 'GET', path: TX, status: 200, body, times: reads(h) });
      const result = await call(s, 'undo_operation', undo);
      const r = out(result);
      expect(r.status).toBe('partial');
      expect(result.isError).toBe(true);
      expect(r.message).toContain(
        "Undo done halfway: YNAB's answer was lost; a read-back shows tx-046 as tx-back recreated, and tx-047 not.",
      );
      expect(undone(journal)).toEqual([op]);
      const rest = entries(journal).slice(1);
      expect(rest.map((e) => e.kind)).toEqual(['delete']);
      expect((rest[0]!.details as { transactions: { transaction_id: string }[] }).transactions).toEqual([
        expect.objectContaining({ transaction_id: 'tx-047', amount: second.amount, date: second.date }),
      ]);
      // the next undo recreates only the other one
      h.standIn.clearRequests();
      expect(out(await call(s, 'undo_operation', undo)).status).toBe('applied');
      expect(alike(h.standIn.state, second)).toHaveLength(1);
      expect(alike(h.standIn.state, first)).toHaveLength(0);
    });

    it('a lost answer whose read-back fails: unknown, the operation left as it is', async ({
      h,
      journal,
    }) => {
      const { s, originals, op } = await deleted(h, journal, ['tx-046']);
      h.standIn.fault({ method: 'POST', path: TX, drop: true, apply: true });
      h.standIn.fault({ method: 'GET', path: TX, status: 500 });
      const result = await call(s, 'undo_operation', undo);
      const r = out(result);
      expect(r.status).toBe('unknown');
      expect(result.isError).toBe(true);
      expect(r.message).toContain('Do not repeat this change yet: the undo may or may not be in YNAB (');
      expect(r.message).toContain('avenir-mcp could not check what YNAB holds: YNAB 500');
      expect(r.message).toContain('Check with find_transactions before anything else');
      expect(sent(h, 'POST', TX)).toBe(1);
      expect(alike(h.standIn.state, originals[0]!)).toHaveLength(1);
      expect(undone(journal)).toEqual([]);
      expect(op).toEqual(expect.any(String));
      expect(pending(journal)).toEqual([expect.objectContaining({ tool: 'undo_operation' })]);
    });
  });

  const holidays = (s: PlanState) => s.categories.find((c) => c.id === 'cat-holidays')!;
  const rent = (s: PlanState) => s.scheduled_transactions.find((r) => r.id === 'sch-rent')!;

  interface Unsettled {
    tool: string;
    args: Record<string, unknown>;
    write: { method: string; path: string };
    /** Changes made in YNAB by someone else while the undo's write is on its way. */
    changes: { name: string; change: (s: PlanState) => void; finds: string }[];
  }

  const UNSETTLED: Unsettled[] = [
    {
      tool: 'set_category_target',
      args: { category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' },
      write: { method: 'PATCH', path: `${PLAN}/categories/cat-holidays` },
      changes: [
        {
          name: 'the category deleted',
          change: (s) => {
            holidays(s).deleted = true;
            touch(s, 'categories', 'cat-holidays');
          },
          finds: 'a read-back finds the category gone',
        },
        {
          name: 'another target set',
          change: (s) => {
            holidays(s).target!.goal_target = 777_000;
            touch(s, 'categories', 'cat-holidays');
          },
          finds: 'a read-back finds the target neither as set nor as before (777.00',
        },
      ],
    },
    {
      tool: 'update_scheduled_transaction',
      args: { scheduled_transaction_id: 'sch-rent', amount: -980 },
      write: { method: 'PUT', path: `${SCHEDULED}/sch-rent` },
      changes: [
        {
          name: 'the schedule deleted',
          change: (s) => {
            rent(s).deleted = true;
            touch(s, 'scheduled', 'sch-rent');
          },
          finds: 'a read-back finds the scheduled transaction gone',
        },
        {
          name: 'another amount set',
          change: (s) => {
            rent(s).amount = -500_000;
            touch(s, 'scheduled', 'sch-rent');
          },
          finds: 'a read-back finds it neither as it was nor as the operation left it',
        },
      ],
    },
  ];

  describe.each(UNSETTLED)('the undo of $tool, its answer lost', (c) => {
    it.beforeEach(({ h }) => h.standIn.reset());

    it.for(c.changes)('with $name meanwhile: unknown, saying why', async (m, { h, journal }) => {
      const s = await session(h, journal);
      const done = out(await call(s, c.tool, { plan_id: 'demo-budget', ...c.args }));
      expect(done.status).toBe('applied');
      h.standIn.clearRequests();
      const held = heldBack();
      h.standIn.fault({ ...c.write, drop: true, hold: held.hold });
      const pending = call(s, 'undo_operation', undo);
      await whileHeld(h.standIn, c.write, held, () => m.change(h.standIn.state));
      const r = out(await pending);
      expect(r.status).toBe('unknown');
      expect(r.message).toContain(m.finds);
      expect(r.message).toContain('do not repeat the undo blindly');
      expect(sent(h, c.write.method, c.write.path)).toBe(1);
      expect(undone(journal)).toEqual([]);
    });
  });

  describe('the undo of delete_scheduled_transaction: the recreate', () => {
    it.beforeEach(({ h }) => h.standIn.reset());
    const likeRent = (s: PlanState) =>
      s.scheduled_transactions.filter((r) => !r.deleted && r.amount === -950_000 && r.id !== 'sch-rent');

    async function deletedRent(h: Harness, journal: string, clock?: Clock) {
      const s = await session(h, journal, clock);
      const amount = rent(h.standIn.state).amount;
      expect(amount).toBe(-950_000);
      const r = out(
        await call(s, 'delete_scheduled_transaction', {
          plan_id: 'demo-budget',
          scheduled_transaction_id: 'sch-rent',
        }),
      );
      expect(r.status).toBe('applied');
      h.standIn.clearRequests();
      return { s, op: r.operation_id };
    }

    it.for([
      { name: 'dropped after it landed', fault: { drop: true, apply: true }, landed: true },
      { name: 'cut off before it landed', fault: { truncate: true }, landed: false },
      {
        name: 'replaced by a success naming nothing',
        fault: { status: 201, body: '{"data":{}}' },
        landed: false,
      },
    ])('an answer $name is read back, never re-sent', async (lost, { h, journal }) => {
      const clock = movableClock();
      const { s, op } = await deletedRent(h, journal, clock);
      h.standIn.fault({ method: 'POST', path: SCHEDULED, ...lost.fault });
      const result = await call(s, 'undo_operation', undo);
      const r = out(result);
      expect(sent(h, 'POST', SCHEDULED)).toBe(1);
      expect(Boolean(result.isError)).toBe(!lost.landed);
      const made = likeRent(h.standIn.state);
      if (lost.landed) {
        expect(r.status).toBe('applied');
        expect(made).toHaveLength(1);
        expect(r.message).toBe(
          `YNAB's answer was lost, but a read-back shows the undo in place. Recreated with a new id: ${made[0]!.id}.`,
        );
        expect(undone(journal)).toEqual([op]);
        expect(pending(journal)).toEqual([]);
      } else {
        // nothing shows yet: unknown and pending, never "safe to ask again" (it may land late)
        expect(r.status).toBe('unknown');
        expect(r.message).toBe(
          `Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show the undo. YNAB may still apply it late. Check with the read tools in a few minutes: repeating it now may make it twice. The operation is still in the journal: undo_operation re-reads YNAB first, and undoes only what is still to undo. avenir-mcp keeps it as pending operation ${pending(journal)[0]?.operation_id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
        );
        expect(made).toEqual([]);
        expect(undone(journal)).toEqual([]);
        await refusedUntilOver(h, journal, s, clock);
        expect(sent(h, 'POST', SCHEDULED)).toBe(1);
        expect(out(await call(s, 'undo_operation', undo)).status).toBe('applied');
        expect(likeRent(h.standIn.state)).toHaveLength(1);
        expect(undone(journal)).toEqual([op]);
      }
    });

    it('an identical schedule entered meanwhile is never taken for the recreated one', async ({
      h,
      journal,
    }) => {
      const { s } = await deletedRent(h, journal);
      const held = heldBack();
      h.standIn.fault({ method: 'POST', path: SCHEDULED, drop: true, apply: true, hold: held.hold });
      const pending = call(s, 'undo_operation', undo);
      await whileHeld(h.standIn, { method: 'POST', path: SCHEDULED }, held, () => {
        const st = h.standIn.state;
        st.scheduled_transactions.push({ ...rent(st), id: 'sch-twin', deleted: false });
        touch(st, 'scheduled', 'sch-twin');
      });
      const r = out(await pending);
      expect(r.status).toBe('unknown');
      expect(r.message).toContain(
        'a read-back finds 2 scheduled transaction(s) like it, which it cannot tell apart from older ones',
      );
      expect(likeRent(h.standIn.state)).toHaveLength(2);
      expect(undone(journal)).toEqual([]);
    });
  });
});
