/**
 * reconcile_account's lost answers that the other reconcile tables leave out, through a real client
 * against the stand-in: the balance adjustment's create (late, dropped after it was applied, a 2xx
 * answer cut halfway) is read back like any create, never "not applied", and the PATCH is not sent
 * while the adjustment is not known; a reconciliation left pending is settled by the next process
 * from its pending entry alone, journaled under the pending id and undoable. Assertions are on the
 * stand-in's state, the journal and the pending file.
 */
import { describe, expect } from 'vitest';
import type { Clock } from '../../../src/clock.js';
import type { FaultRule } from '../../../src/demo/index.js';
import { ADJUSTMENT_MEMO } from '../../../src/domain/accounts/reconcile.js';
import { PENDING_MS, RETRY_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness, type Session, out } from '../../helpers/harness.js';
import {
  heldBack,
  journalEntries,
  movableClock,
  pendingEntries,
  pendingIdIn,
  until,
} from '../../helpers/pending.js';
import { lateOptions } from '../../helpers/late-session.js';

const TX = '/plans/demo-budget/transactions';
const PLAN = { plan_id: 'demo-budget' };
/** Savings holds 600.00 cleared: a bank balance of 612.34 books an adjustment of 12.34. */
const ADJUST = { ...PLAN, account_id: 'acc-savings', bank_balance: 612.34, adjust: true };

type Out = { status: string; message: string; operation_id: string | null };

const adjustments = (h: Harness) =>
  h.standIn.state.transactions.filter((t) => !t.deleted && t.memo === ADJUSTMENT_MEMO);
const reconciled = (h: Harness) =>
  h.standIn.state.transactions.filter(
    (t) => !t.deleted && t.account_id === 'acc-savings' && t.cleared === 'reconciled',
  ).length;
const sent = (h: Harness, method: string) =>
  h.standIn.requests.filter((q) => q.method === method && q.path === TX).length;
const kindsOf = (journal: string, id: string) =>
  journalEntries(journal)
    .filter((e) => e.operation_id === id)
    .map((e) => e.kind);

function open(h: Harness, journal: string, clock?: Clock): Promise<Session> {
  return connect(h, 'modern', lateOptions(h, journal, clock));
}

describe("reconcile_account, the adjustment's answer lost", () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('applied late: unknown and pending, the PATCH not sent; settled as a created adjustment, undone', async ({
    h,
    journal,
  }) => {
    const clock = movableClock();
    const s = await open(h, journal, clock);
    const before = reconciled(h);
    const late = heldBack();
    h.standIn.fault({ method: 'POST', path: TX, hold: late.hold });
    const r = await call(s, 'reconcile_account', ADJUST);
    expect(r.isError).toBe(true);
    expect(out<Out>(r)).toMatchObject({ status: 'unknown', operation_id: null });
    expect(out<Out>(r).message).toMatch(
      /^Do not repeat this change yet: YNAB's answer to creating the balance adjustment of 12\.34 was lost, and nothing was marked reconciled \(that request was not sent\): YNAB's answer was lost, and reads over 1 s do not show the change\. /,
    );
    expect(out<Out>(r).message).not.toContain('safe to ask again');
    const id = pendingIdIn(out<Out>(r).message);
    expect(pendingEntries(journal)).toEqual([
      expect.objectContaining({
        operation_id: id,
        recognise: expect.objectContaining({ expect: 'created' }),
      }),
    ]);
    expect(sent(h, 'PATCH')).toBe(0);
    // asked again while pending: refused, nothing sent
    const again = await call(s, 'reconcile_account', ADJUST);
    expect(again.isError).toBe(true);
    expect(sent(h, 'POST')).toBe(1);

    late.land();
    await until(() => adjustments(h).length === 1);
    clock.forward(RETRY_MS);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, id)).toEqual(['create']);
    expect(reconciled(h)).toBe(before);
    const undo = out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: id }));
    expect(undo.status).toBe('applied');
    expect(adjustments(h)).toEqual([]);
    expect(sent(h, 'POST')).toBe(1);
  });

  it.for<{ name: string; fault: Partial<FaultRule> }>([
    { name: 'dropped after YNAB applied it', fault: { drop: true, apply: true } },
    { name: 'a 2xx answer cut halfway, applied', fault: { truncate: true, apply: true } },
  ])('$name: read back, reconciled, journaled once and undoable', async ({ fault }, { h, journal }) => {
    const s = await open(h, journal);
    const before = reconciled(h);
    h.standIn.fault({ method: 'POST', path: TX, ...fault });
    const r = out<Out>(await call(s, 'reconcile_account', ADJUST));
    expect(r.status).toBe('applied');
    expect(adjustments(h)).toHaveLength(1);
    expect(reconciled(h)).toBeGreaterThan(before);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, r.operation_id ?? '')).toEqual(['reconcile']);
    expect(sent(h, 'POST')).toBe(1);
    const undo = out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: r.operation_id }));
    expect(undo.status).toBe('applied');
    expect(adjustments(h)).toEqual([]);
    expect(reconciled(h)).toBe(before);
  });

  it('dropped and never applied: unknown, pending until its time is over, nothing journaled', async ({
    h,
    journal,
  }) => {
    const clock = movableClock();
    const s = await open(h, journal, clock);
    h.standIn.fault({ method: 'POST', path: TX, drop: true });
    const r = await call(s, 'reconcile_account', ADJUST);
    expect(out<Out>(r).status).toBe('unknown');
    const id = pendingIdIn(out<Out>(r).message);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal).map((p) => p.operation_id)).toEqual([id]);
    clock.forward(PENDING_MS);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(journalEntries(journal)).toEqual([]);
    expect(adjustments(h)).toEqual([]);
    expect(sent(h, 'PATCH')).toBe(0);
  });
});

