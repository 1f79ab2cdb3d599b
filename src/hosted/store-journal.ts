/**
 * Hosted mode's journal: one person's rows on the store (src/store/sql-journal.ts) instead of a file,
 * so that an operation applied through one instance is found, and undone once, through any other.
 * Entries past the retention age are pruned (hosted/retention.ts); the id of each stays, so that
 * undo can tell an operation too old to undo from one that never was.
 */
import { AppError } from '../domain/errors.js';
import type { JournalEntry, JournalStore } from '../safety/journal.js';
import type { PersonId } from '../store/people.js';
import { SqlJournal } from '../store/sql-journal.js';
import type { Database } from '../store/sql.js';

export const STORE_UNREACHABLE =
  'The server cannot reach its store right now: nothing was asked and nothing was changed. Try again in a minute; if it goes on, tell the operator of this server.';

export class StoreJournal implements JournalStore {
  readonly #sql: SqlJournal;
  readonly #person: PersonId;
  readonly #now: () => number;

  constructor(db: Database, person: PersonId, now: () => number) {
    this.#sql = new SqlJournal(db);
    this.#person = person;
    this.#now = now;
  }

  /** A journaled write asks nothing while the store that would record it cannot be reached. */
  async checkWritable(): Promise<void> {
    try {
      // any look-up of the person's journal proves the store answers (no operation has an empty id)
      await this.#sql.has(this.#person, '');
    } catch {
      throw new AppError(STORE_UNREACHABLE);
    }
  }

  async record(entry: JournalEntry): Promise<void> {
    await this.#sql.record(this.#person, entry, this.#now());
  }

  async markUndone(operationId: string, conflict = false): Promise<void> {
    await this.#sql.markUndone(this.#person, operationId, this.#now(), conflict);
  }

  has(operationId: string): Promise<boolean> {
    return this.#sql.has(this.#person, operationId);
  }

  async since(planId: string, appliedAt: string): Promise<JournalEntry[]> {
    // the rows were written from JournalEntry values: the moves keep their shape
    return (await this.#sql.since(this.#person, planId, appliedAt)) as JournalEntry[];
  }

  wasPruned(operationId: string): Promise<boolean> {
    return this.#sql.wasPruned(this.#person, operationId);
  }

  async find(
    planId: string,
    calledWithLastUsed: boolean,
    knownKinds: ReadonlySet<string>,
    operationId: string | null,
  ): Promise<JournalEntry | null> {
    const found = await this.#sql.find(this.#person, planId, calledWithLastUsed, knownKinds, operationId);
    // the rows were written from JournalEntry values: the moves keep their shape
    return found as JournalEntry | null;
  }
}
