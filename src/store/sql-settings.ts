/**
 * Each person's settings on the store, by name, as JSON: what a person chooses that outlives a session
 * (what the sign-in records of them lives in `people`: their time zone and whether they allowed changes).
 */
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

export class SqlSettings {
  constructor(private readonly db: Database) {}

  async get(person: PersonId, name: string): Promise<unknown> {
    const [row] = await this.db.query<{ value: unknown }>(
      'SELECT value FROM person_settings WHERE person_id = $1 AND name = $2',
      [person, name],
    );
    return row === undefined ? null : row.value;
  }

  /** Sets a setting; null removes it. */
  async set(person: PersonId, name: string, value: unknown): Promise<void> {
    if (value === null || value === undefined) {
      await this.db.query('DELETE FROM person_settings WHERE person_id = $1 AND name = $2', [person, name]);
      return;
    }
    await this.db.query(
      `INSERT INTO person_settings (person_id, name, value) VALUES ($1, $2, $3)
       ON CONFLICT (person_id, name) DO UPDATE SET value = EXCLUDED.value`,
      [person, name, JSON.stringify(value)],
    );
  }

  async all(person: PersonId): Promise<Record<string, unknown>> {
    const rows = await this.db.query<{ name: string; value: unknown }>(
      'SELECT name, value FROM person_settings WHERE person_id = $1 ORDER BY name',
      [person],
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }
}
