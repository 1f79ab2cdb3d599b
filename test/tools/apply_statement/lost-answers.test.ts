/**
 * apply_statement's lost and refused answers, through a real client against the stand-in, on the demo
 * month's statement (a POST for the fee, a DELETE for the duplicate, a bulk PATCH): a request whose
 * answer is lost is read back and never called "not applied"; while its outcome is unknown the rest is
 * not sent, the write stays pending (asked again, it is refused) and is journaled once a read shows it,
 * in this process or the next one; a refusal after something was done journals that part, and undo
 * reverts it. Assertions are on the stand-in's state and requests, the journal and the pending file.
 */
import { describe, expect } from 'vitest';
import type { Clock } from '../../../src/clock.js';
import type { FaultRule } from '../../../src/demo/index.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import { PENDING_MS, RETRY_MS } from '../../../src/safety/outcome/settle-later.js';
import { ACCOUNT, PLANTED, statementPlan } from '../../../scripts/statement-fixtures.mjs';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Harness, type Session, out } from '../../helpers/harness.js';
import {
  heldBack,
  journalEntries,
  movableClock,
  pendingEntries,
  pendingIdIn,
  until,
} from '../../helpers/pending.js';
import { lateOptions } from '../../helpers/late-session.js';
import { STATEMENT_FILES, statementText } from '../../helpers/statements.js';

const PLAN = { plan_id: 'demo-budget' };
const TX = '/plans/demo-budget/transactions';
const COPY = `${TX}/${PLANTED.duplicate.copyId}`;

type Out = { status: string; message: string; operation_id: string | null; created_ids: string[] };

const fees = (h: Harness) =>
  h.standIn.state.transactions.filter((t) => !t.deleted && t.payee_name === 'FRAIS TENUE DE COMPTE');
const sent = (h: Harness, method: string, path = TX) =>
  h.standIn.requests.filter((q) => q.method === method && q.path === path).length;
const kindsOf = (journal: string, id: string) =>
  journalEntries(journal)
    .filter((e) => e.operation_id === id)
    .map((e) => e.kind);
/** The account, ids aside (a recreated duplicate has a new id). */
const account = (h: Harness) =>
  h.standIn.state.transactions
    .filter((t) => t.account_id === ACCOUNT && !t.deleted)
    .map((t) => [t.date, t.amount, t.payee_name, t.cleared].join('|'))
    .sort();

function open(h: Harness, journal: string, clock?: Clock): Promise<Session> {
  return connect(h, 'modern', lateOptions(h, journal, clock));
}

/** The comparison of the demo month, its id for apply_statement. */
async function compared(s: Session): Promise<Record<string, unknown>> {
  const r = await call(s, 'compare_statement', {
    ...PLAN,
    account_id: ACCOUNT,
    statement: statementText(STATEMENT_FILES[0]!),
  });
  return { ...PLAN, comparison_id: (r.structuredContent as { comparison_id: string }).comparison_id };
}

