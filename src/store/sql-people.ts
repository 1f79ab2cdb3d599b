/**
 * PeopleStore (people.ts) on SQL: the people who signed in with YNAB and their sealed YNAB tokens.
 * A person's id is random (12 bytes, hex: safe in a log, a URL and a command line, where an id starting
 * with `-` would read as an option), never derived from the YNAB user id.
 */
import { randomBytes } from 'node:crypto';
import type { Allowed, PeopleStore, Person, PersonId, YnabGrant } from './people.js';
import type { Sealer } from './seal.js';
import { deletePersonRows } from './sql-accounts.js';
import type { Database } from './sql.js';

interface PersonRow {
  [column: string]: unknown;
  id: string;
  ynab_user_id: string;
  allowed: Allowed;
  time_zone: string | null;
  created_at: number;
}

const COLUMNS = 'id, ynab_user_id, allowed, time_zone, created_at';

const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  ynabUserId: r.ynab_user_id,
  allowed: r.allowed,
  timeZone: r.time_zone,
  createdAt: r.created_at,
});

export const newPersonId = (): PersonId => randomBytes(12).toString('hex');

export class SqlPeopleStore implements PeopleStore {
  constructor(
    private readonly db: Database,
    private readonly sealer: Sealer,
    private readonly now: () => number = Date.now,
  ) {}

  async signIn(
    ynabUserId: string,
    choice: { allowed: Allowed; timeZone: string | null },
    grant?: YnabGrant,
  ): Promise<Person> {
    const sealed = grant ? await this.#seal(grant) : null;
    const now = this.now();
    return this.db.transaction(async (tx) => {
      // one statement: two first sign-ins of one YNAB user at once still make one person
      const [row] = await tx.query<PersonRow>(
        `INSERT INTO people (id, ynab_user_id, allowed, time_zone, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (ynab_user_id) DO UPDATE SET allowed = EXCLUDED.allowed, time_zone = EXCLUDED.time_zone
         RETURNING ${COLUMNS}`,
        [newPersonId(), ynabUserId, choice.allowed, choice.timeZone, now],
      );
      if (sealed !== null)
        await tx.query(
          `INSERT INTO ynab_grants (person_id, sealed, saved_at) VALUES ($1, $2, $3)
           ON CONFLICT (person_id) DO UPDATE SET sealed = EXCLUDED.sealed, saved_at = EXCLUDED.saved_at`,
          [row!.id, sealed, now],
        );
      return toPerson(row!);
    });
  }

  #seal({ accessToken, refreshToken, expiresAt, scope }: YnabGrant): Promise<string> {
    return this.sealer.seal(JSON.stringify({ accessToken, refreshToken, expiresAt, scope }));
  }

  async person(id: PersonId): Promise<Person | null> {
    const [row] = await this.db.query<PersonRow>(`SELECT ${COLUMNS} FROM people WHERE id = $1`, [id]);
    return row ? toPerson(row) : null;
  }

  async personOfYnabUser(ynabUserId: string): Promise<Person | null> {
    const [row] = await this.db.query<PersonRow>(`SELECT ${COLUMNS} FROM people WHERE ynab_user_id = $1`, [
      ynabUserId,
    ]);
    return row ? toPerson(row) : null;
  }

  async people(): Promise<Person[]> {
    const rows = await this.db.query<PersonRow>(`SELECT ${COLUMNS} FROM people ORDER BY created_at, id`);
    return rows.map(toPerson);
  }

  async saveGrant(id: PersonId, grant: YnabGrant): Promise<void> {
    const sealed = await this.#seal(grant);
    const rows = await this.db.query(
      `INSERT INTO ynab_grants (person_id, sealed, saved_at) SELECT id, $2, $3 FROM people WHERE id = $1
       ON CONFLICT (person_id) DO UPDATE SET sealed = EXCLUDED.sealed, saved_at = EXCLUDED.saved_at
       RETURNING person_id`,
      [id, sealed, this.now()],
    );
    // the id names nobody (deleted meanwhile): the tokens are not kept for no one
    if (rows.length === 0) throw new Error(`No person ${id}: the YNAB tokens were not saved.`);
  }

  async grant(id: PersonId): Promise<YnabGrant | null> {
    const [row] = await this.db.query<{ sealed: string }>(
      'SELECT sealed FROM ynab_grants WHERE person_id = $1',
      [id],
    );
    if (!row) return null;
    const g = JSON.parse(await this.sealer.open(row.sealed)) as YnabGrant;
    return {
      accessToken: g.accessToken,
      refreshToken: g.refreshToken,
      expiresAt: g.expiresAt,
      scope: g.scope,
    };
  }

  async dropGrant(id: PersonId): Promise<void> {
    await this.db.query('DELETE FROM ynab_grants WHERE person_id = $1', [id]);
  }

  withRefreshLock<T>(id: PersonId, work: () => Promise<T>): Promise<T> {
    return this.db.withLock(`refresh:${id}`, work);
  }

  deletePerson(id: PersonId): Promise<boolean> {
    return deletePersonRows(this.db, id);
  }
}
