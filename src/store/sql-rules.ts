/**
 * Each person's household rules on the store: one book per plan, as JSON whose shape the caller owns.
 * A change reads and writes the book in one transaction holding its row, so that a change made through
 * one instance is never lost to one made through another at the same moment.
 */
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

export class SqlRules {
  constructor(private readonly db: Database) {}

  /** The book of a plan as stored, or null when it has none. */
  async get(person: PersonId, plan: string): Promise<unknown> {
    const [row] = await this.db.query<{ book: unknown }>(
      'SELECT book FROM rule_books WHERE person_id = $1 AND plan_id = $2',
      [person, plan],
    );
    return row === undefined ? null : row.book;
  }

  /** Replaces a plan's book with what `edit` makes of the stored one (null: none yet), atomically. */
  change<T>(
    person: PersonId,
    plan: string,
    edit: (book: unknown) => { book: unknown; result: T },
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      // an empty row first, so that even the first change holds a row lock against another instance
      await tx.query(
        `INSERT INTO rule_books (person_id, plan_id, book) VALUES ($1, $2, 'null'::jsonb)
         ON CONFLICT (person_id, plan_id) DO NOTHING`,
        [person, plan],
      );
      const [row] = await tx.query<{ book: unknown }>(
        'SELECT book FROM rule_books WHERE person_id = $1 AND plan_id = $2 FOR UPDATE',
        [person, plan],
      );
      const { book, result } = edit(row?.book ?? null);
      await tx.query('UPDATE rule_books SET book = $3 WHERE person_id = $1 AND plan_id = $2', [
        person,
        plan,
        JSON.stringify(book),
      ]);
      return result;
    });
  }
}