describe('apply_statement, an answer lost', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it('the new lines applied late: unknown and pending, nothing else sent; journaled once shown, undone', async ({
    h,
    journal,
  }) => {
    const clock = movableClock();
    const s = await open(h, journal, clock);
    const args = await compared(s);
    const late = heldBack();

    h.standIn.fault({ method: 'POST', path: TX, hold: late.hold });
    const r = await call(s, 'apply_statement', args);
    expect(r.isError).toBe(true);
    expect(out<Out>(r)).toMatchObject({ status: 'unknown', operation_id: null });
    expect(out<Out>(r).message).toMatch(/^Do not repeat this change yet: Creating the missing lines: /);
    expect(out<Out>(r).message).toContain('Nothing else was sent.');
    expect(out<Out>(r).message).not.toContain('safe to ask again');
    const id = pendingIdIn(out<Out>(r).message);
    expect(pendingEntries(journal)).toEqual([
      expect.objectContaining({
        operation_id: id,
        recognise: expect.objectContaining({ expect: 'created' }),
      }),
    ]);
    expect([sent(h, 'DELETE', COPY), sent(h, 'PATCH')]).toEqual([0, 0]);
    // asked again while it may still land: refused, nothing sent
    const again = await call(s, 'apply_statement', args);
    expect(textOf(again)).toContain(`A change to the same thing is still pending: operation ${id}`);
    expect(sent(h, 'POST')).toBe(1);

    late.land();

    await until(() => fees(h).length === 1);
    clock.forward(RETRY_MS);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, id)).toEqual(['statement']);
    const undo = out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: id }));
    expect(undo.status).toBe('applied');
    expect(fees(h)).toEqual([]);
    expect([sent(h, 'POST'), sent(h, 'DELETE', COPY), sent(h, 'PATCH')]).toEqual([1, 0, 0]);
  });

  it.for<{ name: string; fault: Partial<FaultRule> }>([
    {
      name: 'the update dropped after YNAB applied it',
      fault: { method: 'PATCH', path: TX, drop: true, apply: true },
    },
    {
      name: 'the new lines cut halfway, applied',
      fault: { method: 'POST', path: TX, truncate: true, apply: true },
    },
    { name: 'the delete dropped, applied', fault: { method: 'DELETE', path: COPY, drop: true, apply: true } },
  ])('$name: read back, applied, journaled once and undoable', async ({ fault }, { h, journal }) => {
    const s = await open(h, journal);
    const before = account(h);
    const args = await compared(s);
    h.standIn.fault(fault as FaultRule);
    const r = out<Out>(await call(s, 'apply_statement', args));
    expect(r.status).toBe('applied');
    expect(fees(h)).toHaveLength(1);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, r.operation_id ?? '')).toEqual(['statement']);
    expect([sent(h, 'POST'), sent(h, 'DELETE', COPY), sent(h, 'PATCH')]).toEqual([1, 1, 1]);
    expect(out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: r.operation_id })).status).toBe(
      'applied',
    );
    expect(account(h)).toEqual(before);
  });

  it('the update dropped and never applied: unknown, what was done journaled at once, undone whole', async ({
    h,
    journal,
  }) => {
    const clock = movableClock();
    const s = await open(h, journal, clock);
    const before = account(h);
    const args = await compared(s);
    h.standIn.fault({ method: 'PATCH', path: TX, drop: true });
    const r = await call(s, 'apply_statement', args);
    expect(out<Out>(r).status).toBe('unknown');
    expect(out<Out>(r).message).toMatch(
      /^Do not repeat this change yet: Updating the amounts, dates and cleared states: .* Done: 1 transaction\(s\) created \(tx-\d+\); tx-stmt-copy deleted\. undo_operation with operation_id [0-9a-f]{12} reverts what was done\./,
    );
    const id = out<Out>(r).operation_id ?? '';
    expect(kindsOf(journal, id)).toEqual(['statement']);
    // the update that may still land keeps the pending id, for its own entry once a read shows it
    const pending = pendingIdIn(out<Out>(r).message);
    expect(pending).not.toBe(id);
    expect(pendingEntries(journal)).toEqual([
      expect.objectContaining({
        operation_id: pending,
        recognise: expect.objectContaining({ expect: 'fields' }),
      }),
    ]);
    clock.forward(PENDING_MS);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, pending)).toEqual([]);
    expect(sent(h, 'PATCH')).toBe(1);
    const undo = out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: id }));
    expect(undo.status).toBe('applied');
    expect(account(h)).toEqual(before);
  });
});

describe('apply_statement, a refusal', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it('of the first request: nothing written, nothing journaled', async ({ h, journal }) => {
    const s = await open(h, journal);
    const args = await compared(s);
    h.standIn.fault({ method: 'POST', path: TX, status: 400 });
    const r = await call(s, 'apply_statement', args);
    expect(r.isError).toBe(true);
    expect(h.standIn.writes).toEqual([]);
    expect(journalEntries(journal)).toEqual([]);
    expect(pendingEntries(journal)).toEqual([]);
  });

  it.for<{ name: string; fault: FaultRule }>([
    { name: 'of the delete', fault: { method: 'DELETE', path: COPY, status: 400 } },
    { name: 'of the update', fault: { method: 'PATCH', path: TX, status: 400 } },
  ])(
    '$name after the new lines: partial, what was done journaled and undone',
    async ({ fault }, { h, journal }) => {
      const s = await open(h, journal);
      const before = account(h);
      const args = await compared(s);
      h.standIn.fault(fault);
      const r = out<Out>(await call(s, 'apply_statement', args));
      expect(r.status).toBe('partial');
      expect(r.message).toMatch(
        /^YNAB refused to (delete tx-stmt-copy|update the amounts, dates and cleared states)/,
      );
      expect(fees(h)).toHaveLength(1);
      expect(kindsOf(journal, r.operation_id ?? '')).toEqual(['statement']);
      expect(pendingEntries(journal)).toEqual([]);
      expect(
        out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: r.operation_id })).status,
      ).toBe('applied');
      expect(account(h)).toEqual(before);
    },
  );
});

