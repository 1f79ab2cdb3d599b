/**
 * Process-wide pacing: at most 180 requests in any rolling hour on a monotonic clock, every try counting
 * (YNAB allows 200 per token; 20 are left for the user's other apps); after a 429 nothing leaves until
 * the pause ends.
 */
import { ClientError } from '../domain/errors.js';

const HOUR_MS = 3_600_000;
const MS_PER_SECOND = 1_000;
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

export class Pacer {
  readonly #now: () => number;
  readonly #budget: number;
  #sends: number[] = [];
  #pausedUntil = 0;

  constructor(now: () => number, budget = HOURLY_BUDGET) {
    this.#now = now;
    this.#budget = budget;
  }

  /** Refuses (throws) when paused or over budget; otherwise records one send. */
  take(): void {
    const now = this.#now();
    if (now < this.#pausedUntil) {
      throw new ClientError(
        `YNAB's limit of 200 requests per hour was reached. Nothing was sent: avenir-mcp calls YNAB again in ${minutesText(this.#pausedUntil - now)}. Tell the user; do not retry before then.`,
      );
    }
    this.#sends = this.#sends.filter((t) => now - t < HOUR_MS);
    if (this.#sends.length >= this.#budget) {
      const wait = (this.#sends[0] ?? now) + HOUR_MS - now;
      throw new ClientError(
        `avenir-mcp sent ${this.#sends.length} requests to YNAB in the last hour, close to YNAB's limit of 200 per hour. Nothing was sent: the next request can leave in ${minutesText(wait)}. Tell the user; do not retry before then.`,
      );
    }
    this.#sends.push(now);
  }

  /** Pauses every request after a 429; returns the pause in milliseconds. */
  pause(retryAfter: string | null): number {
    const ms = pauseSeconds(retryAfter) * MS_PER_SECOND;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + ms);
    return ms;
  }

  /** Requests sent in the last hour (benchmarks and tests). */
  sentLastHour(): number {
    const now = this.#now();
    return this.#sends.filter((t) => now - t < HOUR_MS).length;
  }
}