describe('reconcile_account left pending, settled by the next process', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  /** Reconciles in a first process with `fault`, closes it; returns the pending id and a next process. */
  async function inFirst(
    h: Harness,
    journal: string,
    args: Record<string, unknown>,
    fault: Partial<FaultRule>,
  ) {
    const first = await open(h, journal);
    h.standIn.fault({ path: TX, ...fault });
    const r = out<Out>(await call(first, 'reconcile_account', args));
    expect(r.status).toBe('unknown');
    await first.close();
    return { id: pendingIdIn(r.message), next: await open(h, journal) };
  }

  it('a PATCH applied late: journaled as the reconciliation under the pending id, and undone', async ({
    h,
    journal,
  }) => {
    const args = { ...PLAN, account_id: 'acc-savings', bank_balance: 600 };
    const before = reconciled(h);
    const late = heldBack();
    const { id, next } = await inFirst(h, journal, args, { method: 'PATCH', hold: late.hold });
    expect(pendingEntries(journal)[0]?.recognise).toMatchObject({ expect: 'fields' });
    late.land();
    await until(() => reconciled(h) > before);
    await call(next, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, id)).toEqual(['reconcile']);
    expect(out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: id })).status).toBe(
      'applied',
    );
    expect(reconciled(h)).toBe(before);
    expect(sent(h, 'PATCH')).toBe(2);
  });

  it('an adjustment applied late: journaled as a created transaction, and its undo deletes it', async ({
    h,
    journal,
  }) => {
    const late = heldBack();
    const { id, next } = await inFirst(h, journal, ADJUST, { method: 'POST', hold: late.hold });
    late.land();
    await until(() => adjustments(h).length === 1);
    await call(next, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, id)).toEqual(['create']);
    expect(out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: id })).status).toBe(
      'applied',
    );
    expect(adjustments(h)).toEqual([]);
    expect(sent(h, 'PATCH')).toBe(0);
  });

  it('once the adjustment is made, the entry is recognised by the PATCH that names it', async ({
    h,
    journal,
  }) => {
    const late = heldBack();
    const { id, next } = await inFirst(h, journal, ADJUST, { method: 'PATCH', hold: late.hold });
    const [made] = adjustments(h);
    const recognise = pendingEntries(journal)[0]?.recognise as {
      expect: string;
      patches: { id: string }[];
      record_id: string;
    };
    expect(recognise.expect).toBe('fields');
    expect(recognise.patches.map((p) => p.id)).toContain(made?.id);
    // the pending id went to the adjustment's own entry: the reconciliation has an id of its own
    expect(recognise.record_id).toMatch(/^[0-9a-f]{12}$/);
    expect(recognise.record_id).not.toBe(id);
    late.land();
    await until(
      () =>
        made !== undefined &&
        h.standIn.state.transactions.some((t) => t.id === made.id && t.cleared === 'reconciled'),
    );
    await call(next, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    // the first process journaled the adjustment under the pending id; the next one journals the
    // reconciliation under its own id, so that its undo puts the transactions back to cleared too
    expect(kindsOf(journal, id)).toEqual(['create']);
    expect(kindsOf(journal, recognise.record_id)).toEqual(['reconcile']);
    const undo = out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: recognise.record_id }));
    expect(undo.status).toBe('applied');
    expect(
      h.standIn.state.transactions.filter(
        (t) => !t.deleted && t.cleared === 'reconciled' && t.account_id === 'acc-savings',
      ),
    ).toEqual([]);
    expect(adjustments(h)).toEqual([]);
  });
});