describe('apply_statement, its first request the delete or the update', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  /** The comparison with only the fixes of `kinds` kept (delete: the duplicate, amount: the typo). */
  async function keeping(s: Session, kinds: ('duplicates' | 'mismatches')[]) {
    const r = await call(s, 'compare_statement', {
      ...PLAN,
      account_id: ACCOUNT,
      statement: statementText(STATEMENT_FILES[0]!),
    });
    const c = r.structuredContent as Record<string, { fix: string }[]> & { comparison_id: string };
    return { ...PLAN, comparison_id: c.comparison_id, keep: kinds.map((k) => c[k]![0]!.fix) };
  }

  it.for<{ name: string; kinds: ('duplicates' | 'mismatches')[]; fault: FaultRule }>([
    { name: 'the delete', kinds: ['duplicates'], fault: { method: 'DELETE', path: COPY, status: 400 } },
    { name: 'the update', kinds: ['mismatches'], fault: { method: 'PATCH', path: TX, status: 400 } },
  ])(
    '$name refused: the error as YNAB gave it, nothing written or journaled',
    async ({ kinds, fault }, { h, journal }) => {
      const s = await open(h, journal);
      const args = await keeping(s, kinds);
      h.standIn.fault(fault);
      const r = await call(s, 'apply_statement', args);
      expect(r.isError).toBe(true);
      expect(h.standIn.writes).toEqual([]);
      expect(journalEntries(journal)).toEqual([]);
    },
  );

  it('the delete applied late, the update waiting: unknown, pending, the update not sent; journaled once shown', async ({
    h,
    journal,
  }) => {
    const clock = movableClock();
    const s = await open(h, journal, clock);
    const args = await keeping(s, ['duplicates', 'mismatches']);
    const late = heldBack();

    h.standIn.fault({ method: 'DELETE', path: COPY, hold: late.hold });
    const r = out<Out>(await call(s, 'apply_statement', args));
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(
      /^Do not repeat this change yet: Deleting tx-stmt-copy: .* Nothing after it was sent\./,
    );
    expect(sent(h, 'PATCH')).toBe(0);
    const id = pendingIdIn(r.message);
    expect(pendingEntries(journal)[0]?.recognise).toMatchObject({ expect: 'gone' });
    late.land();
    await until(
      () => h.standIn.state.transactions.find((t) => t.id === PLANTED.duplicate.copyId)?.deleted === true,
    );
    clock.forward(RETRY_MS);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, id)).toEqual(['statement']);
    expect(out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: id })).status).toBe('applied');
    expect(h.standIn.state.transactions.filter((t) => !t.deleted && t.amount === -58_310)).toHaveLength(2);
  });

  it('a field YNAB ignores on the new line: partial, said, journaled and undone', async ({ h, journal }) => {
    const s = await open(h, journal);
    const before = account(h);
    const args = await compared(s);
    h.standIn.fault({ method: 'POST', path: TX, ignoreFields: ['memo', 'payee_name'] });
    const r = out<Out>(await call(s, 'apply_statement', args));
    expect(r.status).toBe('partial');
    expect(r.message).toContain('Creating the missing lines: ');
    expect([sent(h, 'DELETE', COPY), sent(h, 'PATCH')]).toEqual([0, 0]);
    expect(out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: r.operation_id })).status).toBe(
      'applied',
    );
    expect(account(h)).toEqual(before);
  });
});

