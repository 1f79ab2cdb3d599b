/**
 * Hosted mode's approval cards, on the store (src/store/sql-single-use.ts): a ticket opened through
 * one instance gives its secret once through any instance, and the secret is spent once, the database
 * deciding the race between two instances.
 */
import type { Approvals, PendingApproval } from '../safety/approvals.js';
import type { PersonId } from '../store/people.js';
import { SqlSingleUse } from '../store/sql-single-use.js';
import type { Database } from '../store/sql.js';

export class StoreApprovals implements Approvals {
  readonly #sql: SqlSingleUse;
  readonly #person: PersonId;
  readonly #now: () => number;

  /** `now`: the wall clock, in epoch milliseconds. */
  constructor(db: Database, person: PersonId, now: () => number) {
    this.#sql = new SqlSingleUse(db);
    this.#person = person;
    this.#now = now;
  }

  open(pending: PendingApproval): Promise<string> {
    return this.#sql.openTicket(this.#person, { ...pending }, this.#now());
  }

  async reveal(ticket: string): Promise<{ secret: string; pending: PendingApproval } | null> {
    const opened = await this.#sql.revealTicket<PendingApproval>(this.#person, ticket, this.#now());
    return opened && { secret: opened.secret, pending: opened.approval };
  }

  take(secret: string): Promise<PendingApproval | null> {
    return this.#sql.takeSecret<PendingApproval>(this.#person, secret, this.#now());
  }
}
