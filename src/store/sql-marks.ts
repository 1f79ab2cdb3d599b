/** Each person's marks of `get_changes` on the store, one per plan, as JSON (the caller checks its shape). */
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

export class SqlMarks {
  constructor(private readonly db: Database) {}

  async get(person: PersonId, planId: string): Promise<unknown> {
    const [row] = await this.db.query<{ mark: unknown }>(
      'SELECT mark FROM change_marks WHERE person_id = $1 AND plan_id = $2',
      [person, planId],
    );
    return row === undefined ? null : row.mark;
  }

  async set(person: PersonId, planId: string, mark: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO change_marks (person_id, plan_id, mark) VALUES ($1, $2, $3)
       ON CONFLICT (person_id, plan_id) DO UPDATE SET mark = EXCLUDED.mark`,
      [person, planId, JSON.stringify(mark)],
    );
  }
}
