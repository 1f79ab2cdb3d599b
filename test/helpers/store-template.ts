/**
 * The migrated embedded store that test/global-setup.ts made once for the run: copied into a state
 * folder before an instance opens it there, or loaded into an in-memory PGlite, instead of running
 * initdb and every migration again (2–3.5 s of CPU each on a 2-core machine, against about 0.4).
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { embeddedFolder } from '../../src/store/open.js';

/**
 * Puts a migrated store where hosted mode looks for it in `stateDir` (the config's state folder, e.g.
 * `<XDG_STATE_HOME>/avenir-mcp`), as if an instance had started there once before: `openStore` then
 * opens it, finds its schema current, and applies nothing.
 */
export function seedEmbeddedStore(stateDir: string): void {
  cpSync(embeddedFolder(join(inject('storeTemplate'), 'state')), embeddedFolder(stateDir), {
    recursive: true,
  });
}

/**
 * The migrated database on the server that test databases are created from, or null when the global
 * setup could not reach the server (each test then says how to start it).
 */
export const migratedServerTemplate = (): string | null => inject('serverTemplate');

/** A new in-memory PGlite holding the migrated store, or (`empty`) a new database before any migration. */
export function inMemoryStore(which: 'migrated' | 'empty'): Promise<PGlite> {
  const tar = readFileSync(join(inject('storeTemplate'), `${which}.tar`));
  return PGlite.create({ loadDataDir: new Blob([tar]) });
}
