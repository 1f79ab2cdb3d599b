/**
 * Confirmation codes and used answer nonces: process memory only, shared by every session (the HTTP
 * token is the boundary), 600 s on a monotonic clock, single use even on mismatch.
 */
import { randomBytes } from 'node:crypto';

export const LIFETIME_MS = 600_000;

export class CodeStore {
  readonly #now: () => number;
  readonly #codes = new Map<string, { fingerprint: string; at: number }>();
  readonly #nonces = new Map<string, number>();

  constructor(now: () => number) {
    this.#now = now;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [code, c] of this.#codes) if (now - c.at > LIFETIME_MS) this.#codes.delete(code);
    for (const [nonce, until] of this.#nonces) if (now > until) this.#nonces.delete(nonce);
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
    this.#nonces.set(nonce, this.#now() + LIFETIME_MS);
    return true;
  }
}
