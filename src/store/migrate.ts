/**
 * Versioned migrations: `schema_migrations` records each applied version, and every run happens in one
 * transaction holding an advisory lock, so that two instances starting together never both migrate
 * (the second waits, then finds nothing left to do) and a failed migration leaves nothing half done.
 *
 * A server instance does not migrate by itself unless told to (AVENIR_MCP_MIGRATE=1): with several
 * instances on one database, the operator runs `avenir-mcp migrate` once, then starts (or restarts)
 * them; each checks at start that the schema is the one it was built for.
 */
import { StoreSetupError } from './errors.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';
import type { Database, Sql } from './sql.js';

const MIGRATION_LOCK = 'avenir-mcp: schema migrations';

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at bigint NOT NULL
)`;

async function appliedVersions(sql: Sql): Promise<number[]> {
  const [exists] = await sql.query<{ t: string | null }>(
    `SELECT to_regclass('schema_migrations')::text AS t`,
  );
  if (!exists?.t) return [];
  const rows = await sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((r) => r.version);
}

export interface SchemaStatus {
  /** Migrations of this build not yet applied, in order. */
  pending: Migration[];
  /** Versions the database has that this build does not know (a newer avenir-mcp migrated it). */
  unknown: number[];
}

export async function schemaStatus(
  db: Sql,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<SchemaStatus> {
  const applied = await appliedVersions(db);
  const known = new Set(migrations.map((m) => m.version));
  return {
    pending: migrations.filter((m) => !applied.includes(m.version)),
    unknown: applied.filter((v) => !known.has(v)),
  };
}

const newerText = (unknown: number[]): string =>
  `The store's schema is newer than this avenir-mcp (it has migration ${unknown.join(', ')}, unknown here): run the newer avenir-mcp that migrated it.`;

/** Applies what is pending under the lock; returns the versions it applied (none when current). */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    await tx.query(CREATE_TABLE);
    const { pending, unknown } = await schemaStatus(tx, migrations);
    if (unknown.length > 0) throw new StoreSetupError(newerText(unknown));
    for (const m of pending) {
      for (const statement of m.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        Date.now(),
      ]);
    }
    return pending.map((m) => m.version);
  });
}

/** Refuses to go on (StoreSetupError) unless the schema is exactly the one of this build. */
export async function checkSchema(db: Sql, migrations: readonly Migration[] = MIGRATIONS): Promise<void> {
  const { pending, unknown } = await schemaStatus(db, migrations);
  if (unknown.length > 0) throw new StoreSetupError(newerText(unknown));
  if (pending.length > 0)
    throw new StoreSetupError(
      `The store's schema is behind this avenir-mcp (${pending.length} migration${pending.length === 1 ? '' : 's'} to apply): run \`avenir-mcp migrate\` once, or set AVENIR_MCP_MIGRATE=1 to apply them at start.`,
    );
}
