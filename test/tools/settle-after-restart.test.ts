/**
 * A write YNAB applies late, settled by another process on the same journal: the process that made
 * it is gone (a restart of the client, a crash), so nothing of the write is in memory, only its
 * pending entry. Through a real client against the stand-in: the writes whose pending entry carries
 * what recognises them are journaled under the pending id by the next process's first call on the
 * plan, and undone by it (those that journal nothing close); one that never lands closes after its
 * journaled; the others keep refusing the same change until their pending time is over.
 */
import { describe, expect } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { FaultRule } from '../../src/demo/index.js';
import { PENDING_MS, RETRY_MS } from '../../src/safety/outcome/settle-later.js';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness, type Session, out } from '../helpers/harness.js';
import { BUDGET_CASES as BUDGETS, CASES, restaurants, type Case } from '../helpers/write-cases.js';

/** The budget writes whose late request is a whole write: the budget, and a move's target. */
const BUDGET_CASES = BUDGETS.slice(0, 2);
import {
  journalEntries as journalOf,
  movableClock,
  pendingEntries,
  pendingIdIn,
  until,
  heldBack,
} from '../helpers/pending.js';
import { req } from '../requirements.js';
import { lateOptions } from '../helpers/late-session.js';

const PLAN = { plan_id: 'demo-budget' };

/** The writes whose pending entry says how to recognise them (the others only refuse). */
const RECOGNISED = new Set([
  'update_transactions',
  'flag_transactions',
  'apply_categories',
  'apply_itemization',
  'delete_transactions',
  'create_transactions',
  'create_transfer',
  'rename_payee',
  'set_category_target',
  'create_scheduled_transaction',
  'update_scheduled_transaction',
  'delete_scheduled_transaction',
  'split_transaction',
  'update_category',
  'create_category',
]);

type Out = { status: string; message: string };
/** A call on the plan leaves the write pending, and the same change is refused. */
async function stillPending(next: Session, journal: string, c: Case, id: string): Promise<void> {
  await call(next, 'list_accounts', PLAN);
  expect(pendingEntries(journal).map((p) => p.operation_id)).toEqual([id]);
  const again = await call(next, c.tool, { ...PLAN, ...c.args });
  expect(textOf(again)).toContain(`A change to the same thing is still pending: operation ${id}`);
}

/** A process of its own (its own memory of pending writes), on the shared journal. */
function process(h: Harness, journal: string, clock?: Clock): Promise<Session> {
  return connect(h, 'modern', lateOptions(h, journal, clock));
}

/**
 * Makes the write in a first process with `fault` on its request and closes it at once; returns the
 * pending id and a next process on a clock the test moves.
 */
async function thenNext(h: Harness, journal: string, c: Case, fault: Partial<FaultRule>) {
  const first = await process(h, journal);
  h.standIn.fault({ ...c.route, ...fault });
  const id = pendingIdIn(out<Out>(await call(first, c.tool, { ...PLAN, ...c.args })).message);
  await first.close();
  const clock = movableClock();
  return { id, clock, next: await process(h, journal, clock) };
}

/** Makes the write in a first process, which YNAB applies after it stopped waiting; returns its id. */
async function lateInFirst(h: Harness, journal: string, c: Case): Promise<string> {
  const first = await process(h, journal);
  const late = heldBack();
  h.standIn.fault({ ...c.route, hold: late.hold });
  const r = out<Out>(await call(first, c.tool, { ...PLAN, ...c.args }));
  expect(r.status).toBe('unknown');
  const id = pendingIdIn(r.message);
  expect(pendingEntries(journal).map((p) => p.operation_id)).toEqual([id]);
  await first.close();
  late.land();
  await until(() => JSON.stringify(c.held(h.standIn.state)) === JSON.stringify(c.after));
  return id;
}

const recognised = [...CASES.filter((c) => RECOGNISED.has(c.tool)), ...BUDGET_CASES];

describe.each(recognised)(
  `${req('pending-other-process')} $tool, applied late, settled by the next process`,
  (c) => {
    it.beforeEach(({ h }) => h.standIn.reset());

    it('journaled under the pending id by its first call on the plan, and undone by it', async ({
      h,
      journal,
    }) => {
      const before = c.held(h.standIn.state);
      const id = await lateInFirst(h, journal, c);
      // a move is journaled whole by the first process already (its undo judges each category)
      const early = journalOf(journal).filter((e) => e.operation_id === id);
      expect(early.map((e) => e.kind)).toEqual(c.kind === 'move' ? ['move'] : []);
      const next = await process(h, journal);
      await call(next, 'list_accounts', PLAN);
      expect(pendingEntries(journal)).toEqual([]);
      // journaled once, whichever process did it (a write that journals nothing: the entry just closes)
      expect(
        journalOf(journal)
          .filter((e) => e.operation_id === id)
          .map((e) => e.kind),
      ).toEqual(c.kind === null ? [] : [c.kind]);
      // the write itself was sent once, by the first process
      const sent = h.standIn.requests.filter((q) => q.method === c.route.method && q.path === c.route.path);
      expect(sent.length).toBe(1);
      expect(c.held(h.standIn.state)).toEqual(c.after);
      if (c.kind === null) return;
      const undo = out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: id }));
      expect(undo.status).toBe('applied');
      if (c.route.method !== 'DELETE') expect(c.held(h.standIn.state)).toEqual(before);
    });
  },
);

describe('a move whose target is still landing when the next process reads it', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('stays pending (the same move refused) until the target shows, then closes; the undo leaves the books whole', async ({
    h,
    journal,
  }) => {
    const c = BUDGET_CASES[1] as Case;
    const late = heldBack();
    const { id, next, clock } = await thenNext(h, journal, c, { hold: late.hold });
    // only the source shows yet: not settled, and asking again is refused
    expect(restaurants(h.standIn.state)).toBe(120_000);
    await stillPending(next, journal, c, id);
    late.land();
    await until(() => restaurants(h.standIn.state) === 130_000);
    clock.forward(RETRY_MS);
    await call(next, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(
      journalOf(journal)
        .filter((e) => e.operation_id === id)
        .map((e) => e.kind),
    ).toEqual(['move']);
    expect(out<Out>(await call(next, 'undo_operation', { ...PLAN, operation_id: id })).status).toBe(
      'applied',
    );
    expect(h.standIn.state.budgets['2026-09-01']?.['cat-holidays']).toBe(200_000);
    expect(restaurants(h.standIn.state)).toBe(120_000);
  });
});

describe('what the next process cannot recognise', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('a write that never lands: pending, the same change refused, closed after its time with nothing journaled', async ({
    h,
    journal,
  }) => {
    const c = BUDGET_CASES[0] as Case;
    const { id, next, clock } = await thenNext(h, journal, c, { drop: true });
    await stillPending(next, journal, c, id);
    clock.forward(PENDING_MS);
    await call(next, 'list_accounts', PLAN);
    expect(pendingEntries(journal)).toEqual([]);
    expect(journalOf(journal)).toEqual([]);
    expect(restaurants(h.standIn.state)).toBe(120_000);
  });

  it('every write of the table carries recognise data', () => {
    expect(
      CASES.filter((c) => !RECOGNISED.has(c.tool)).map((c) => c.tool),
      'give each a recognise in its ConfirmRequest (safety/recognise.ts), then add it to RECOGNISED above: the rows below then check that a process restarted mid-write settles it',
    ).toEqual([]);
  });
});
