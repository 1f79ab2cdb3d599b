/**
 * Each person's journal on the store: the operations applied, marked undone once, and read back for
 * undo, as the file journal of src/safety/journal.ts does for one owner (the fields keep its names, so
 * that the safety layer can adapt to it field for field). Old closed entries are pruned, leaving a
 * tombstone of the id alone, so that an undo of a pruned operation can say it is too old rather than
 * unknown.
 */
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

export interface JournalRecord {
  operation_id: string;
  plan_id: string;
  kind: string;
  applied_at: string;
  moves: unknown[];
  details: Record<string, unknown>;
}

/** A journal row as read back: the record, and whether it was undone. */
type EntryRow = JournalRecord & { [column: string]: unknown; undone: boolean };

const COLUMNS = 'operation_id, plan_id, kind, applied_at, moves, details, undone_at IS NOT NULL AS undone';
const toRecord = ({ operation_id, plan_id, kind, applied_at, moves, details }: EntryRow): JournalRecord => ({
  operation_id,
  plan_id,
  kind,
  applied_at,
  moves,
  details,
});

export const DAY_MS = 86_400_000;

export class SqlJournal {
  constructor(private readonly db: Database) {}

  /** Records an applied operation; `now` (epoch ms) dates it for pruning. */
  async record(person: PersonId, entry: JournalRecord, now: number): Promise<void> {
    const { operation_id, plan_id, kind, applied_at, moves, details } = entry;
    await this.db.query(
      `INSERT INTO journal_entries (person_id, operation_id, plan_id, kind, applied_at, recorded_at, moves, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [person, operation_id, plan_id, kind, applied_at, now, JSON.stringify(moves), JSON.stringify(details)],
    );
  }

  /**
   * Marks an operation undone; true only for the call that marked it, so that two instances undoing
   * the same operation at once cannot both go on.
   */
  async markUndone(person: PersonId, operationId: string, now: number, conflict = false): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE journal_entries SET undone_at = $3, conflict = $4
       WHERE person_id = $1 AND operation_id = $2 AND undone_at IS NULL RETURNING operation_id`,
      [person, operationId, now, conflict],
    );
    return rows.length > 0;
  }

  /** Every entry, oldest first, and the ids of those undone. */
  async list(person: PersonId): Promise<{ entries: JournalRecord[]; undone: Set<string> }> {
    const rows = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM journal_entries WHERE person_id = $1 ORDER BY seq`,
      [person],
    );
    return {
      entries: rows.map(toRecord),
      undone: new Set(rows.filter((r) => r.undone).map((r) => r.operation_id)),
    };
  }

  /** The person's entries of a plan applied at or after `appliedAt`, oldest first, undone ones included. */
  async since(person: PersonId, planId: string, appliedAt: string): Promise<JournalRecord[]> {
    const rows = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM journal_entries
       WHERE person_id = $1 AND plan_id = $2 AND applied_at >= $3 ORDER BY seq`,
      [person, planId, appliedAt],
    );
    return rows.map(toRecord);
  }

  /** Whether the person's journal holds this operation (undone or not). */
  async has(person: PersonId, operationId: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM journal_entries WHERE person_id = $1 AND operation_id = $2',
      [person, operationId],
    );
    return rows.length > 0;
  }

  /** Whether the person's operation was in the journal and pruned for its age. */
  async wasPruned(person: PersonId, operationId: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM journal_pruned WHERE person_id = $1 AND operation_id = $2',
      [person, operationId],
    );
    return rows.length > 0;
  }

  /**
   * The operation undo acts on, as Journal.find: the most recent of the plan not undone and of a
   * known kind (an entry recorded under `last-used` matches a `last-used` call too), or the one named.
   */
  async find(
    person: PersonId,
    planId: string,
    calledWithLastUsed: boolean,
    knownKinds: ReadonlySet<string>,
    operationId: string | null,
  ): Promise<JournalRecord | null> {
    const [row] = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM journal_entries
       WHERE person_id = $1 AND undone_at IS NULL AND kind = ANY($2::text[])
         AND (plan_id = $3 OR ($4 AND plan_id = 'last-used'))
         AND ($5::text IS NULL OR operation_id = $5)
       ORDER BY seq DESC LIMIT 1`,
      [person, [...knownKinds], planId, calledWithLastUsed, operationId],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * Prunes, for every person, the entries recorded before `before` (epoch ms) whose outcome is known
   * (never one still pending), keeping a tombstone of each id. Returns how many went.
   */
  async prune(before: number, now: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const gone = await tx.query<{ person_id: string; operation_id: string }>(
        `DELETE FROM journal_entries j WHERE recorded_at < $1 AND NOT EXISTS (
           SELECT 1 FROM pending_outcomes p WHERE p.person_id = j.person_id AND p.operation_id = j.operation_id)
         RETURNING person_id, operation_id`,
        [before],
      );
      if (gone.length > 0)
        await tx.query(
          `INSERT INTO journal_pruned (person_id, operation_id, pruned_at)
           SELECT person_id, operation_id, $3 FROM unnest($1::text[], $2::text[]) AS g (person_id, operation_id)
           ON CONFLICT DO NOTHING`,
          [gone.map((g) => g.person_id), gone.map((g) => g.operation_id), now],
        );
      return gone.length;
    });
  }
}
