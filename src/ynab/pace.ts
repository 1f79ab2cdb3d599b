/**
 * Process-wide pacing: at most 180 requests in any rolling hour on a monotonic clock, every try counting
 * (YNAB allows 200 per token; 20 are left for the user's other apps); after a 429 nothing leaves until
 * the pause ends. A multi-write operation reserves all its sends before its first write, so that pacing
 * never stops it halfway; a compensation write (putting back what a failed operation half did) is
 * always let through the hourly budget.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PacingRefusal } from '../domain/write-outcome.js';
import { observePacerRefusal, observeYnabPause, trackPacer } from '../metrics/hooks.js';

const HOUR_MS = 3_600_000;
export const MS_PER_SECOND = 1_000;
export const HOURLY_BUDGET = 180;

/** `{N minutes}`: n = max(1, ceil(seconds / 60)), `1 minute` or `{n} minutes`. */
export function minutesText(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

/** The pause after a 429: `Retry-After` as plain integer seconds clamped to [60, 3600], else 600. */
export function pauseSeconds(retryAfter: string | null): number {
  if (retryAfter === null || !/^\d+$/.test(retryAfter.trim())) return 600;
  return Math.min(3600, Math.max(60, Number(retryAfter.trim())));
}

/** The refusal while a 429 pause holds, `ms` before it ends (one text for every pacer). */
export function pausedRefusal(ms: number): PacingRefusal {
  return new PacingRefusal(
    `YNAB's limit of 200 requests per hour was reached. Nothing was sent: avenir-mcp calls YNAB again in ${minutesText(ms)}. Tell the user; do not retry before then.`,
  );
}

/** The refusal when the hour has no room for `count` sends (`sent` in it), `waitMs` before it has. */
export function budgetRefusal(sent: number, count: number, waitMs: number): PacingRefusal {
  const what =
    count === 1
      ? 'the next request'
      : `nothing was changed; the ${count} requests this change needs (sent together or not at all)`;
  return new PacingRefusal(
    `avenir-mcp sent ${sent} requests to YNAB in the last hour, close to YNAB's limit of 200 per hour. Nothing was sent: ${what} can leave in ${minutesText(waitMs)}. Tell the user; do not retry before then.`,
  );
}

/**
 * What the YNAB client and the write engine need of a pacer: this process-memory one in single-owner
 * modes, or hosted mode's on the store (src/hosted/store-pacer.ts), shared by every instance and so
 * asynchronous where it counts or pauses.
 */
export interface Pacing {
  /** Refuses (throws a PacingRefusal) when paused or over budget; otherwise counts one send. */
  take(): void | Promise<void>;
  /** Runs a multi-write operation with all its sends reserved first, or refuses with nothing sent. */
  reserved<T>(count: number, operation: () => Promise<T>): Promise<T>;
  /** Runs a compensation write: it passes the hourly budget (a 429 pause still holds it back). */
  compensating<T>(write: () => Promise<T>): Promise<T>;
  /** Pauses every request after a 429; returns the pause in milliseconds. */
  pause(retryAfter: string | null): number | Promise<number>;
  /** Requests sent in the last hour (benchmarks and tests). */
  sentLastHour(): number | Promise<number>;
}

/** What the running operation may still send without asking the budget again. */
export interface Allowance {
  left: number;
  compensating: boolean;
}

/**
 * The running operation's allowance, per pacer, in ONE AsyncLocalStorage for every pacer of the
 * process. An AsyncLocalStorage, once used, stays on Node's list of storages until it is disabled,
 * and every promise the process creates afterwards visits each storage on that list (Node 20 and
 * 22): one storage per pacer (a pacer per server in tests, per person in hosted mode) made every
 * promise slower with every person or connection ever served, for good. Keyed by the pacer instead,
 * the scope is one storage whatever the number of pacers, and an operation of one pacer never sees
 * another's allowance.
 */
const operations = new AsyncLocalStorage<ReadonlyMap<object, Allowance>>();

/** The allowance `pacer`'s running operation holds, if this call runs inside one. */
export const allowanceOf = (pacer: object): Allowance | undefined => operations.getStore()?.get(pacer);

/** Runs `operation` with `allowance` as `pacer`'s, other pacers' allowances kept as they were. */
export function withAllowance<T>(pacer: object, allowance: Allowance, operation: () => T): T {
  const scope = new Map(operations.getStore());
  scope.set(pacer, allowance);
  return operations.run(scope, operation);
}

export class Pacer implements Pacing {
  readonly #now: () => number;
  readonly #budget: number;
  #sends: number[] = [];
  #pausedUntil = 0;

  constructor(now: () => number, budget = HOURLY_BUDGET) {
    this.#now = now;
    this.#budget = budget;
    trackPacer(this); // the metrics read its budget left when scraped
  }

  /** Refuses (throws) when paused or over budget; otherwise records one send. */
  take(): void {
    const allowance = allowanceOf(this);
    if (allowance !== undefined && allowance.left > 0) {
      allowance.left -= 1; // reserved (and counted) before the operation's first write
      return;
    }
    const now = this.#now();
    this.#checkPause(now);
    this.#sends = this.#sends.filter((t) => now - t < HOUR_MS);
    if (allowance?.compensating !== true) this.#checkRoom(now, 1);
    this.#sends.push(now);
  }

  /**
   * Runs a multi-write operation with `count` sends reserved (and counted) before it starts: either
   * all of them can leave, or nothing is sent and a PacingRefusal says when to try again. Sends the
   * operation did not use are given back.
   */
  async reserved<T>(count: number, operation: () => Promise<T>): Promise<T> {
    const now = this.#now();
    this.#checkPause(now);
    this.#sends = this.#sends.filter((t) => now - t < HOUR_MS);
    this.#checkRoom(now, count);
    const stamps = Array.from({ length: count }, () => now);
    this.#sends.push(...stamps);
    const allowance: Allowance = { left: count, compensating: false };
    try {
      return await withAllowance(this, allowance, operation);
    } finally {
      for (let i = 0; i < allowance.left; i++) {
        const at = this.#sends.lastIndexOf(now);
        if (at >= 0) this.#sends.splice(at, 1);
      }
    }
  }

  /** Runs a compensation write: it passes the hourly budget (a 429 pause still holds it back). */
  compensating<T>(write: () => Promise<T>): Promise<T> {
    return withAllowance(this, { left: 0, compensating: true }, write);
  }

  #checkPause(now: number): void {
    if (now < this.#pausedUntil) {
      observePacerRefusal('paused');
      throw pausedRefusal(this.#pausedUntil - now);
    }
  }

  #checkRoom(now: number, count: number): void {
    if (this.#sends.length + count <= this.#budget) return;
    observePacerRefusal('budget');
    // the send that frees enough room is the one `count` places after the budget's oldest
    const freeing = this.#sends[Math.max(0, this.#sends.length + count - this.#budget - 1)] ?? now;
    throw budgetRefusal(this.#sends.length, count, freeing + HOUR_MS - now);
  }

  /** Pauses every request after a 429; returns the pause in milliseconds. */
  pause(retryAfter: string | null): number {
    const ms = pauseSeconds(retryAfter) * MS_PER_SECOND;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + ms);
    observeYnabPause(ms / MS_PER_SECOND);
    return ms;
  }

  /** Requests that can still leave in the current hour (the metrics, in buckets). */
  budgetLeft(): number {
    return Math.max(0, this.#budget - this.sentLastHour());
  }

  /** Whether a 429 pause holds every request back now. */
  paused(): boolean {
    return this.#now() < this.#pausedUntil;
  }

  /** Requests sent in the last hour (benchmarks and tests). */
  sentLastHour(): number {
    const now = this.#now();
    return this.#sends.filter((t) => now - t < HOUR_MS).length;
  }
}
