/**
 * Hosted mode's pending writes: one person's rows on the store (src/store/sql-pending.ts) instead of
 * a file, so that a write whose answer was lost on one instance (or that a killed instance left) is
 * seen, refused again and settled by whichever instance the person's next call reaches. How a write
 * settles without its `recognise` data stays in the memory of the instance that made it, as it does
 * in a single process.
 */
import { AppError } from '../domain/errors.js';
import { pendingEntrySchema, type Kept, type Pending, type PendingEntry } from '../safety/pending.js';
import type { PersonId } from '../store/people.js';
import { SqlPending } from '../store/sql-pending.js';
import type { Database } from '../store/sql.js';

export class StorePending implements Pending {
  readonly #sql: SqlPending;
  readonly #person: PersonId;
  readonly #now: () => number;
  readonly #later = new Map<string, Kept>();

  constructor(db: Database, person: PersonId, now: () => number) {
    this.#sql = new SqlPending(db);
    this.#person = person;
    this.#now = now;
  }

  async list(plan?: string): Promise<PendingEntry[]> {
    const rows = await this.#sql.list(this.#person, plan);
    return rows.map((row) => {
      const parsed = pendingEntrySchema.safeParse(row);
      if (!parsed.success) {
        throw new AppError(
          `A pending write of this account (${row.operation_id}) is stored in a shape this version cannot read: nothing was sent. Tell the operator of this server.`,
        );
      }
      return parsed.data;
    });
  }

  async open(entry: PendingEntry): Promise<void> {
    await this.#sql.open(this.#person, entry, this.#now());
  }

  async close(id: string): Promise<void> {
    this.#later.delete(id);
    await this.#sql.close(this.#person, id);
  }

  keep(id: string, later: Kept | null): void {
    if (later !== null) this.#later.set(id, later);
  }

  later(id: string): Kept | undefined {
    return this.#later.get(id);
  }
}
