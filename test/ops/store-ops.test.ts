/**
 * Hosted mode's store, as the operations see it, on the real PostgreSQL server (the engine several
 * instances share): readiness says whether the store answers and its schema is this build's, in
 * reasons that name no host; and every query through the metered database is timed under a bounded
 * operation, scraped over loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { openHosted } from '../../src/cli/hosted.js';
import { storeReadiness } from '../../src/cli/store-readiness.js';
import { loadConfig } from '../../src/config.js';
import { Secret } from '../../src/domain/secret.js';
import { silentLog } from '../../src/log.js';
import { startMetrics, type MetricsServer } from '../../src/metrics/prometheus.js';
import { meteredDatabase, operationOf } from '../../src/metrics/store.js';
import { migrate } from '../../src/store/migrate.js';
import { ENGINES, SLOW } from '../store/engines.js';
import { raw } from './raw-http.js';

const server = ENGINES.find((e) => e.name === 'PostgreSQL')!;

let metrics: MetricsServer;
beforeAll(async () => {
  metrics = await startMetrics({ host: '127.0.0.1', port: 0 });
});
afterAll(() => metrics.close());

const sample = async (name: string): Promise<number | undefined> => {
  const { body } = await raw(metrics.url);
  const line = body.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('store readiness', () => {
  it(
    'is ready only once the schema is current, and says the store cannot be reached when it is gone',
    async () => {
      const test = await server.open(false);
      const errors: Error[] = [];
      try {
        const ready = storeReadiness(test.db, (e) => errors.push(e));
        expect(await ready()).toBe("the store's schema is behind this instance: run avenir-mcp migrate");
        await migrate(test.db);
        expect(await ready()).toBe(null);
        await test.db.query(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, $1, 0)',
          ['from a newer build'],
        );
        expect(await ready()).toBe("the store's schema is newer than this instance");
        expect(errors).toEqual([]);
      } finally {
        await test.drop();
      }
      const gone = storeReadiness(test.db, (e) => errors.push(e));
      expect(await gone()).toBe('the store cannot be reached');
      expect(errors).toHaveLength(1);
    },
    SLOW,
  );
});

describe('store metrics', () => {
  it('names a statement by its first word alone', () => {
    expect(operationOf('  SELECT id FROM people WHERE id = $1')).toBe('select');
    expect(operationOf('insert into x values ($1)')).toBe('insert');
    expect(operationOf('WITH t AS (SELECT 1) SELECT * FROM t')).toBe('other');
    expect(operationOf("p_8f2c'; DROP TABLE people")).toBe('other');
  });

  it(
    'times each query, transaction and lock of the metered database',
    async () => {
      const test = await server.open(true);
      try {
        const db = meteredDatabase(test.db);
        const before = (await sample('avenir_store_query_duration_seconds_count{operation="select"}')) ?? 0;
        await db.query('SELECT 1 AS one');
        await db.transaction(async (tx) => {
          await tx.query('SELECT version FROM schema_migrations');
          await tx.query('UPDATE schema_migrations SET name = name WHERE version = -1');
        });
        expect(await db.withLock('ops-test', async () => 'held')).toBe('held');
        expect(await sample('avenir_store_query_duration_seconds_count{operation="select"}')).toBe(
          before + 2,
        );
        expect(await sample('avenir_store_query_duration_seconds_count{operation="update"}')).toBe(1);
        expect(await sample('avenir_store_query_duration_seconds_count{operation="transaction"}')).toBe(1);
        expect(await sample('avenir_store_query_duration_seconds_count{operation="lock"}')).toBe(1);
        expect(db.engine).toBe('postgres');
      } finally {
        await test.drop();
      }
    },
    SLOW,
  );
});

describe('hosted mode as the CLI opens it', () => {
  it(
    'gives the readiness check of its store, ready once the embedded store is migrated',
    async () => {
      const state = mkdtempSync(join(tmpdir(), 'avenir-ops-hosted-'));
      const config = loadConfig(
        {
          AVENIR_MCP_TRANSPORT: 'http',
          AVENIR_MCP_AUTH: 'ynab',
          AVENIR_MCP_PUBLIC_URL: 'https://hosted.example.net',
          XDG_STATE_HOME: state,
        },
        { url: 'http://127.0.0.1:9/v1', token: 'unused' },
      );
      const hosted = await openHosted(config, silentLog, { demoSecret: new Secret('demo-secret') });
      try {
        expect(await hosted.ready()).toBe(null);
      } finally {
        await hosted.close();
        rmSync(state, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
