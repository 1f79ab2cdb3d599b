/**
 * The contract of hosted mode's people: who has signed in with YNAB, what they chose, and their YNAB
 * tokens. It is implemented once, on SQL that runs unchanged on a PostgreSQL server and on the
 * embedded PGlite (the rest of src/store/); the sign-in flow and the per-person YNAB client depend on
 * this interface only.
 *
 * Every method that touches one person's data takes that person's id, so that no code path can reach
 * another person's rows by forgetting a filter.
 */

/** A person's opaque id: random, never the YNAB user id, safe to log. */
export type PersonId = string;

/** What the person allowed at sign-in: reading only, or reading and (previewed, confirmed) changes. */
export type Allowed = 'read' | 'write';

export interface Person {
  readonly id: PersonId;
  /** YNAB's id of the user (`GET /user`): the key that finds the same person at the next sign-in. */
  readonly ynabUserId: string;
  readonly allowed: Allowed;
  /** The IANA zone "today" is computed in for this person, or null for the server's. */
  readonly timeZone: string | null;
  /** Epoch milliseconds of the first sign-in. */
  readonly createdAt: number;
}

/** A person's YNAB tokens, in the clear: only in memory, only on the server, never logged. */
export interface YnabGrant {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Epoch milliseconds at which the access token stops working. */
  readonly expiresAt: number;
  /** The scope YNAB granted, as YNAB wrote it (`read-only`, or empty for full access). */
  readonly scope: string;
}

export interface PeopleStore {
  /**
   * Records a sign-in: the person of the YNAB user (made at the first; a later one updates what they
   * chose) and, when given, the YNAB tokens that sign-in gave, replacing any earlier ones, in one
   * transaction, so that what the person allowed and the scope of the token kept never disagree. The
   * latest sign-in wins for the whole account.
   */
  signIn(
    ynabUserId: string,
    choice: { allowed: Allowed; timeZone: string | null },
    grant?: YnabGrant,
  ): Promise<Person>;
  person(id: PersonId): Promise<Person | null>;
  /** The person of a YNAB user, or null when that user never signed in here (or was deleted). */
  personOfYnabUser(ynabUserId: string): Promise<Person | null>;
  /** Every person, oldest first (for the operator's `accounts` command). */
  people(): Promise<Person[]>;
  /** Stores the person's YNAB tokens, sealed: the database alone never opens them. */
  saveGrant(id: PersonId, grant: YnabGrant): Promise<void>;
  /** The person's YNAB tokens, opened; null when there are none (never signed in, signed out, deleted). */
  grant(id: PersonId): Promise<YnabGrant | null>;
  /** Forgets the person's YNAB tokens (YNAB refused them: the person must sign in again). */
  dropGrant(id: PersonId): Promise<void>;
  /**
   * Runs `work` holding the person's refresh lock, across every instance on the same database, so
   * that two refreshes of one person's token never race (YNAB rotates the refresh token: the loser
   * of a race would be left with a spent one).
   */
  withRefreshLock<T>(id: PersonId, work: () => Promise<T>): Promise<T>;
  /**
   * Deletes everything the store holds about the person (their YNAB tokens, the grants, tokens and
   * sessions of their apps, journal, pending writes, codes, settings and pacer), at once; false when
   * there was no such person.
   */
  deletePerson(id: PersonId): Promise<boolean>;
}
