/** Two people on a test database, with the store pieces the safety tables need. */
import { Sealer, newKeyLine } from '../../src/store/seal.js';
import type { Database } from '../../src/store/sql.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';

export async function twoPeople(db: Database): Promise<{ a: string; b: string; people: SqlPeopleStore }> {
  const people = new SqlPeopleStore(db, new Sealer([new Uint8Array(Buffer.from(newKeyLine(), 'base64url'))]));
  const a = await people.signIn('ynab-a', { allowed: 'write', timeZone: null });
  const b = await people.signIn('ynab-b', { allowed: 'write', timeZone: null });
  return { a: a.id, b: b.id, people };
}

/** Counts rows of a table that belong to a person. */
export async function rowsOf(db: Database, table: string, person: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE person_id = $1`,
    [person],
  );
  return row!.n;
}

/** The database with every statement recorded, to explain the ones the store ran. */
export function recorded(db: Database): { db: Database; seen: Array<{ text: string; params: unknown[] }> } {
  const seen: Array<{ text: string; params: unknown[] }> = [];
  const query: Database['query'] = (text, params = []) => {
    seen.push({ text, params: [...params] });
    return db.query(text, params);
  };
  return { db: { ...db, query }, seen };
}

/** The plan of a statement when the planner may not scan the whole table. */
export async function planOf(db: Database, statement: { text: string; params: unknown[] }): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
