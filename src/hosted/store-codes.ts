/**
 * Hosted mode's confirmation codes and used answer nonces, on the store (src/store/sql-single-use.ts):
 * a code issued through one instance is spent through any other, once, and when two instances race to
 * spend it the database lets exactly one win. A requestState sealed here carries the wall-clock time
 * of its sealing, the one clock every instance shares; its nonce is kept until every state that
 * carries it is past its lifetime on that clock (and the codec's own expiry, in whole seconds).
 */
import { randomBytes } from 'node:crypto';
import { LIFETIME_MS, type Codes, type Seal } from '../safety/codes.js';
import type { PersonId } from '../store/people.js';
import { SqlSingleUse } from '../store/sql-single-use.js';
import type { Database } from '../store/sql.js';

/** Who sealed a state: the store, not one process (its time is the wall clock's). */
export const STORE_SEALED = 'store';

export class StoreCodes implements Codes {
  readonly #sql: SqlSingleUse;
  readonly #person: PersonId;
  readonly #now: () => number;

  /** `now`: the wall clock, in epoch milliseconds. */
  constructor(db: Database, person: PersonId, now: () => number) {
    this.#sql = new SqlSingleUse(db, LIFETIME_MS);
    this.#person = person;
    this.#now = now;
  }

  issue(fingerprint: string): Promise<string> {
    return this.#sql.issueCode(this.#person, fingerprint, this.#now());
  }

  consume(code: string, fingerprint: string): Promise<boolean> {
    return this.#sql.consumeCode(this.#person, code, fingerprint, this.#now());
  }

  seal(): Seal {
    return { nonce: randomBytes(16).toString('base64url'), sealedBy: STORE_SEALED, sealedAt: this.#now() };
  }

  /** Only a state sealed on the store, at most 600 s ago (and not dated ahead of this instance's clock by more). */
  live(seal: Seal): boolean {
    const age = this.#now() - seal.sealedAt;
    return seal.sealedBy === STORE_SEALED && Math.abs(age) <= LIFETIME_MS;
  }

  spendNonce(seal: Seal): Promise<boolean> {
    // a second more: the codec's expiry is in whole seconds
    const keepUntil = Math.max(seal.sealedAt, this.#now()) + LIFETIME_MS + 1_000;
    return this.#sql.spendNonce(this.#person, seal.nonce, keepUntil);
  }
}
