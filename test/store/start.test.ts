/**
 * Hosted mode's store at start: the key file is checked before the database, a schema behind stops
 * the start, and a missing engine package is named with what to install.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHostedStore } from '../../src/cli/hosted-store.js';
import { loadConfig } from '../../src/config.js';
import { StoreSetupError } from '../../src/store/errors.js';
import { loadPackage } from '../../src/store/missing-package.js';
import { newKeyLine } from '../../src/store/seal.js';
import { LocalLocks } from '../../src/store/sql.js';
import { ENGINES, SLOW } from './engines.js';

const folder = mkdtempSync(join(tmpdir(), 'avenir-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const keys = join(folder, 'keys');
writeFileSync(keys, `${newKeyLine()}\n`, { mode: 0o600 });

describe('the hosted store at start', () => {
  it('checks the key file before it touches the database', async () => {
    const config = loadConfig({ AVENIR_MCP_DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x', HOME: folder });
    await expect(startHostedStore(config)).rejects.toThrow(/Hosted mode needs AVENIR_MCP_SEAL_KEY_FILE/);
  });

  it(
    'refuses a server whose schema is behind, then runs on it once migrated',
    async () => {
      const t = await ENGINES[1]!.open(false);
      try {
        const env = { AVENIR_MCP_DATABASE_URL: t.url!, AVENIR_MCP_SEAL_KEY_FILE: keys, HOME: folder };
        await expect(startHostedStore(loadConfig(env))).rejects.toThrow(/run `avenir-mcp migrate` once/);
        const store = await startHostedStore(loadConfig({ ...env, AVENIR_MCP_MIGRATE: '1' }));
        const p = await store.people.signIn('ynab-1', { allowed: 'read', timeZone: 'Europe/Paris' });
        await store.people.saveGrant(p.id, { accessToken: 'a', refreshToken: 'r', expiresAt: 1, scope: '' });
        await store.oauth.set('Grant', 'g', { accountId: p.id }, null);
        await store.close();
        const again = await startHostedStore(loadConfig(env));
        expect((await again.people.grant(p.id))?.accessToken).toBe('a');
        expect(await again.oauth.get('Grant', 'g')).toEqual({ accountId: p.id });
        await again.close();
      } finally {
        await t.drop();
      }
    },
    SLOW,
  );
});

describe('the store pieces', () => {
  it('name the package to install when an engine is missing', async () => {
    const name: string = 'avenir-no-such-package';
    const missing = () => import(name);
    const error = await loadPackage('pg', missing, 'AVENIR_MCP_DATABASE_URL').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreSetupError);
    expect((error as Error).message).toBe(
      'AVENIR_MCP_DATABASE_URL needs the package pg, which is not installed: run `npm install pg` beside avenir-mcp (or `npm install -g pg` for a global install).',
    );
    await expect(loadPackage('pg', () => Promise.reject(new Error('broken')), 'x')).rejects.toThrow('broken');
    expect(await loadPackage('pg', () => Promise.resolve(42), 'x')).toBe(42);
  });

  it('queue work under one key in order, other keys beside it, past a failure', async () => {
    const locks = new LocalLocks();
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const first = locks.run('k', async () => {
      await gate;
      order.push('k1');
      throw new Error('k1 failed');
    });
    const second = locks.run('k', async () => void order.push('k2'));
    await locks.run('other', async () => void order.push('other'));
    open();
    await expect(first).rejects.toThrow('k1 failed');
    await second;
    expect(order).toEqual(['other', 'k1', 'k2']);
  });
});
