/**
 * Hosted mode's clean-up schedule on both engines: a run at start prunes what is past the retention
 * age and nothing pending, each hourly tick prunes what has aged since, two instances pruning at once
 * prune each entry once, the timer never holds the process, and stop() waits for a run under way.
 * Also that a hosted start (openHosted) prunes its store before it serves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHosted } from '../../src/cli/hosted.js';
import { loadConfig } from '../../src/config.js';
import { Secret } from '../../src/domain/secret.js';
import { PRUNE_EVERY_MS, startPruning } from '../../src/hosted/retention.js';
import { createLog, silentLog } from '../../src/log.js';
import { openStore } from '../../src/store/open.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { DAY_MS, SqlJournal } from '../../src/store/sql-journal.js';
import { SqlPending } from '../../src/store/sql-pending.js';
import type { Database } from '../../src/store/sql.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';
import { rowsOf, twoPeople } from '../store/helpers.js';
import { seedEmbeddedStore } from '../helpers/store-template.js';

const T0 = 1_780_000_000_000;
const entry = (id: string) => ({
  operation_id: id,
  plan_id: 'plan-1',
  kind: 'flag',
  applied_at: '2026-09-25T10:00:00+00:00',
  moves: [],
  details: {},
});

/** Timers the test ticks itself: what was scheduled, whether it was unref'd, whether it was cleared. */
function handTimers() {
  const timers = {
    tick: null as (() => void) | null,
    every: 0,
    unrefd: false,
    cleared: false,
    setInterval(tick: () => void, ms: number) {
      timers.tick = tick;
      timers.every = ms;
      return {
        unref() {
          timers.unrefd = true;
        },
      };
    },
    clearInterval() {
      timers.cleared = true;
    },
  };
  return timers;
}

describe.each(ENGINES)('the clean-up schedule on $name', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('prunes at start and at each tick what is past the age, never a pending entry', async () => {
    const { a, b } = await twoPeople(t.db);
    const journal = new SqlJournal(t.db);
    await journal.record(a, entry('old'), T0 - 31 * DAY_MS);
    await journal.record(a, entry('old-pending'), T0 - 31 * DAY_MS);
    await new SqlPending(t.db).open(a, { operation_id: 'old-pending', plan_id: 'plan-1' }, T0);
    await journal.record(b, entry('young'), T0 - 29 * DAY_MS);
    let now = T0;
    const lines: string[] = [];
    const timers = handTimers();
    const pruning = await startPruning(t.db, {
      days: 30,
      log: createLog('INFO', 'text', (line) => void lines.push(line.trimEnd())),
      now: () => now,
      timers,
    });
    // the run at start is over when startPruning resolves
    expect((await journal.list(a)).entries.map((e) => e.operation_id)).toEqual(['old-pending']);
    expect(await journal.wasPruned(a, 'old')).toBe(true);
    expect(await rowsOf(t.db, 'journal_entries', b)).toBe(1);
    expect(lines).toEqual([
      'INFO:store:Clean-up: 1 journal entries older than 30 days, 0 spent or expired codes and tickets, 0 expired sign-in records removed',
    ]);
    expect(timers.every).toBe(PRUNE_EVERY_MS);
    expect(timers.unrefd).toBe(true);

    // two days later b's entry is past the age too: the next tick takes it
    now = T0 + 2 * DAY_MS;
    timers.tick!();
    await pruning.run();
    expect(await rowsOf(t.db, 'journal_entries', b)).toBe(0);
    expect(await journal.wasPruned(b, 'young')).toBe(true);
    expect((await journal.list(a)).entries.map((e) => e.operation_id)).toEqual(['old-pending']);
    await pruning.stop();
    expect(timers.cleared).toBe(true);
  });

  it('logs a failed run and tries again at the next', async () => {
    const lines: string[] = [];
    let fail = true;
    const failing: Database = {
      ...t.db,
      query: (text, params) => (fail ? Promise.reject(new Error('store away')) : t.db.query(text, params)),
      transaction: (work) => (fail ? Promise.reject(new Error('store away')) : t.db.transaction(work)),
    };
    const pruning = await startPruning(failing, {
      days: 90,
      log: createLog('INFO', 'text', (line) => void lines.push(line.trimEnd())),
      timers: handTimers(),
    });
    expect(lines).toEqual(['WARNING:store:Clean-up failed, tried again in an hour: store away']);
    fail = false;
    expect(await pruning.run()).toEqual({ journal: 0, singleUse: 0, oauth: 0 });
    await pruning.stop();
  });
});

