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
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/store/migrate.js';
import { MIGRATIONS } from '../src/store/migrations/index.js';
import { embeddedFolder, openStore } from '../src/store/open.js';
import { openPostgres } from '../src/store/pg-database.js';
import { admin, databaseUrl } from './store/engines.js';

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

/** Writes the data of `pglite` to `path` as one tar (what `loadDataDir` takes), then closes it. */
async function saveData(pglite: PGlite, path: string): Promise<void> {
  writeFileSync(path, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
}

/** Makes the template in a folder of its own, then moves it into place whole (or finds it there). */
async function makeTemplate(target: string): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, 'making-'));
  try {
    const stateDir = join(work, 'state');
    await (await openStore({ databaseUrl: null, stateDir, migrateAtStart: false })).close();
    // the same folder again, as the in-memory store of the tests loads it: one tar of its data
    await saveData(await PGlite.create(embeddedFolder(stateDir)), join(work, 'migrated.tar'));
    // and a new database before any migration, for the tests of the migrations themselves
    await saveData(await PGlite.create(), join(work, 'empty.tar'));
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
 * own, and it is dropped at the end): a test database is created as a copy of it. Null when it cannot
 * be made (the server unreachable, say): each store test then makes and migrates its own database,
 * and says why it cannot.
 */
async function serverTemplate(): Promise<string | null> {
  const name = `avenir_template_${randomBytes(6).toString('hex')}`;
  try {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
  } catch {
    return null;
  }
  const db = await openPostgres(databaseUrl(name));
  try {
    await migrate(db);
  } finally {
    // a template may not be copied while anyone is connected to it
    await db.close();
  }
  return name;
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
  project.provide('serverTemplate', server);
  return async () => {
    if (server !== null) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${server} WITH (FORCE)`));
  };
}
