/**
 * The store on a PostgreSQL server, through `pg` (node-postgres). Chosen over `postgres` (porsager)
 * because its query shape, `query(text, params)` → `{ rows }`, is PGlite's too, so one small
 * interface (sql.ts) covers both engines with no adaptor logic; and because a scaled-out server will
 * need a dedicated connection for LISTEN/NOTIFY (cache invalidation across instances), which `pg`'s
 * plain `Client` gives directly.
 *
 * Two bounded pools: one for queries and transactions, and a small one whose connections only hold
 * advisory locks (a person's token refresh). A lock holder waits for its work, and the work needs
 * connections of its own: were both taken from one pool, a handful of refreshes at once could hold
 * every connection and wait forever for one more.
 */
import type { Client, Pool, PoolClient, PoolConfig } from 'pg';
import { loadPackage } from './missing-package.js';
import { channelName, type Database, type Row, type Sql } from './sql.js';

/** Connections per instance: small, since PostgreSQL's default limit (100) is shared by every instance. */
export const POOL_SIZE = 10;
export const LOCK_POOL_SIZE = 4;
const INT8 = 20;
/** How long a listener whose connection dropped waits before connecting again. */
export const RELISTEN_MS = 1_000;

/**
 * LISTEN on a client of its own (a pooled connection would be handed to other queries, and the
 * notifications lost): when the server drops it, a new one listens again after RELISTEN_MS, until
 * stopped. Notifications sent while it was away are lost; what relies on them bounds that loss.
 */
function listener(make: () => Client, channel: string, heard: (payload: string) => void) {
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = make();
    client = c;
    const again = (): void => {
      if (stopped || client !== c) return;
      client = null;
      void c.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(again), RELISTEN_MS);
    };
    c.on('error', again);
    c.on('end', again);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) heard(n.payload);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
  };
  return {
    start: connect,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

async function run<T>(client: PoolClient, work: (tx: Sql) => Promise<T>): Promise<T> {
  const tx: Sql = {
    query: async <R extends Row>(text: string, params?: readonly unknown[]) =>
      (await client.query<R>(text, params as unknown[])).rows,
  };
  await client.query('BEGIN');
  try {
    const result = await work(tx);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pg = await loadPackage('pg', () => import('pg'), 'AVENIR_MCP_DATABASE_URL');
  const { Pool: PoolClass, Client: ClientClass, types } = pg.default;
  // int8 (bigserial ids, epoch milliseconds) as a number, as PGlite gives it
  const parsers = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
      oid === INT8 && format !== 'binary'
        ? Number
        : (types.getTypeParser(oid, format) as unknown)) as typeof types.getTypeParser,
  };
  const config = (max: number): PoolConfig => ({ connectionString: url, max, types: parsers });
  const pool: Pool = new PoolClass(config(POOL_SIZE));
  const locks: Pool = new PoolClass(config(LOCK_POOL_SIZE));
  // an idle connection the server dropped is an error on the pool; the next query opens a new one
  pool.on('error', () => undefined);
  locks.on('error', () => undefined);
  const listeners = new Set<{ stop(): Promise<void> }>();
  return {
    engine: 'postgres',
    query: async <R extends Row>(text: string, params?: readonly unknown[]) =>
      (await pool.query<R>(text, params as unknown[])).rows,
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        return await run(client, work);
      } finally {
        client.release();
      }
    },
    async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
      const client = await locks.connect();
      try {
        return await run(client, async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
          return work();
        });
      } finally {
        client.release();
      }
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channelName(channel), payload]);
    },
    async listen(channel, heard) {
      const l = listener(() => new ClientClass(config(1)), channelName(channel), heard);
      listeners.add(l);
      try {
        await l.start();
      } catch (error) {
        listeners.delete(l);
        await l.stop();
        throw error;
      }
      return async () => {
        listeners.delete(l);
        await l.stop();
      };
    },
    async close(): Promise<void> {
      await Promise.all([...[...listeners].map((l) => l.stop()), pool.end(), locks.end()]);
    },
  };
}
