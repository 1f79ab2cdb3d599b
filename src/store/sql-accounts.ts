/**
 * The operator's view of hosted mode's accounts (`avenir-mcp accounts`): each person's opaque id, when
 * they first signed in and when they were last seen, and the deletion of everything of one person.
 * Nothing here opens a sealed token or reads a name, so the commands need no seal key and print
 * nothing that identifies anyone outside this store.
 */
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

export interface Account {
  readonly id: PersonId;
  /** Epoch milliseconds of the first sign-in. */
  readonly createdAt: number;
  /**
   * Epoch milliseconds of the latest sign of the person: their first sign-in, the last time their YNAB
   * token was saved (each sign-in and each refresh, which happens as they use the server, at most
   * two hours apart), their last journaled change, their last YNAB request of the past hour.
   */
  readonly lastSeenAt: number;
}

interface AccountRow {
  [column: string]: unknown;
  id: string;
  created_at: number;
  last_seen_at: number;
}

/**
 * Deletes the person's row; every table that holds something of a person references `people` ON
 * DELETE CASCADE (test/store/deletion.test.ts finds every such table and holds it to that), so the one
 * statement takes their tokens, OAuth grants and sessions, journal, pending writes, codes, settings
 * and pacer with it, at once.
 */
export async function deletePersonRows(db: Database, id: PersonId): Promise<boolean> {
  const rows = await db.query('DELETE FROM people WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export class SqlAccounts {
  constructor(private readonly db: Database) {}

  /** Every account, oldest first. */
  async list(): Promise<Account[]> {
    // GREATEST skips the NULLs of a person without a grant, a journal or a recent request
    const rows = await this.db.query<AccountRow>(
      `SELECT p.id, p.created_at,
              GREATEST(p.created_at, g.saved_at, j.last_at, s.last_at) AS last_seen_at
       FROM people p
       LEFT JOIN ynab_grants g ON g.person_id = p.id
       LEFT JOIN (SELECT person_id, max(recorded_at) AS last_at FROM journal_entries GROUP BY person_id) j
         ON j.person_id = p.id
       LEFT JOIN (SELECT person_id, max(sent_at) AS last_at FROM pacer_sends GROUP BY person_id) s
         ON s.person_id = p.id
       ORDER BY p.created_at, p.id`,
    );
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastSeenAt: r.last_seen_at }));
  }

  /** Deletes everything the store holds about the person; false when there is no such person. */
  delete(id: PersonId): Promise<boolean> {
    return deletePersonRows(this.db, id);
  }
}
