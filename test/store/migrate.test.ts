/**
 * The migrations on both engines: applied once and in order, recorded, refused when the database is
 * behind or ahead of the build, all or nothing, and (on the server) never twice when two instances
 * start together. Also `avenir-mcp migrate` itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateCommand, sealKeyCommand } from '../../src/cli/store-commands.js';
import { loadConfig } from '../../src/config.js';
import { StoreSetupError } from '../../src/store/errors.js';
import { checkSchema, migrate, schemaStatus } from '../../src/store/migrate.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import type { Migration } from '../../src/store/migrations/migration.js';
import { openStore } from '../../src/store/open.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';

const broken: Migration = {
  version: 99,
  name: 'broken',
  statements: ['CREATE TABLE planted_first (id int)', 'SELECT no_such_function()'],
};

describe.each(ENGINES)('migrations on $name', (engine) => {
  let t: TestDatabase | null = null;
  afterEach(async () => {
    await t?.drop();
    t = null;
  }, SLOW);

  it(
    'apply every migration once, in order, and record each',
    async () => {
      t = await engine.open(false);
      await expect(checkSchema(t.db)).rejects.toThrow(
        new RegExp(
          `behind this avenir-mcp \\(${MIGRATIONS.length} migrations to apply\\): run \`avenir-mcp migrate\``,
        ),
      );
      expect(await migrate(t.db)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(t.db)).toEqual([]);
      await checkSchema(t.db);
      const rows = await t.db.query('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      const tables = await t.db.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      expect(tables.map((r) => r.tablename)).toEqual(
        expect.arrayContaining(['people', 'ynab_grants', 'oauth_records', 'journal_entries', 'pacer_sends']),
      );
    },
    SLOW,
  );

  it(
    'apply a failing migration not at all',
    async () => {
      t = await engine.open();
      const error = await migrate(t.db, [...MIGRATIONS, broken]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((await schemaStatus(t.db, [...MIGRATIONS, broken])).pending.map((m) => m.version)).toEqual([99]);
      expect(await t.db.query("SELECT to_regclass('planted_first')::text AS t")).toEqual([{ t: null }]);
    },
    SLOW,
  );

  it(
    'refuse a database a newer avenir-mcp migrated',
    async () => {
      t = await engine.open();
      // the version after this build's last: one only a newer avenir-mcp would know
      const next = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
      await migrate(t.db, [...MIGRATIONS, { version: next, name: 'newer', statements: ['SELECT 1'] }]);
      const newer = new RegExp(
        `schema is newer than this avenir-mcp \\(it has migration ${next}, unknown here\\)`,
      );
      await expect(checkSchema(t.db)).rejects.toThrow(newer);
      await expect(migrate(t.db)).rejects.toThrow(StoreSetupError);
    },
    SLOW,
  );
});

describe('migrations on one PostgreSQL server', () => {
  let t: TestDatabase | null = null;
  afterEach(async () => {
    await t?.drop();
    t = null;
  }, SLOW);

  it(
    'run once when two instances start together',
    async () => {
      t = await ENGINES[1]!.open(false);
      const other = await openPostgres(t.url!);
      try {
        const [a, b] = await Promise.all([migrate(t.db), migrate(other)]);
        // one applied everything, the other waited on the lock and found nothing left
        expect([a, b].sort((x, y) => y.length - x.length)).toEqual([MIGRATIONS.map((m) => m.version), []]);
        const rows = await t.db.query('SELECT count(*)::int AS n FROM schema_migrations');
        expect(rows).toEqual([{ n: MIGRATIONS.length }]);
      } finally {
        await other.close();
      }
    },
    SLOW,
  );

  it(
    'are checked at start unless AVENIR_MCP_MIGRATE=1, and applied by `avenir-mcp migrate`',
    async () => {
      t = await ENGINES[1]!.open(false);
      const config = loadConfig({ AVENIR_MCP_DATABASE_URL: t.url!, HOME: '/nonexistent' });
      const options = {
        databaseUrl: config.store.databaseUrl,
        stateDir: config.stateDir,
        migrateAtStart: false,
      };
      await expect(openStore(options)).rejects.toThrow(/run `avenir-mcp migrate` once/);
      const out: string[] = [];
      await migrateCommand(config, (s) => void out.push(s));
      await migrateCommand(config, (s) => void out.push(s));
      expect(out).toEqual([
        `avenir-mcp: applied migrations ${MIGRATIONS.map((m) => m.version).join(', ')} to the PostgreSQL server of AVENIR_MCP_DATABASE_URL.\n`,
        'avenir-mcp: the schema of the PostgreSQL server of AVENIR_MCP_DATABASE_URL is current; nothing to apply.\n',
      ]);
      const db = await openStore(options);
      expect(await db.query('SELECT count(*)::int AS n FROM people')).toEqual([{ n: 0 }]);
      await db.close();
    },
    SLOW,
  );

  it(
    'refuses an unreachable server with a line that keeps the password out',
    async () => {
      const url = 'postgres://someone:very-secret-password@127.0.0.1:1/nothing';
      const config = loadConfig({ AVENIR_MCP_DATABASE_URL: url, HOME: '/nonexistent' });
      const error = await migrateCommand(config, () => undefined).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreSetupError);
      expect((error as Error).message).toMatch(
        /^The PostgreSQL server of AVENIR_MCP_DATABASE_URL cannot be reached/,
      );
      expect((error as Error).message).not.toContain('very-secret-password');
    },
    SLOW,
  );
});

describe('the embedded store', () => {
  it(
    'migrates itself at start, in the state folder, and keeps its rows across a restart',
    async () => {
      const state = mkdtempSync(join(tmpdir(), 'avenir-store-'));
      try {
        const config = loadConfig({ XDG_STATE_HOME: state, HOME: '/nonexistent' });
        const options = { databaseUrl: null, stateDir: config.stateDir, migrateAtStart: false };
        const db = await openStore(options);
        await db.query("INSERT INTO people VALUES ('p1', 'ynab-1', 'read', NULL, 1)");
        await db.close();
        const again = await openStore(options);
        expect(await again.query('SELECT id FROM people')).toEqual([{ id: 'p1' }]);
        await again.close();
        const out: string[] = [];
        await migrateCommand(config, (s) => void out.push(s));
        expect(out).toEqual([
          `avenir-mcp: the schema of the embedded store in ${join(state, 'avenir-mcp', 'store')} is current; nothing to apply.\n`,
        ]);
        sealKeyCommand((s) => void out.push(s));
        expect(out.at(-1)).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});

describe('the database URL', () => {
  it('must be a postgres URL, and the refusal does not repeat it', () => {
    expect(() => loadConfig({ AVENIR_MCP_DATABASE_URL: 'mysql://u:hunter2@db/x' })).toThrow(
      'AVENIR_MCP_DATABASE_URL must be a postgres:// or postgresql:// URL.',
    );
    const config = loadConfig({
      AVENIR_MCP_DATABASE_URL: 'postgresql://u:hunter2@db/x',
      AVENIR_MCP_MIGRATE: '1',
    });
    expect(String(config.store.databaseUrl)).not.toContain('hunter2');
    expect(config.store.migrateAtStart).toBe(true);
  });
});
