/**
 * Hosted mode's pacer, on the store (src/store/sql-pacer.ts): one person's hourly budget shared by
 * every instance, each send reserved in the store before it leaves, so that N instances together keep
 * the person under it; a multi-write operation reserves all its sends at once or none; a 429 pause
 * seen by one instance holds them all. Times are the wall clock's, the one clock instances share. The
 * refusals are those of the single-owner pacer (src/ynab/pace.ts), word for word.
 */
import { observePacerRefusal, observePacerReservation, observeYnabPause } from '../metrics/hooks.js';
import type { PersonId } from '../store/people.js';
import { SqlPacer, type Reservation } from '../store/sql-pacer.js';
import type { Database } from '../store/sql.js';
import {
  allowanceOf,
  budgetRefusal,
  HOURLY_BUDGET,
  MS_PER_SECOND,
  pausedRefusal,
  pauseSeconds,
  type Allowance,
  type Pacing,
  withAllowance,
} from '../ynab/pace.js';

export class StorePacer implements Pacing {
  readonly #sql: SqlPacer;
  readonly #person: PersonId;
  readonly #now: () => number;
  readonly #budget: number;

  /** `now`: the wall clock, in epoch milliseconds. */
  constructor(db: Database, person: PersonId, now: () => number, budget = HOURLY_BUDGET) {
    this.#sql = new SqlPacer(db);
    this.#person = person;
    this.#now = now;
    this.#budget = budget;
  }

  /** Reserves `count` sends in the store, or throws the refusal that says when to try again. */
  async #reserve(count: number, compensating: boolean): Promise<number> {
    const now = this.#now();
    const answer: Reservation = await this.#sql.reserve(this.#person, count, {
      now,
      budget: this.#budget,
      compensating,
    });
    if (answer.ok) {
      observePacerReservation(answer.left);
      return answer.id;
    }
    observePacerRefusal(answer.reason);
    if (answer.reason === 'paused') throw pausedRefusal(answer.until - now);
    observePacerReservation(Math.max(0, this.#budget - answer.sent));
    throw budgetRefusal(answer.sent, count, answer.freeAt - now);
  }

  async take(): Promise<void> {
    const allowance = allowanceOf(this);
    if (allowance !== undefined && allowance.left > 0) {
      allowance.left -= 1; // reserved (and counted) before the operation's first write
      return;
    }
    await this.#reserve(1, allowance?.compensating === true);
  }

  async reserved<T>(count: number, operation: () => Promise<T>): Promise<T> {
    const id = await this.#reserve(count, false);
    const allowance: Allowance = { left: count, compensating: false };
    try {
      return await withAllowance(this, allowance, operation);
    } finally {
      await this.#sql.release(this.#person, id, allowance.left);
    }
  }

  compensating<T>(write: () => Promise<T>): Promise<T> {
    return withAllowance(this, { left: 0, compensating: true }, write);
  }

  async pause(retryAfter: string | null): Promise<number> {
    const ms = pauseSeconds(retryAfter) * MS_PER_SECOND;
    observeYnabPause(ms / MS_PER_SECOND);
    await this.#sql.pause(this.#person, this.#now() + ms);
    return ms;
  }

  sentLastHour(): Promise<number> {
    return this.#sql.sentLastHour(this.#person, this.#now());
  }
}
