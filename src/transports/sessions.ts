/**
 * The 2025-era sessions of the HTTP transport. Each holds a server instance and its state, so one left
 * behind by a client that went away would stay for the life of the process: a session idle for longer
 * than `idleMs` is closed, and when `max` are open the least recently used one is closed to make room.
 */
/** What a session holds: at least its transport (the HTTP layer adds who opened it). */
export interface Held {
  transport: { close(): Promise<void> };
}

/** 30 minutes without a request: a person who paused, not a client that left, comes back before. */
const MINUTE_MS = 60_000;
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
/** Far more than one person's clients, few enough to bound the memory they hold. */
export const MAX_SESSIONS = 100;

interface Entry<T> {
  held: T;
  lastUsed: number;
}

export class SessionStore<T extends Held> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #idleMs: number;
  readonly #max: number;
  readonly #now: () => number;
  readonly #timer: NodeJS.Timeout;

  constructor(options: { idleMs?: number; max?: number; now?: () => number } = {}) {
    this.#idleMs = options.idleMs ?? SESSION_IDLE_MS;
    this.#max = options.max ?? MAX_SESSIONS;
    this.#now = options.now ?? (() => performance.now());
    // sweeps even when no request comes; never keeps the process alive by itself
    this.#timer = setInterval(() => this.sweep(), Math.min(this.#idleMs, MINUTE_MS));
    this.#timer.unref();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session, marked as used now (it moves to the newest end), or undefined. */
  get(id: string): T | undefined {
    this.sweep();
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    this.#entries.delete(id);
    entry.lastUsed = this.#now();
    this.#entries.set(id, entry);
    return entry.held;
  }

  /** Adds a session, first closing the least recently used ones beyond the cap. */
  add(id: string, held: T): void {
    this.sweep();
    while (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#close(oldest);
    }
    this.#entries.set(id, { held, lastUsed: this.#now() });
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  /** Closes the sessions idle for longer than the idle time (the map is in order of last use). */
  sweep(): void {
    const limit = this.#now() - this.#idleMs;
    for (const [id, entry] of this.#entries) {
      if (entry.lastUsed > limit) break;
      this.#close(id);
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#timer);
    const all = [...this.#entries.values()];
    this.#entries.clear();
    for (const { held } of all) await held.transport.close();
  }

  #close(id: string): void {
    const entry = this.#entries.get(id);
    this.#entries.delete(id);
    void entry?.held.transport.close().catch(() => {});
  }
}
