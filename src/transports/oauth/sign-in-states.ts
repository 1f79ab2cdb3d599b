/**
 * The `state` of hosted mode's trip to YNAB: made when the person answers the consent page, bound to
 * the sign-in page (the oidc-provider interaction) and to the browser (a cookie only the callback
 * path receives), spent at its first use, right or wrong, and dead after SIGN_IN_STATE_MS. It carries
 * what the person chose, so that nothing of the choice travels through YNAB.
 *
 * Kept in this process's memory, like the sign-in pages themselves: the callback must reach the
 * instance that sent the person to YNAB (see docs/hosting.md).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Allowed } from '../../store/people.js';

/** Ten minutes to sign in at YNAB and come back. */
export const SIGN_IN_STATE_MS = 10 * 60_000;
/** Sign-ins under way at once in one instance; beyond, the oldest is forgotten. */
export const MAX_SIGN_IN_STATES = 1_000;

export interface SignInChoice {
  /** The oidc-provider interaction (the sign-in page) this trip finishes. */
  uid: string;
  allowed: Allowed;
  timeZone: string | null;
}

interface Held extends SignInChoice {
  browser: string;
  expiresAt: number;
}

export type Taken = SignInChoice | 'unknown' | 'other-browser';

export class SignInStates {
  readonly #held = new Map<string, Held>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A new state for the choice, and the browser secret its cookie carries. */
  issue(choice: SignInChoice): { state: string; browser: string } {
    const now = this.#now();
    for (const [state, held] of this.#held) if (held.expiresAt <= now) this.#held.delete(state);
    while (this.#held.size >= MAX_SIGN_IN_STATES) this.#held.delete(this.#held.keys().next().value as string);
    const state = randomBytes(32).toString('base64url');
    const browser = randomBytes(32).toString('base64url');
    this.#held.set(state, { ...choice, browser, expiresAt: now + SIGN_IN_STATE_MS });
    return { state, browser };
  }

  /** Spends the state: its choice when it is live and this is the browser it was issued to. */
  take(state: string, browser: string | null): Taken {
    const held = this.#held.get(state);
    this.#held.delete(state);
    if (!held || held.expiresAt <= this.#now()) return 'unknown';
    const given = Buffer.from(browser ?? '');
    const expected = Buffer.from(held.browser);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'other-browser';
    return { uid: held.uid, allowed: held.allowed, timeZone: held.timeZone };
  }
}
