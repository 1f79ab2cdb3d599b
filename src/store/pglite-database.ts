/**
 * The store embedded in the process: PGlite, PostgreSQL compiled to WebAssembly, its data in a folder
 * (`<state folder>/store` by default). The same SQL as on a server, so that one machine needs no
 * database server. PGlite serves one connection and one process: its queries and transactions run one
 * at a time, and a lock between instances has nothing to guard, so `withLock` queues in memory.
 */
import { mkdir } from 'node:fs/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { loadPackage } from './missing-package.js';
import { channelName, LocalLocks, type Database, type Row, type Sql } from './sql.js';

const tx = (t: Transaction): Sql => ({
  query: async <R extends Row>(text: string, params?: readonly unknown[]) =>
    (await t.query<R>(text, params as unknown[])).rows,
});

/** A Database over an open PGlite (tests hand in one of their own, cloned from a migrated one). */
export function pgliteDatabase(db: PGlite): Database {
  const locks = new LocalLocks();
  return {
    engine: 'pglite',
    query: async <R extends Row>(text: string, params?: readonly unknown[]) =>
      (await db.query<R>(text, params as unknown[])).rows,
    transaction: <T>(work: (t: Sql) => Promise<T>) => db.transaction((t) => work(tx(t))),
    withLock: (key, work) => locks.run(key, work),
    async notify(channel, payload) {
      await db.query('SELECT pg_notify($1, $2)', [channelName(channel), payload]);
    },
    async listen(channel, heard) {
      const stop = await db.listen(channelName(channel), heard);
      return async () => {
        // a database closed first has stopped every listener with it
        if (!db.closed) await stop();
      };
    },
    close: () => db.close(),
  };
}

/** Opens (creating when new) the embedded database in `folder`. */
export async function openPglite(folder: string): Promise<Database> {
  const { PGlite } = await loadPackage(
    '@electric-sql/pglite',
    () => import('@electric-sql/pglite'),
    'Hosted mode without AVENIR_MCP_DATABASE_URL (the embedded database)',
  );
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return pgliteDatabase(await PGlite.create(folder));
}