describe('two instances pruning one PostgreSQL database at once', () => {
  let t: TestDatabase;
  let other: Database;
  beforeEach(async () => {
    t = await ENGINES[1]!.open();
    other = await openPostgres(t.url!);
  }, SLOW);
  afterEach(async () => {
    await other.close();
    await t.drop();
  }, SLOW);

  it('prune each old entry once and leave one tombstone of each', async () => {
    const { a, b } = await twoPeople(t.db);
    const journal = new SqlJournal(t.db);
    for (let i = 0; i < 40; i++) await journal.record(i % 2 ? a : b, entry(`op-${i}`), T0 - 100 * DAY_MS);
    // nothing is old yet at their start; then both run at the same moment
    let now = T0 - 50 * DAY_MS;
    const options = { days: 90, log: silentLog, now: () => now };
    const [one, two] = await Promise.all([
      startPruning(t.db, { ...options, timers: handTimers() }),
      startPruning(other, { ...options, timers: handTimers() }),
    ]);
    expect(await rowsOf(t.db, 'journal_entries', a)).toBe(20);
    now = T0;
    const both = await Promise.all([one.run(), two.run()]);
    // together they removed the 40, each entry by one of them only
    expect(both[0]!.journal + both[1]!.journal).toBe(40);
    expect(await rowsOf(t.db, 'journal_entries', a)).toBe(0);
    expect(await rowsOf(t.db, 'journal_entries', b)).toBe(0);
    expect(await rowsOf(t.db, 'journal_pruned', a)).toBe(20);
    expect(await rowsOf(t.db, 'journal_pruned', b)).toBe(20);
    const again = await Promise.all([one.run(), two.run()]);
    expect(again.map((p) => p?.journal)).toEqual([0, 0]);
    await Promise.all([one.stop(), two.stop()]);
  });
});

describe('a hosted start', () => {
  it(
    'prunes its store before it serves, and stops the schedule when closed',
    async () => {
      const state = mkdtempSync(join(tmpdir(), 'avenir-retention-'));
      try {
        const env = {
          AVENIR_MCP_AUTH: 'ynab',
          XDG_STATE_HOME: state,
          HOME: state,
          AVENIR_MCP_RETENTION_DAYS: '7',
        };
        const config = loadConfig(env, { url: 'http://127.0.0.1:9/v1', token: 'demo-token' });
        // a store an instance already started on once (test/global-setup.ts's copy)
        seedEmbeddedStore(config.stateDir);
        const db = await openStore({ databaseUrl: null, stateDir: config.stateDir, migrateAtStart: false });
        const { a } = await twoPeople(db);
        const journal = new SqlJournal(db);
        await journal.record(a, entry('eight-days'), Date.now() - 8 * DAY_MS);
        await journal.record(a, entry('six-days'), Date.now() - 6 * DAY_MS);
        await db.close();

        const hosted = await openHosted(config, silentLog, { demoSecret: new Secret('s'.repeat(32)) });
        await hosted.close();

        const after = await openStore({
          databaseUrl: null,
          stateDir: config.stateDir,
          migrateAtStart: false,
        });
        const again = new SqlJournal(after);
        expect((await again.list(a)).entries.map((e) => e.operation_id)).toEqual(['six-days']);
        expect(await again.wasPruned(a, 'eight-days')).toBe(true);
        await after.close();
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
