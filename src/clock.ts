/**
 * The one seam through which "today" and time are read (injected, so that tests and demo mode can pin
 * it).
 */
import { performance } from 'node:perf_hooks';
import { localDate } from './domain/dates.js';

export interface Clock {
  /** Today as `YYYY-MM-DD`: `AVENIR_MCP_TODAY` when pinned, else the machine's local date. */
  today(): string;
  /** A monotonic time in milliseconds (pacing, code lifetimes). */
  monotonicMs(): number;
  /** The wall-clock time (journal timestamps). */
  now(): Date;
}

export function systemClock(pinnedToday: string | null): Clock {
  return {
    today: () => pinnedToday ?? localDate(new Date()),
    monotonicMs: () => performance.now(),
    now: () => new Date(),
  };
}
