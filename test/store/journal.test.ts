/**
 * Each person's journal and pending outcomes on both engines: append, mark undone once, list, find
 * as undo does, prune old closed entries (never a pending one) leaving a tombstone, and never reach
 * another person's rows.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, SqlJournal, type JournalRecord } from '../../src/store/sql-journal.js';
import { SqlPending } from '../../src/store/sql-pending.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { rowsOf, twoPeople } from './helpers.js';

const entry = (id: string, plan = 'plan-1', kind = 'move_money'): JournalRecord => ({
  operation_id: id,
  plan_id: plan,
  kind,
  applied_at: '2026-09-25T10:00:00+00:00',
  moves: [{ transaction_id: 'tx-1', from_category_id: 'c1', to_category_id: null }],
  details: { amount: -12340, memo: 'café' },
});
const KINDS = new Set(['move_money', 'set_category_target']);
const T0 = 1_780_000_000_000;

describe.each(ENGINES)('the journal on $name', (engine) => {
  let t: TestDatabase;
  let journal: SqlJournal;
  let pending: SqlPending;
  let a: string;
  let b: string;
  let people: Awaited<ReturnType<typeof twoPeople>>['people'];
  beforeEach(async () => {
    t = await engine.open();
    ({ a, b, people } = await twoPeople(t.db));
    journal = new SqlJournal(t.db);
    pending = new SqlPending(t.db);
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it("lists a plan's entries applied since a moment, undone ones included, per person", async () => {
    const at = (id: string, plan: string, when: string): JournalRecord => ({
      ...entry(id, plan),
      applied_at: when,
    });
    await journal.record(a, at('op-old', 'plan-1', '2026-09-24T10:00:00+00:00'), T0);
    await journal.record(a, at('op-new', 'plan-1', '2026-09-25T10:00:00+00:00'), T0 + 1);
    await journal.record(a, at('op-other', 'plan-2', '2026-09-25T11:00:00+00:00'), T0 + 2);
    await journal.record(b, at('op-b', 'plan-1', '2026-09-25T11:00:00+00:00'), T0 + 3);
    await journal.markUndone(a, 'op-new', T0 + 4);
    const since = await journal.since(a, 'plan-1', '2026-09-25T00:00:00+00:00');
    expect(since.map((e) => e.operation_id)).toEqual(['op-new']);
  });

  it('records, lists and finds entries as undo reads them, per person', async () => {
    await journal.record(a, entry('op-1'), T0);
    await journal.record(a, entry('op-2', 'plan-2'), T0 + 1);
    await journal.record(a, entry('op-3', 'last-used'), T0 + 2);
    await journal.record(a, entry('op-4', 'plan-1', 'unknown_kind'), T0 + 3);
    await journal.record(b, entry('op-b'), T0 + 4);
    const listed = await journal.list(a);
    expect(listed.entries.map((e) => e.operation_id)).toEqual(['op-1', 'op-2', 'op-3', 'op-4']);
    expect(listed.entries[0]).toEqual(entry('op-1'));
    expect(listed.undone).toEqual(new Set());
    expect(await journal.has(a, 'op-1')).toBe(true);
    expect(await journal.has(a, 'op-b')).toBe(false); // b's operation is not in a's journal
    expect(await journal.has(b, 'op-b')).toBe(true);
    // the latest of the plan, of a known kind; a `last-used` entry only for a `last-used` call
    expect((await journal.find(a, 'plan-1', false, KINDS, null))?.operation_id).toBe('op-1');
    expect((await journal.find(a, 'plan-1', true, KINDS, null))?.operation_id).toBe('op-3');
    expect((await journal.find(a, 'plan-2', false, KINDS, 'op-2'))?.operation_id).toBe('op-2');
    expect(await journal.find(a, 'plan-1', false, KINDS, 'op-2')).toBeNull();
    expect(await journal.find(a, 'plan-1', false, KINDS, 'op-b')).toBeNull();
    expect(await journal.markUndone(b, 'op-1', T0)).toBe(false); // not b's to mark
    expect(await journal.markUndone(a, 'op-1', T0 + 5)).toBe(true);
    expect(await journal.markUndone(a, 'op-1', T0 + 6, true)).toBe(false); // once
    expect((await journal.list(a)).undone).toEqual(new Set(['op-1']));
    expect(await journal.find(a, 'plan-1', false, KINDS, null)).toBeNull();
    await expect(journal.record(a, entry('op-2'), T0)).rejects.toThrow(); // an id is recorded once
  });

  it('two undos of one operation at once: exactly one marks it', async () => {
    await journal.record(a, entry('op-1'), T0);
    const marks = await Promise.all([journal.markUndone(a, 'op-1', T0), journal.markUndone(a, 'op-1', T0)]);
    expect(marks.sort()).toEqual([false, true]);
  });

  it('keeps pending outcomes per person, in order, closed once', async () => {
    const p = (id: string, plan = 'plan-1') => ({
      operation_id: id,
      plan_id: plan,
      tool: 'move_money',
      subject: [id],
    });
    await pending.open(a, p('w-1'), T0);
    await pending.open(a, p('w-2', 'plan-2'), T0);
    await pending.open(b, p('w-b'), T0);
    await pending.open(a, { ...p('w-1'), tool: 'changed' }, T0 + 1);
    expect((await pending.list(a)).map((e) => [e.operation_id, e.tool])).toEqual([
      ['w-1', 'changed'],
      ['w-2', 'move_money'],
    ]);
    expect((await pending.list(a, 'plan-2')).map((e) => e.operation_id)).toEqual(['w-2']);
    expect(await pending.close(b, 'w-1')).toBe(false);
    expect(await pending.close(a, 'w-1')).toBe(true);
    expect(await pending.close(a, 'w-1')).toBe(false);
    expect((await pending.list(b)).map((e) => e.operation_id)).toEqual(['w-b']);
  });

  it('prunes closed entries older than the cut, never a pending one, and remembers what it pruned', async () => {
    await journal.record(a, entry('old-1'), T0);
    await journal.record(a, entry('old-pending'), T0);
    await journal.record(b, entry('old-b'), T0);
    await journal.record(a, entry('recent'), T0 + 89 * DAY_MS);
    await pending.open(a, { operation_id: 'old-pending', plan_id: 'plan-1' }, T0);
    const now = T0 + 91 * DAY_MS;
    expect(await journal.prune(now - 90 * DAY_MS, now)).toBe(2);
    expect((await journal.list(a)).entries.map((e) => e.operation_id)).toEqual(['old-pending', 'recent']);
    expect(await journal.wasPruned(a, 'old-1')).toBe(true);
    expect(await journal.wasPruned(b, 'old-1')).toBe(false);
    expect(await journal.wasPruned(b, 'old-b')).toBe(true);
    expect(await journal.wasPruned(a, 'recent')).toBe(false);
    expect(await journal.prune(now - 90 * DAY_MS, now)).toBe(0);
    // once its outcome is known, the pending one goes at the next prune
    await pending.close(a, 'old-pending');
    expect(await journal.prune(now - 90 * DAY_MS, now)).toBe(1);
  });

  it('goes with the person: every journal, pending and tombstone row of theirs', async () => {
    await journal.record(a, entry('op-1'), T0);
    await journal.record(a, entry('op-2'), T0);
    await pending.open(a, { operation_id: 'op-2', plan_id: 'plan-1' }, T0);
    await journal.record(b, entry('op-b'), T0);
    await journal.prune(T0 + 1, T0 + 1);
    expect(await rowsOf(t.db, 'journal_pruned', a)).toBe(1);
    expect(await people.deletePerson(a)).toBe(true);
    for (const table of ['journal_entries', 'journal_pruned', 'pending_outcomes'])
      expect(await rowsOf(t.db, table, a), table).toBe(0);
    expect(await rowsOf(t.db, 'journal_pruned', b)).toBe(1);
  });
});
