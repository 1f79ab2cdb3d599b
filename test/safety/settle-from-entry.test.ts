/**
 * A pending entry this process did not make, settled from the data it carries, alone: the whole
 * change shown journals it once and closes; part of it waits, and at the end of the pending time
 * journals what landed; an entry the old process journaled already is not journaled twice; a record
 * undo could not read closes with nothing journaled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { PENDING_MS, settlePending } from '../../src/safety/outcome/settle-later.js';
import type { PendingEntry } from '../../src/safety/pending.js';
import { fieldsHeld, recordOf, type Recognise } from '../../src/safety/recognise.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { tx, ynabShowing } from '../helpers/recognise.js';
import { tempJournal } from '../helpers/writes.js';

const STARTED = '2026-09-25T09:00:00+00:00';
const ID = 'a1b2c3d4e5f6';
const FLAG = recordOf('flag', {
  changes: [
    { transaction_id: 'tx-1', from: null, to: 'red' },
    { transaction_id: 'tx-2', from: null, to: 'red' },
  ],
});
const BOTH = fieldsHeld(
  [
    { id: 'tx-1', flag_color: 'red' },
    { id: 'tx-2', flag_color: 'red' },
  ],
  FLAG,
);

/** Deps on a fresh journal whose YNAB shows `rows`, at `elapsed` ms after the entry started. */
function setUp(rows: YnabTransaction[], elapsed = 0): { deps: Deps; journal: string } {
  const journal = tempJournal();
  const base = createDeps(loadConfig({ AVENIR_MCP_JOURNAL: journal, YNAB_API_KEY: 't' }), silentLog, {
    clock: {
      today: () => '2026-09-25',
      monotonicMs: () => elapsed,
      now: () => new Date(Date.parse(STARTED) + elapsed),
    },
  });
  return { deps: { ...base, ynab: ynabShowing(rows).ynab }, journal };
}

const entry = (recognise: Recognise): PendingEntry => ({
  operation_id: ID,
  plan_id: 'p',
  tool: 'flag_transactions',
  subject: ['transaction:tx-1', 'transaction:tx-2'],
  started_at: STARTED,
  check_with: 'find_transactions',
  recognise,
});
const lines = (journal: string): { operation_id: string; kind: string }[] =>
  existsSync(journal)
    ? readFileSync(journal, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { operation_id: string; kind: string })
    : [];
const red = (id: string) => tx(id, { flag_color: 'red' });

describe('settling an entry from its recognise data', () => {
  it('the whole change shown: journaled once under the pending id, closed', async () => {
    const { deps, journal } = setUp([red('tx-1'), red('tx-2')]);
    await deps.pending.open(entry(BOTH));
    await settlePending(deps, 'p');
    expect(await deps.pending.list('p')).toEqual([]);
    expect(lines(journal).map((l) => [l.operation_id, l.kind])).toEqual([[ID, 'flag']]);
  });

  it('part shown: waits; at the end of the pending time, journals what it carries and closes', async () => {
    const early = setUp([red('tx-1'), tx('tx-2')]);
    await early.deps.pending.open(entry(BOTH));
    await settlePending(early.deps, 'p');
    expect((await early.deps.pending.list('p')).map((e) => e.operation_id)).toEqual([ID]);
    expect(lines(early.journal)).toEqual([]);
    const late = setUp([red('tx-1'), tx('tx-2')], PENDING_MS);
    await late.deps.pending.open(entry(BOTH));
    await settlePending(late.deps, 'p');
    expect(await late.deps.pending.list('p')).toEqual([]);
    expect(lines(late.journal).map((l) => l.kind)).toEqual(['flag']);
  });

  it('an entry the old process journaled already: closed, not journaled twice', async () => {
    const { deps, journal } = setUp([red('tx-1'), red('tx-2')]);
    await deps.journal.record({
      operation_id: ID,
      plan_id: 'p',
      kind: 'flag',
      applied_at: STARTED,
      moves: [],
      details: FLAG.details,
    });
    await deps.pending.open(entry(BOTH));
    await settlePending(deps, 'p');
    expect(await deps.pending.list('p')).toEqual([]);
    expect(lines(journal).map((l) => l.operation_id)).toEqual([ID]);
  });

  it('a record undo could not read: closed once shown, with nothing journaled', async () => {
    const { deps, journal } = setUp([red('tx-1'), red('tx-2')]);
    await deps.pending.open(
      entry(fieldsHeld([{ id: 'tx-1', flag_color: 'red' }], { ...FLAG, kind: 'nope' })),
    );
    await settlePending(deps, 'p');
    expect(await deps.pending.list('p')).toEqual([]);
    expect(lines(journal)).toEqual([]);
  });
});

describe('settling the pending undo of an operation (an undo in one request)', () => {
  const UNDONE = 'f6e5d4c3b2a1';
  const BACK = fieldsHeld(
    [
      { id: 'tx-1', flag_color: null },
      { id: 'tx-2', flag_color: null },
    ],
    null,
  );
  const undoEntry = (recognise: Recognise): PendingEntry => ({
    ...entry(recognise),
    tool: 'undo_operation',
    undoes: UNDONE,
  });
  const undoneIn = (journal: string): unknown[] =>
    lines(journal).flatMap((l) => ('undone' in l ? [(l as { undone: string }).undone] : []));

  it('the whole revert shown: the operation it undoes is marked undone, nothing else journaled', async () => {
    const { deps, journal } = setUp([tx('tx-1'), tx('tx-2')]);
    await deps.pending.open(undoEntry(BACK));
    await settlePending(deps, 'p');
    expect(await deps.pending.list('p')).toEqual([]);
    expect(lines(journal)).toEqual([{ undone: UNDONE }]);
  });

  it('part of it shown at the end of the pending time: closed, the operation left for the next undo', async () => {
    const early = setUp([tx('tx-1'), red('tx-2')]);
    await early.deps.pending.open(undoEntry(BACK));
    await settlePending(early.deps, 'p');
    expect((await early.deps.pending.list('p')).map((e) => e.operation_id)).toEqual([ID]);
    const late = setUp([tx('tx-1'), red('tx-2')], PENDING_MS);
    await late.deps.pending.open(undoEntry(BACK));
    await settlePending(late.deps, 'p');
    expect(await late.deps.pending.list('p')).toEqual([]);
    expect(undoneIn(late.journal)).toEqual([]);
  });
});
