/**
 * The two engines every store test runs on: the embedded PGlite and the PostgreSQL server of the
 * machine (127.0.0.1:5432, trust auth; `.ci/run` starts it, and installs it where it is missing).
 *
 * Each test gets a database of its own, already migrated: on the server a new database with a random
 * name, dropped at the end. On PGlite, where a new instance costs seconds, a worker shares one
 * in-memory instance, loaded from the run's migrated template (test/global-setup.ts), whose tables
 * are emptied before each test; a test of the migrations themselves gets a fresh, empty instance.
 * When the server cannot be reached, the PostgreSQL half fails with a line saying how to start it: it
 * never skips silently, since a suite that passes without the database it is meant to test would
 * prove nothing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../src/store/migrate.js';
import { pgliteDatabase } from '../../src/store/pglite-database.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { inMemoryStore, migratedServerTemplate } from '../helpers/store-template.js';
import type { Database } from '../../src/store/sql.js';

/** The server's maintenance database; another server with AVENIR_TEST_DATABASE_URL. */
export const SERVER_URL =
  process.env.AVENIR_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of the server's database `name`. */
export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** A creation of PGlite or of a database can take a while on a busy 2-core machine. */
export const SLOW = 300_000;

export interface TestDatabase {
  readonly db: Database;
  /** The server's URL of this database (null on PGlite), for a second connection to it. */
  readonly url: string | null;
  drop(): Promise<void>;
}

export interface Engine {
  readonly name: 'PGlite' | 'PostgreSQL';
  /** A fresh database; migrated unless `migrated` is false. */
  open(migrated?: boolean): Promise<TestDatabase>;
}

let shared: Promise<Database> | null = null;

async function migratedPglite(): Promise<Database> {
  // loaded from the run's migrated template (test/global-setup.ts); migrate() then finds nothing to do
  const db = pgliteDatabase(await inMemoryStore('migrated'));
  await migrate(db);
  return db;
}

/** Empties every table but the migrations' record: the next test starts from a new database's state. */
async function empty(db: Database): Promise<void> {
  const tables = await db.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
  );
  await db.query(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
}

const pglite: Engine = {
  name: 'PGlite',
  async open(migrated = true) {
    if (!migrated) {
      // what initdb leaves, as the global setup saved it (initdb in WebAssembly costs seconds)
      const db = pgliteDatabase(await inMemoryStore('empty'));
      return { db, url: null, drop: () => db.close() };
    }
    shared ??= migratedPglite();
    const db = await shared;
    await empty(db);
    // the shared instance stays open for the file's next test; the worker's exit closes it
    return { db: { ...db, close: () => Promise.resolve() }, url: null, drop: () => Promise.resolve() };
  },
};

const HOW_TO_START =
  'start it (`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, as .ci/run does; `apt-get install postgresql` where it is missing) or point AVENIR_TEST_DATABASE_URL at one';

/** Runs `work` on a connection to the server's maintenance database (creating, dropping databases). */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The store tests need a PostgreSQL server at ${SERVER_URL}, which cannot be reached (${(error as Error).message}): ${HOW_TO_START}.`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const server: Engine = {
  name: 'PostgreSQL',
  async open(migrated = true) {
    const name = `avenir_test_${randomBytes(6).toString('hex')}`;
    // a migrated database is a copy of the run's migrated template (test/global-setup.ts): 50 ms
    // instead of 130 ms of creating and migrating, for each of about a hundred tests
    const template = migrated ? migratedServerTemplate() : null;
    await admin((c) => c.query(`CREATE DATABASE ${name}${template === null ? '' : ` TEMPLATE ${template}`}`));
    const url = databaseUrl(name);
    const db = await openPostgres(url);
    // finds nothing to do on the copy; migrates a new database when the template could not be made
    if (migrated) await migrate(db);
    return {
      db,
      url,
      async drop() {
        await db.close();
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  },
};

export const ENGINES: readonly Engine[] = [pglite, server];
