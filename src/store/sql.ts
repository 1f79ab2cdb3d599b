/**
 * The one small interface every store module runs its SQL through, implemented twice: on `pg` for a
 * PostgreSQL server (pg-database.ts) and on the embedded PGlite (pglite-database.ts). Both speak the
 * same dialect (PGlite is PostgreSQL compiled to WebAssembly), so every statement of src/store/ runs
 * unchanged on either; parameters are always `$1`, `$2`, … and never spliced into the text.
 */

export type Row = Record<string, unknown>;

/** Runs one statement; bigint columns come back as numbers on both engines (epoch milliseconds fit). */
export interface Sql {
  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface Database extends Sql {
  readonly engine: 'postgres' | 'pglite';
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding the lock named `key`, against every instance on the same database
   * (PostgreSQL: a transaction-scoped advisory lock on a connection of its own, so that the lock never
   * takes a connection `work` needs; PGlite lives in one process: the lock is a queue in memory).
   */
  withLock<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * Calls `heard` with the payload of every NOTIFY on `channel`, from any instance on the same database
   * (PostgreSQL: a connection of its own, opened again when the server drops it; PGlite: its own
   * notifications, in this process). Resolves once listening; the function it gives stops it.
   */
  listen(channel: string, heard: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends `payload` to every listener of `channel`, on every instance (NOTIFY). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** A channel name as LISTEN takes it: plain lower-case letters and underscores, never spliced from input. */
export function channelName(channel: string): string {
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** Runs `work` after the last one queued under the same key: locks of one process. */
export class LocalLocks {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(work);
    const tail = mine.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return mine;
  }
}
