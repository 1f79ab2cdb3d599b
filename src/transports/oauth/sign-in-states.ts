/**
 * The `state` of hosted mode's trip to YNAB: made when the person answers the consent page, bound to
 * the sign-in page (the oidc-provider interaction) and to the browser (a cookie only the callback
 * path receives), spent at its first use, right or wrong, and dead after SIGN_IN_STATE_MS. It carries
 * what the person chose, so that nothing of the choice travels through YNAB.
 *
 * Hosted mode keeps them in the shared store (StoredSignInStates), beside the sign-in pages
 * themselves, so that YNAB may send the person back to any instance: the store spends a state in one
 * step, so even two callbacks racing on two instances spend it once. The memory one (SignInStates)
 * serves a single process, and the tests of the pages alone.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Allowed } from '../../store/people.js';
import type { OAuthStore, Payload } from './store.js';

/** Ten minutes to sign in at YNAB and come back. */
export const SIGN_IN_STATE_MS = 10 * 60_000;
/** Sign-ins under way at once in one process's memory; beyond, the oldest is forgotten. */
export const MAX_SIGN_IN_STATES = 1_000;

export interface SignInChoice {
  /** The oidc-provider interaction (the sign-in page) this trip finishes. */
  uid: string;
  allowed: Allowed;
  timeZone: string | null;
  /**
   * A widening started on the account page: the person whose app it is, and the app. The callback
   * widens that app only when YNAB's answer is this person's.
   */
  widen?: { account: string; client: string };
}

interface Held extends SignInChoice {
  browser: string;
  expiresAt: number;
}

export type Taken = SignInChoice | 'unknown' | 'other-browser';

/** Where the trips to YNAB under way are kept. */
export interface SignInStateStore {
  /**
   * A new state for the choice, and the browser secret its cookie carries. `mark` begins the state:
   * what kind of trip it is can then be told from the callback's query alone, even once the state
   * has expired.
   */
  issue(choice: SignInChoice, mark?: string): Promise<{ state: string; browser: string }>;
  /** Spends the state: its choice when it is live and this is the browser it was issued to. */
  take(state: string, browser: string | null): Promise<Taken>;
}

const secret = (): string => randomBytes(32).toString('base64url');

/** The choice when `given` is the browser the state was issued to, compared in constant time. */
function judge(held: Held, given: string | null): Taken {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(held.browser);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return 'other-browser';
  const { uid, allowed, timeZone, widen } = held;
  return widen ? { uid, allowed, timeZone, widen } : { uid, allowed, timeZone };
}

/** In this process's memory. */
export class SignInStates implements SignInStateStore {
  readonly #held = new Map<string, Held>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  issue(choice: SignInChoice, mark = ''): Promise<{ state: string; browser: string }> {
    const now = this.#now();
    for (const [state, held] of this.#held) if (held.expiresAt <= now) this.#held.delete(state);
    while (this.#held.size >= MAX_SIGN_IN_STATES) this.#held.delete(this.#held.keys().next().value as string);
    const state = `${mark}${secret()}`;
    const browser = secret();
    this.#held.set(state, { ...choice, browser, expiresAt: now + SIGN_IN_STATE_MS });
    return Promise.resolve({ state, browser });
  }

  take(state: string, browser: string | null): Promise<Taken> {
    const held = this.#held.get(state);
    this.#held.delete(state);
    if (!held || held.expiresAt <= this.#now()) return Promise.resolve('unknown');
    return Promise.resolve(judge(held, browser));
  }
}

const KIND = 'SignInState';

/** The fields a stored state must have; anything else reads as unknown. */
function heldOf(payload: Payload | undefined): Held | null {
  if (!payload) return null;
  const { uid, allowed, timeZone, browser, expiresAt, widen } = payload;
  const ok =
    typeof uid === 'string' &&
    (allowed === 'read' || allowed === 'write') &&
    (timeZone === null || typeof timeZone === 'string') &&
    typeof browser === 'string' &&
    typeof expiresAt === 'number';
  if (!ok) return null;
  const held: Held = { uid, allowed, timeZone, browser, expiresAt };
  const w = widen as { account?: unknown; client?: unknown } | undefined;
  return typeof w?.account === 'string' && typeof w.client === 'string'
    ? { ...held, widen: { account: w.account, client: w.client } }
    : held;
}

/**
 * In a store every instance shares (hosted mode's): each state is a record that expires with it,
 * spent by the store's `take` (one DELETE … RETURNING on SQL). The expiry is checked here as well as
 * by the store, on the clock this side was given. Instead of the memory's cap, a sign-in page has one
 * trip under way at a time: a new answer to the page replaces the trip before it, so that posting
 * one page over and over cannot fill the store.
 */
export class StoredSignInStates implements SignInStateStore {
  constructor(
    private readonly store: OAuthStore,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(choice: SignInChoice, mark = ''): Promise<{ state: string; browser: string }> {
    const state = `${mark}${secret()}`;
    const browser = secret();
    const expiresAt = this.now() + SIGN_IN_STATE_MS;
    const held: Held = { ...choice, browser, expiresAt };
    await this.store.deleteBy(KIND, 'uid', choice.uid);
    await this.store.set(KIND, state, { ...held }, expiresAt);
    return { state, browser };
  }

  async take(state: string, browser: string | null): Promise<Taken> {
    // an empty state never reaches the store: nothing could have been issued under it
    const held = state === '' ? null : heldOf(await this.store.take(KIND, state));
    if (!held || held.expiresAt <= this.now()) return 'unknown';
    return judge(held, browser);
  }
}
