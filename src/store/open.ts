/**
 * Opens hosted mode's store: a PostgreSQL server when a database URL is given, else the embedded
 * PGlite in `<state folder>/store`; then makes sure its schema is this build's.
 *
 * The embedded store migrates itself at start: only one process can open its folder, so there is no
 * other instance to race with and no moment when `avenir-mcp migrate` could run beside the server. A
 * server is migrated by `avenir-mcp migrate` (or AVENIR_MCP_MIGRATE=1), and an instance whose schema
 * is behind refuses to start rather than run on tables it does not know.
 */
import { join } from 'node:path';
import type { Secret } from '../domain/secret.js';
import { StoreSetupError } from './errors.js';
import { checkSchema, migrate } from './migrate.js';
import { openPglite } from './pglite-database.js';
import { openPostgres } from './pg-database.js';
import type { Database } from './sql.js';

export interface StoreOptions {
  /** AVENIR_MCP_DATABASE_URL, or null for the embedded store. */
  readonly databaseUrl: Secret | null;
  readonly stateDir: string;
  /** AVENIR_MCP_MIGRATE=1: a server's schema is migrated at start rather than checked. */
  readonly migrateAtStart: boolean;
}

export const embeddedFolder = (stateDir: string): string => join(stateDir, 'store');

/** Opens the database, without looking at its schema (`avenir-mcp migrate` and the start share it). */
export async function openDatabase(
  options: Pick<StoreOptions, 'databaseUrl' | 'stateDir'>,
): Promise<Database> {
  if (options.databaseUrl === null) return openPglite(embeddedFolder(options.stateDir));
  const db = await openPostgres(options.databaseUrl.reveal());
  try {
    await db.query('SELECT 1');
  } catch (error) {
    await db.close().catch(() => undefined);
    // pg's messages name the host and the reason, never the URL's password
    throw new StoreSetupError(
      `The PostgreSQL server of AVENIR_MCP_DATABASE_URL cannot be reached (${(error as Error).message}): check the URL and that the server runs.`,
    );
  }
  return db;
}

/** The store as a serving instance needs it: open, with its schema current (or refused). */
export async function openStore(options: StoreOptions): Promise<Database> {
  const db = await openDatabase(options);
  try {
    if (db.engine === 'pglite' || options.migrateAtStart) await migrate(db);
    else await checkSchema(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
