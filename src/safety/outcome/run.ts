/**
 * What one confirmed (or unconfirmed) write carries while it runs, for the code deep inside it that
 * must know: how long to settle a lost answer, where progress goes, whether its journal failed, and
 * the pending entry it was announced under. A write runs inside `inWrite`; outside one (a read, a
 * test of a step alone) `currentRun()` is undefined, and settling reads once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deps } from '../../deps.js';
import type { Kind } from '../journal-kinds.js';
import type { Recognise } from '../recognise.js';

export interface SettleBounds {
  /** The settling window (AVENIR_MCP_SETTLE_MS). */
  windowMs: number;
  sleep(ms: number): Promise<void>;
  /** Sends a progress notification to the caller, when the call asked for progress. */
  progress?: (message: string) => void;
}

export interface WriteRun {
  bounds: SettleBounds;
  /** The first journal failure after YNAB applied a change (reported as a warning, never an error). */
  journalFailure: string | null;
  /**
   * The id announced in the pending entry before the first send: the first operation the write
   * journals takes it, so that the pending entry and the journal entry are one operation.
   */
  pendingId: string | null;
  /** Whether a journal entry already took `pendingId`. */
  pendingIdUsed: boolean;
  /** How a write left unknown settles later, set by the write itself (or null: it cannot). */
  later: Later | null;
  /**
   * The outcome is unknown, but what is left was journaled as an operation of its own whose undo
   * re-reads YNAB before sending anything: asking again cannot make anything twice, so the write is
   * not kept pending.
   */
  repeatSafe: boolean;
  /**
   * Rewrites the pending entry's recognise data, once a step has made known what the rest of the
   * write will be recognised by (the id YNAB gave a created adjustment, what is left of an undo);
   * null outside a confirmed write.
   */
  announce: ((r: Recognise) => Promise<void>) | null;
  /**
   * The kinds of journal entry the write declared it may record (ConfirmRequest.journals); null where
   * nothing was declared (an unconfirmed write, the later settling of a pending one).
   */
  journals: readonly (Kind | 'undone')[] | null;
}

/**
 * A write left unknown, kept in memory so that a later call can settle it: one read of what it
 * changed, and — when the read shows it — the write's own journaling of what YNAB holds.
 */
export interface Later {
  /**
   * Reads YNAB once. 'closed' when the outcome is now known (what landed is journaled), or when
   * `final` (the pending time is over) and the read still shows nothing; else 'waiting'.
   */
  settle(final: boolean): Promise<'closed' | 'waiting'>;
}

const running = new AsyncLocalStorage<WriteRun>();

export const inWrite = <T>(run: WriteRun, work: () => Promise<T>): Promise<T> => running.run(run, work);

export const currentRun = (): WriteRun | undefined => running.getStore();

/**
 * Keeps the running write, whose outcome is unknown, for the next call on its plan: `read` reads
 * YNAB once and gives what shows the change landed (or null while nothing does); `landed` then
 * journals it. The entry closes once it landed, or when its pending time is over. Nothing outside
 * a write.
 */
export function keepUntilShown<T>(
  read: () => Promise<T | null>,
  landed: (shown: T) => Promise<unknown>,
): void {
  const run = running.getStore();
  if (run === undefined) return;
  run.later = {
    settle: async (final) => {
      const shown = await read();
      if (shown === null) return final ? 'closed' : 'waiting';
      await landed(shown);
      return 'closed';
    },
  };
}

/**
 * Says that the running write's unknown outcome is safe to ask again (what is left re-reads YNAB
 * before sending anything), so that it is not kept pending; nothing outside a write.
 */
export function markRepeatSafe(): void {
  const run = running.getStore();
  if (run !== undefined) run.repeatSafe = true;
}

/** A fresh run of one write: its settling bounds from the configuration, progress to the caller. */
export const newRun = (deps: Deps, progress?: (message: string) => void): WriteRun =>
  runWithin({ windowMs: deps.config.settleMs, sleep: deps.sleep, ...(progress ? { progress } : {}) });

/** A fresh run of one write within these settling bounds, nothing yet announced, journaled or kept. */
export function runWithin(bounds: SettleBounds): WriteRun {
  return {
    bounds,
    journalFailure: null,
    pendingId: null,
    pendingIdUsed: false,
    later: null,
    repeatSafe: false,
    announce: null,
    journals: null,
  };
}

/**
 * Says how the running write is recognised from now on (see WriteRun.announce), so that a process
 * that did not make it settles it by what is now known; nothing outside a confirmed write.
 */
export async function recogniseAs(r: Recognise): Promise<void> {
  await running.getStore()?.announce?.(r);
}
