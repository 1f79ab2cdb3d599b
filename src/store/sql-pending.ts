/**
 * Each person's pending outcomes on the store: a confirmed write announced before its first request
 * and closed once its outcome is known, as the pending file of src/safety/pending.ts does for one
 * owner. The entry itself is kept whole as JSON (its shape is the safety layer's), with the keys the
 * store needs beside it. Any instance reads the entries another wrote, so the survivor of a killed
 * instance settles them.
 */
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

/** What the store needs of a pending entry; the rest is kept as given. */
export interface PendingRecord {
  readonly operation_id: string;
  readonly plan_id: string;
  readonly [field: string]: unknown;
}

export class SqlPending {
  constructor(private readonly db: Database) {}

  /** Announces a write (or replaces the entry of the same operation). */
  async open(person: PersonId, entry: PendingRecord, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO pending_outcomes (person_id, operation_id, plan_id, entry, opened_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (person_id, operation_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, entry = EXCLUDED.entry`,
      [person, entry.operation_id, entry.plan_id, JSON.stringify(entry), now],
    );
  }

  /** Closes an entry; true only for the call that closed it (two instances settling it at once). */
  async close(person: PersonId, operationId: string): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM pending_outcomes WHERE person_id = $1 AND operation_id = $2 RETURNING operation_id',
      [person, operationId],
    );
    return rows.length > 0;
  }

  /** The person's entries (of one plan, when given), oldest first. */
  async list<E extends PendingRecord = PendingRecord>(person: PersonId, plan?: string): Promise<E[]> {
    const rows = await this.db.query<{ entry: E }>(
      `SELECT entry FROM pending_outcomes WHERE person_id = $1 AND ($2::text IS NULL OR plan_id = $2)
       ORDER BY seq`,
      [person, plan ?? null],
    );
    return rows.map((r) => r.entry);
  }
}
