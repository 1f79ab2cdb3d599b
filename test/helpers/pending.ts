/**
 * What the tests of lost answers look at besides the stand-in: the pending operations file beside a
 * journal, and a clock they move forward (the pending time and the spacing of settling reads).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Clock } from '../../src/clock.js';
import { pendingPath } from '../../src/safety/pending.js';

export interface PendingLine {
  operation_id: string;
  plan_id: string;
  tool: string;
  subject: string[];
  /** What recognises the write in YNAB, when its tool gives it. */
  recognise?: unknown;
}

/** The entries of the pending operations file beside the journal (none when it does not exist). */
export const pendingEntries = (journal: string): PendingLine[] =>
  existsSync(pendingPath(journal))
    ? (JSON.parse(readFileSync(pendingPath(journal), 'utf8')) as { entries: PendingLine[] }).entries
    : [];

/** A clock a test moves forward: both its wall time and its monotonic time. */
export function movableClock(): Clock & { forward(ms: number): void } {
  let offset = 0;
  return {
    today: () => '2026-09-25',
    monotonicMs: () => performance.now() + offset,
    now: () => new Date(Date.now() + offset),
    forward: (ms) => {
      offset += ms;
    },
  };
}
