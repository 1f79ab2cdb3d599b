/**
 * Hosted mode's clean-up on a schedule: pruneStore (store/maintenance.ts) once at start, before the
 * instance serves, then every hour. It drops journal entries whose outcome is known once they are
 * older than AVENIR_MCP_RETENTION_DAYS (a pending one is never dropped, and each pruned id leaves a
 * tombstone so that undo can say it is too old), spent or expired codes, answers and tickets, and
 * expired OAuth records.
 *
 * Every instance runs it: each of its deletes is one statement that two instances may run at once
 * (each row goes once, a tombstone is written once), so no instance needs to be the one that prunes.
 * The timer does not keep the process alive, and stop() waits for a run under way, so that the store
 * is not closed under it at shutdown. A run that fails (the store unreachable for a moment) is logged
 * and the next one tries again.
 */
import type { Log } from '../log.js';
import { pruneStore, type Pruned } from '../store/maintenance.js';
import type { Database } from '../store/sql.js';

export const PRUNE_EVERY_MS = 3_600_000;

export interface PruningOptions {
  /** AVENIR_MCP_RETENTION_DAYS. */
  days: number;
  log: Log;
  now?: () => number;
  everyMs?: number;
  /** The timer functions (tests run the hourly tick themselves). */
  timers?: {
    setInterval: (tick: () => void, ms: number) => { unref(): unknown };
    clearInterval: (timer: never) => void;
  };
}

export interface Pruning {
  /** Runs the clean-up now (one run at a time: a call during a run waits for it). */
  run(): Promise<Pruned | null>;
  /** Stops the schedule, after the run under way if any. */
  stop(): Promise<void>;
}

export async function startPruning(db: Database, options: PruningOptions): Promise<Pruning> {
  const { days, log, now = Date.now, everyMs = PRUNE_EVERY_MS } = options;
  const timers = options.timers ?? { setInterval, clearInterval };
  let running: Promise<Pruned | null> | null = null;
  const once = async (): Promise<Pruned | null> => {
    try {
      const pruned = await pruneStore(db, now(), days);
      const { journal, singleUse, oauth } = pruned;
      if (journal + singleUse + oauth > 0)
        log.info(
          'store',
          `Clean-up: ${journal} journal entries older than ${days} days, ${singleUse} spent or expired codes and tickets, ${oauth} expired sign-in records removed`,
        );
      return pruned;
    } catch (error) {
      log.warning('store', `Clean-up failed, tried again in an hour: ${(error as Error).message}`);
      return null;
    }
  };
  const run = (): Promise<Pruned | null> => {
    running ??= once().finally(() => (running = null));
    return running;
  };
  await run();
  const timer = timers.setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      timers.clearInterval(timer as never);
      await running;
    },
  };
}
