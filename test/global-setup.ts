/**
 * Vitest's global setup: a migrated embedded store, made once and copied by every test that needs
 * one, instead of each test's PGlite running initdb and every migration again.
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
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS } from '../src/store/migrations/index.js';
import { embeddedFolder, openStore } from '../src/store/open.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template's folder: `state/` (a state folder whose store is migrated) and `migrated.tar`. */
    storeTemplate: string;
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

export default async function setup(project: TestProject): Promise<void> {
  const target = join(CACHE, templateName());
  if (!existsSync(join(target, 'migrated.tar'))) await makeTemplate(target);
  if (!existsSync(embeddedFolder(join(target, 'state')))) throw new Error(`no store template in ${target}`);
  project.provide('storeTemplate', target);
}
