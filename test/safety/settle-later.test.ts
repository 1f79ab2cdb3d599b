/**
 * Pending writes after their call, alone: the refusal of the same change, settling at a later call
 * (spaced reads, a read that fails, the pending time running out, an entry of a process that has
 * gone), the undo of an operation still pending, and a pending file that cannot be rewritten.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps } from '../../src/deps.js';
import { silentLog, type Log } from '../../src/log.js';
import {
  PENDING_MS,
  RETRY_MS,
  closePending,
  refuseIfStillPending,
  refusePending,
  settlePending,
} from '../../src/safety/outcome/settle-later.js';
import { currentRun } from '../../src/safety/outcome/run.js';
import { pendingPath, type PendingEntry } from '../../src/safety/pending.js';
import { tempJournal } from '../helpers/writes.js';

const STARTED = '2026-09-25T09:00:00+00:00';

/** Deps on a fresh journal, with a clock the test moves, and the log lines kept. */
function setUp() {
  const journal = tempJournal();
  let mono = 0;
  let wall = Date.parse(STARTED);
  const logged: string[] = [];
  const log: Log = { ...silentLog, info: (_l, m) => logged.push(m), warning: (_l, m) => logged.push(m) };
  const deps: Deps = createDeps(loadConfig({ AVENIR_MCP_JOURNAL: journal, YNAB_API_KEY: 't' }), log, {
    clock: {
      today: () => '2026-09-25',
      monotonicMs: () => mono,
      now: () => new Date(wall),
    },
  });
  const forward = (ms: number) => {
    mono += ms;
    wall += ms;
  };
  return { deps, journal, logged, forward };
}

const entry = (id: string, subject = ['transaction:tx-046'], plan = 'demo-budget'): PendingEntry => ({
  operation_id: id,
  plan_id: plan,
  tool: 'update_transactions',
  subject,
  started_at: STARTED,
  check_with: 'find_transactions',
});

/** A later settle that answers `answers` in turn, counting its reads. */
function later(answers: ('closed' | 'waiting' | 'fail')[]) {
  const seen: { final: boolean; pendingId: string | null; idUsed: boolean | undefined }[] = [];
  return {
    seen,
    kept: {
      later: {
        settle: async (final: boolean) => {
          const run = currentRun();
          seen.push({ final, pendingId: run?.pendingId ?? null, idUsed: run?.pendingIdUsed });
          const answer = answers[seen.length - 1] ?? 'waiting';
          if (answer === 'fail') throw new Error('YNAB 500');
          return answer;
        },
      },
      idUsed: true,
      triedAt: Number.NEGATIVE_INFINITY,
    },
  };
}

describe('refusePending', () => {
  it('refuses a write with a key in common, naming the pending operation; lets others through', async () => {
    const { deps } = setUp();
    await deps.pending.open(entry('aaa', ['transaction:tx-046', 'transaction:tx-047']));
    await expect(refusePending(deps, 'demo-budget', ['transaction:tx-047'])).rejects.toThrow(
      'A change to the same thing is still pending: operation aaa (update_transactions, 2026-09-25T09:00:00+00:00)',
    );
    await refusePending(deps, 'demo-budget', ['transaction:tx-048']);
    await refusePending(deps, 'other-plan', ['transaction:tx-047']);
  });
});

describe('settlePending', () => {
  it('reads a kept write at once, then no more often than every few seconds, and closes it once known', async () => {
    const { deps, forward, logged } = setUp();
    await deps.pending.open(entry('aaa'));
    const { kept, seen } = later(['waiting', 'closed']);
    deps.pending.keep('aaa', kept);
    await settlePending(deps, 'demo-budget');
    await settlePending(deps, 'demo-budget');
    expect(seen).toEqual([{ final: false, pendingId: 'aaa', idUsed: true }]);
    forward(RETRY_MS);
    await settlePending(deps, 'demo-budget');
    expect(seen).toHaveLength(2);
    expect(await deps.pending.list()).toEqual([]);
    expect(logged).toContain('Pending operation aaa settled');
  });

  it('a failed read leaves it pending; at the end of its time it closes whatever the read does', async () => {
    const { deps, forward } = setUp();
    await deps.pending.open(entry('aaa'));
    const { kept, seen } = later(['fail', 'fail']);
    deps.pending.keep('aaa', kept);
    await settlePending(deps, null);
    expect((await deps.pending.list()).map((e) => e.operation_id)).toEqual(['aaa']);
    forward(PENDING_MS);
    await settlePending(deps, null);
    expect(seen.map((s) => s.final)).toEqual([false, true]);
    expect(await deps.pending.list()).toEqual([]);
  });

  it('an entry of another process waits out its time, then closes', async () => {
    const { deps, forward } = setUp();
    await deps.pending.open(entry('aaa'));
    await settlePending(deps, 'demo-budget');
    expect(await deps.pending.list()).toHaveLength(1);
    forward(PENDING_MS);
    await settlePending(deps, 'demo-budget', true);
    expect(await deps.pending.list()).toEqual([]);
  });

  it('a damaged pending file is left for the next write to refuse', async () => {
    const { deps, journal } = setUp();
    mkdirSync(dirname(journal), { recursive: true });
    writeFileSync(pendingPath(journal), 'garbage');
    await settlePending(deps, 'demo-budget');
    await expect(refusePending(deps, 'demo-budget', [])).rejects.toThrow('is damaged');
  });
});

describe('refuseIfStillPending', () => {
  it('lets an undo of an operation that is not pending go on', async () => {
    const { deps } = setUp();
    await refuseIfStillPending(deps, 'demo-budget', 'bbb');
  });

  it('settles it first: undone once settled, refused while it may still land', async () => {
    const { deps } = setUp();
    await deps.pending.open(entry('aaa'));
    const { kept, seen } = later(['waiting', 'waiting']);
    deps.pending.keep('aaa', kept);
    await settlePending(deps, 'demo-budget');
    await expect(refuseIfStillPending(deps, 'demo-budget', 'aaa')).rejects.toThrow(
      'Operation aaa (update_transactions, 2026-09-25T09:00:00+00:00) is still pending',
    );
    // a read moments ago does not hold back the undo's own read
    expect(seen).toHaveLength(2);
  });

  it('goes on once the read settles it', async () => {
    const { deps } = setUp();
    await deps.pending.open(entry('aaa'));
    deps.pending.keep('aaa', later(['closed']).kept);
    await refuseIfStillPending(deps, 'demo-budget', 'aaa');
    expect(await deps.pending.list()).toEqual([]);
  });
});

describe('closePending', () => {
  it('a pending file that cannot be rewritten is a warning, not an error', async () => {
    const { deps, journal, logged } = setUp();
    await deps.pending.open(entry('aaa'));
    writeFileSync(pendingPath(journal), 'garbage');
    await closePending(deps, 'aaa');
    expect(logged.some((l) => l.startsWith('The pending operation aaa could not be closed:'))).toBe(true);
  });
});
