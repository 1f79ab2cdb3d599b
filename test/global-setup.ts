/**
 * Vitest's global setup: a migrated embedded store, made once and copied by every test that needs
 * one, instead of each test's PGlite running initdb and every migration again; and a migrated
 * database on the PostgreSQL server that each test's database is a copy of (serverTemplate below).
 *
 * A new PGlite folder costs 2–3.5 s of CPU on a 2-core machine (initdb inside WebAssembly), against
 * about 0.4 s to copy a migrated folder and open it; the quick loop opened about twenty, and the
 * in-memory store of each worker one more. The template is made here by the code an instance runs at
 * its first start (`openStore` on an empty state folder: initdb, then every migration), so a fault in
 * that path still stops the run; the migrations tests and `the embedded store` test keep starting from
 * an empty folder, and so test that path on their own.
 *
 * It is kept under node_modules/.cache, named by the migrations' content and PGlite's version: a new
 * migration (or a new PGlite) makes a new template, and the next run of an unchanged tree reuses it.
 * Workers find it with `inject('storeTemplate')` (test/helpers/store-template.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/store/migrate.js';
import { MIGRATIONS } from '../src/store/migrations/index.js';
import { embeddedFolder, openStore } from '../src/store/open.js';
import { openPostgres } from '../src/store/pg-database.js';
import { SERVER_URL } from './helpers/store-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The template's folder: `state/` (a state folder whose store is migrated), `migrated.tar` (its
     * data) and `empty.tar` (a new database's, before any migration).
     */
    storeTemplate: string;
    /** The migrated database on the PostgreSQL server, null when the server could not be reached. */
    serverTemplate: string | null;
  }
}

const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'avenir-mcp-tests');

function templateName(): string {
  const pglite = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  const hash = createHash('sha256').update(JSON.stringify({ pglite: pglite.version, MIGRATIONS }));
  return `store-${hash.digest('hex').slice(0, 16)}`;
}

/** Makes the template in a folder of its own, then moves it into place whole (or finds it there). */
async function makeTemplate(target: string): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, 'making-'));
  try {
    const stateDir = join(work, 'state');
    await (await openStore({ databaseUrl: null, stateDir, migrateAtStart: false })).close();
    // the same folder again, as the in-memory store of the tests loads it: one tar of its data
    const pglite = await PGlite.create(embeddedFolder(stateDir));
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    writeFileSync(join(work, 'migrated.tar'), Buffer.from(await dump.arrayBuffer()));
    // and a new database before any migration, for the tests of the migrations themselves
    const empty = await PGlite.create();
    writeFileSync(
      join(work, 'empty.tar'),
      Buffer.from(await (await empty.dumpDataDir('none')).arrayBuffer()),
    );
    await empty.close();
    try {
      renameSync(work, target);
    } catch (error) {
      // another run made it meanwhile: theirs is as good
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A migrated database on the machine's PostgreSQL server, for the run only (its name is the run's
 * own, and it is dropped at the end): a test database is created as a copy of it. Null when the
 * server cannot be reached: the store tests then fail, each with a line saying how to start it.
 */
async function serverTemplate(): Promise<{ name: string | null; drop(): Promise<void> }> {
  const name = `avenir_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch {
    return { name: null, drop: () => Promise.resolve() };
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.href);
  try {
    await migrate(db);
  } finally {
    // a template may not be copied while anyone is connected to it
    await db.close();
  }
  return {
    name,
    async drop() {
      const client = new pg.Client({ connectionString: SERVER_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const target = join(CACHE, templateName());
  if (!existsSync(join(target, 'empty.tar'))) {
    rmSync(target, { recursive: true, force: true });
    await makeTemplate(target);
  }
  if (!existsSync(embeddedFolder(join(target, 'state')))) throw new Error(`no store template in ${target}`);
  project.provide('storeTemplate', target);
  const server = await serverTemplate();
  project.provide('serverTemplate', server.name);
  return () => server.drop();
}
