/**
 * Confirmation codes and used answer nonces: process memory only, shared by every session (the HTTP
 * token is the boundary), single use even on mismatch. Codes live 600 s on a monotonic clock; a used
 * answer nonce is remembered on the wall clock, the clock its sealed requestState expires on: were
 * they on different clocks, a wall-clock step back would keep the state valid after its nonce was
 * forgotten, and the same answer would apply the change twice.
 */
import { randomBytes } from 'node:crypto';

export const LIFETIME_MS = 600_000;

export class CodeStore {
  readonly #now: () => number;
  readonly #wallNow: () => number;
  readonly #codes = new Map<string, { fingerprint: string; at: number }>();
  readonly #nonces = new Map<string, number>();

  constructor(now: () => number, wallNow: () => number = () => Date.now()) {
    this.#now = now;
    this.#wallNow = wallNow;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [code, c] of this.#codes) if (now - c.at > LIFETIME_MS) this.#codes.delete(code);
    const wall = this.#wallNow();
    for (const [nonce, until] of this.#nonces) if (wall > until) this.#nonces.delete(nonce);
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

  /** A fresh nonce for a requestState (16 random bytes, base64url). */
  nonce(): string {
    this.#dropExpired();
    return randomBytes(16).toString('base64url');
  }

  /** Spends a nonce: false when it was already used (remembered until its state expires). */
  spendNonce(nonce: string): boolean {
    this.#dropExpired();
    if (this.#nonces.has(nonce)) return false;
    // spent after its state was sealed, so kept at least until that state expires (plus a second
    // for the codec's whole-second expiry)
    this.#nonces.set(nonce, this.#wallNow() + LIFETIME_MS + 1_000);
    return true;
  }
}
