/**
 * Confirmation codes and used answer nonces: process memory only, shared by every session (the HTTP
 * token is the boundary), single use even on mismatch.
 *
 * Lifetimes are read on the monotonic clock, which nobody can set: a code lives 600 s from its issue,
 * and a requestState this store sealed may be answered for 600 s from its sealing (`live`). Its codec
 * also checks an expiry, but on the wall clock, and a wall clock can be stepped forward and back again:
 * a memory of used nonces kept on it forgot a nonce during the jump while the state became valid again
 * after it, so the same answer applied the change twice. A used nonce is now kept until 600 s have
 * passed since its use on both clocks: by then every state of this store that carries it is past its
 * monotonic lifetime. A state sealed by another process (a shared AVENIR_MCP_STATE_KEY) has no age on
 * this clock; only its codec bounds it, and keeping its nonce until the wall clock too has moved on is
 * the most this memory can do for it.
 */
import { randomBytes } from 'node:crypto';

export const LIFETIME_MS = 600_000;

/** What a requestState carries to be honoured once: its nonce, and which store sealed it when. */
export interface Seal {
  nonce: string;
  /** The sealing store's random id: a monotonic time means something only to the process that read it. */
  sealedBy: string;
  /** The sealing store's monotonic time, in milliseconds. */
  sealedAt: number;
}

/**
 * What the confirmation path needs of a code store: this process-memory one in single-owner modes, or
 * hosted mode's on the store (src/hosted/store-codes.ts), whose spends are database statements and so
 * asynchronous. Sealing and the live check stay synchronous: they only read clocks.
 */
export interface Codes {
  issue(fingerprint: string): string | Promise<string>;
  consume(code: string, fingerprint: string): boolean | Promise<boolean>;
  seal(): Seal;
  live(seal: Seal): boolean;
  spendNonce(seal: Seal): boolean | Promise<boolean>;
}

export class CodeStore implements Codes {
  readonly #now: () => number;
  readonly #wallNow: () => number;
  readonly #id = randomBytes(9).toString('base64url');
  readonly #codes = new Map<string, { fingerprint: string; at: number }>();
  /** Each used nonce with the monotonic and the wall-clock time of its use. */
  readonly #nonces = new Map<string, { at: number; wallAt: number }>();

  constructor(now: () => number, wallNow: () => number = () => Date.now()) {
    this.#now = now;
    this.#wallNow = wallNow;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [code, c] of this.#codes) if (now - c.at > LIFETIME_MS) this.#codes.delete(code);
    const wall = this.#wallNow();
    for (const [nonce, used] of this.#nonces) {
      // a second more on the wall clock: the codec's expiry is in whole seconds
      const past = now - used.at > LIFETIME_MS && wall - used.wallAt > LIFETIME_MS + 1_000;
      if (past) this.#nonces.delete(nonce);
    }
  }

  /** Issues a code bound to a fingerprint: 8 random bytes, URL-safe base64 without padding. */
  issue(fingerprint: string): string {
    this.#dropExpired();
    const code = randomBytes(8).toString('base64url');
    this.#codes.set(code, { fingerprint, at: this.#now() });
    return code;
  }

  /** Spends a code: true only when it exists, is at most 600 s old and carries this fingerprint. */
  consume(code: string, fingerprint: string): boolean {
    const entry = this.#codes.get(code);
    this.#codes.delete(code);
    return entry !== undefined && this.#now() - entry.at <= LIFETIME_MS && entry.fingerprint === fingerprint;
  }

  /** A fresh seal for a requestState: a nonce (16 random bytes, base64url), this store, now. */
  seal(): Seal {
    this.#dropExpired();
    return { nonce: randomBytes(16).toString('base64url'), sealedBy: this.#id, sealedAt: this.#now() };
  }

  /**
   * Whether a verified state may still be answered: false once a state of this store is more than
   * 600 s old on the monotonic clock. Another process's state is left to its codec's expiry.
   */
  live(seal: Seal): boolean {
    return seal.sealedBy !== this.#id || this.#now() - seal.sealedAt <= LIFETIME_MS;
  }

  /** Spends a nonce: false when it was already used (remembered as long as its state can be answered). */
  spendNonce(seal: Seal): boolean {
    this.#dropExpired();
    if (this.#nonces.has(seal.nonce)) return false;
    this.#nonces.set(seal.nonce, { at: this.#now(), wallAt: this.#wallNow() });
    return true;
  }
}