describe('apply_statement left pending, settled by the next process', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it('an update applied late: journaled under the pending id from the entry alone, and undone', async ({
    h,
    journal,
  }) => {
    const before = account(h);
    const first = await open(h, journal);
    // only the amount is kept: the update is the write's first and only request
    const c = await call(first, 'compare_statement', {
      ...PLAN,
      account_id: ACCOUNT,
      statement: statementText(STATEMENT_FILES[0]!),
    });
    const fix = (c.structuredContent as { mismatches: { fix: string }[] }).mismatches[0]!.fix;
    const late = heldBack();

    h.standIn.fault({ method: 'PATCH', path: TX, hold: late.hold });
    const r = out<Out>(
      await call(first, 'apply_statement', {
        ...PLAN,
        comparison_id: (c.structuredContent as { comparison_id: string }).comparison_id,
        keep: [fix],
      }),
    );
    expect(r.status).toBe('unknown');
    const id = pendingIdIn(r.message);
    expect(pendingEntries(journal)[0]?.recognise).toMatchObject({ expect: 'fields' });
    await first.close();
    late.land();
    await until(() => h.standIn.state.transactions.find((t) => t.id === 'tx-034')?.amount === -28_700);
    const next = await open(h, journal);
    await call(next, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(kindsOf(journal, id)).toEqual(['statement']);
    expect(out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: id })).status).toBe(
      'applied',
    );
    expect(account(h)).toEqual(before);
  });
});

describe('the undo of apply_statement, the recreate of the duplicate lost', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it('dropped after YNAB applied it: found among what changed, undone once', async ({ h, journal }) => {
    const s = await open(h, journal);
    const before = account(h);
    const r = out<Out>(await call(s, 'apply_statement', await compared(s)));
    h.standIn.clearRequests();
    h.standIn.fault({ method: 'POST', path: TX, drop: true, apply: true });
    expect(out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: r.operation_id })).status).toBe(
      'applied',
    );
    expect(account(h)).toEqual(before);
    expect(sent(h, 'POST')).toBe(1);
  });

  it('applied late: the undo stops there, what is left journaled; the next call finds it landed', async ({
    h,
    journal,
  }) => {
    const clock = movableClock();
    const s = await open(h, journal, clock);
    const before = account(h);
    const r = out<Out>(await call(s, 'apply_statement', await compared(s)));
    h.standIn.clearRequests();
    const late = heldBack();

    h.standIn.fault({ method: 'POST', path: TX, hold: late.hold });
    const first = out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: r.operation_id }));
    expect(first.status).toBe('unknown');
    expect(first.message).toContain(
      `YNAB's answer to the next step (${PLANTED.duplicate.copyId} recreated) was lost, and reads over`,
    );
    late.land();
    await until(() => account(h).length === before.length);
    clock.forward(RETRY_MS);
    await call(s, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(account(h)).toEqual(before);
    // what is left is the recreate, which landed: its undo finds it back and sends nothing
    const rest = /operation_id ([0-9a-f]{12})\) finishes it/.exec(first.message)?.[1];
    const again = out<Out>(await call(s, 'undo_operation', { ...PLAN, operation_id: rest }));
    expect(again.status).toBe('nothing_to_do');
    expect(account(h)).toEqual(before);
    // the duplicate came back once: nothing is recreated a second time
    expect(sent(h, 'POST')).toBe(1);
  });
});

describe('apply_statement stopped at a lost answer, what may land late settled by the next process', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it.for<{ name: string; fault: FaultRule; landed: (h: Harness) => boolean }>([
    {
      name: 'the delete',
      fault: { method: 'DELETE', path: COPY },
      landed: (h) => h.standIn.state.transactions.some((t) => t.id === PLANTED.duplicate.copyId && t.deleted),
    },
    {
      name: 'the update',
      fault: { method: 'PATCH', path: TX },
      landed: (h) => h.standIn.state.transactions.some((t) => t.id === 'tx-034' && t.amount === -28_700),
    },
  ])(
    '$name applied late: what was done journaled at once, the rest under the pending id; both undone',
    async ({ fault, landed }, { h, journal }) => {
      const before = account(h);
      const first = await open(h, journal);
      const args = await compared(first);
      // held past the server's wait, applied when the test lets it
      const late = heldBack();
      h.standIn.fault({ ...fault, hold: late.hold });
      const r = out<Out>(await call(first, 'apply_statement', args));
      expect(r.status).toBe('unknown');
      const pending = pendingIdIn(r.message);
      const done = r.operation_id ?? '';
      expect(kindsOf(journal, done)).toEqual(['statement']);
      await first.close();
      late.land();
      await until(() => landed(h));
      const next = await open(h, journal);
      await call(next, 'list_accounts', PLAN);
      expect(pendingEntries(journal)).toEqual([]);
      expect(kindsOf(journal, pending)).toEqual(['statement']);
      for (const id of [pending, done])
        expect(out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: id })).status).toBe(
          'applied',
        );
      expect(account(h)).toEqual(before);
    },
  );
});
