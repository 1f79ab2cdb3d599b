/**
 * The freshness window: for a few seconds after a list of a plan was synced, a read reuses it without
 * asking YNAB. A model answering one question makes several calls seconds apart, each of which would
 * otherwise spend one of the person's 200 requests an hour on a delta that shows nothing new.
 *
 * What ends the window before its time: a write of this server to the plan (its own change must show
 * at once), a write whose outcome is not known yet (the read that settles it must reach YNAB), and a
 * call asking for fresh data. Each bumps the plan's epoch; a sync is fresh only in the epoch it
 * started in, so that a read already under way when a write was sent never counts as fresh after it.
 * What a write does (planning, verifying, settling a lost answer) never uses the window: it runs in
 * `readingAnew`, every read of it reaching YNAB as before.
 *
 * The window covers this process's memory only: another instance of a hosted deployment, or another
 * app, may change the plan meanwhile, which is why it is seconds, not minutes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const anew = new AsyncLocalStorage<true>();

/** Runs `run` with every read it makes reaching YNAB (the writes' reads), whatever the window. */
export const readingAnew = <T>(run: () => Promise<T>): Promise<T> => anew.run(true, run);

/** Whether the code running now reads anew (inside `readingAnew`). */
export const readsAnew = (): boolean => anew.getStore() === true;

/** When a list (or the month store) was last synced, and in which epoch of its plan. */
export interface Synced {
  at: number;
  epoch: number;
}

export interface FreshnessOptions {
  /** A monotonic time in milliseconds (the injected clock, so that tests can move it). */
  now: () => number;
  /** The window's length in milliseconds; 0 asks YNAB at every read. */
  windowMs: number;
}

export class Freshness {
  readonly #o: FreshnessOptions;
  /** Bumped for every plan at once (a write to `last-used`, whose plan is not known here). */
  #all = 0;
  readonly #plans = new Map<string, number>();

  constructor(options: FreshnessOptions = { now: () => 0, windowMs: 0 }) {
    this.#o = options;
  }

  /** The plan's epoch: it changes whenever its window is ended. */
  epoch(plan: string): number {
    return this.#all + (this.#plans.get(plan) ?? 0);
  }

  /** A sync's stamp, taken as it starts. */
  start(plan: string): Synced {
    return { at: this.#o.now(), epoch: this.epoch(plan) };
  }

  /** Whether a sync stamped `synced` can be reused without asking YNAB. */
  fresh(plan: string, synced: Synced | undefined): boolean {
    if (synced === undefined || this.#o.windowMs <= 0 || readsAnew()) return false;
    return synced.epoch === this.epoch(plan) && this.#o.now() - synced.at < this.#o.windowMs;
  }

  /** Ends the window of one plan, or of every plan (undefined). */
  end(plan: string | undefined): void {
    if (plan === undefined) this.#all += 1;
    else this.#plans.set(plan, (this.#plans.get(plan) ?? 0) + 1);
  }
}
