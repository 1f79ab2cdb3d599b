/**
 * The small pieces of remote mode on their own: the configuration it needs, the passphrase hash, the
 * try limiter, the public URL check, and the lasting store (mode 0600, reread when changed on disk).
 */
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { FileStore } from '../../src/transports/oauth/file-store.js';
import { pruneIdleClients } from '../../src/transports/oauth/grants.js';
import { MemoryStore } from '../../src/transports/oauth/store.js';
import { checkPublicUrl } from '../../src/transports/oauth/index.js';
import { grantScopes } from '../../src/transports/oauth/interaction.js';
import {
  PassphraseError,
  hashPassphrase,
  loadOwnerHash,
  verifyPassphrase,
  writeOwnerHash,
} from '../../src/transports/oauth/passphrase.js';
import { TryLimiter } from '../../src/transports/oauth/rate-limit.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'avenir-pieces-'));
const remoteEnv = {
  AVENIR_MCP_AUTH: 'oauth',
  AVENIR_MCP_TRANSPORT: 'http',
  AVENIR_MCP_PUBLIC_URL: 'https://ynab.example.net',
};

describe('configuration', () => {
  it('defaults to the static bearer token', () => {
    const c = loadConfig({});
    expect(c.auth).toBe('bearer');
    expect(c.publicUrl).toBeNull();
  });

  it('reads remote mode', () => {
    const c = loadConfig({ ...remoteEnv, AVENIR_MCP_OWNER_PASSWORD_FILE: '/x/pass', XDG_STATE_HOME: '/s' });
    expect(c).toMatchObject({
      auth: 'oauth',
      publicUrl: 'https://ynab.example.net',
      ownerPasswordFile: '/x/pass',
      stateDir: '/s/avenir-mcp',
    });
  });

  it.each([
    [{ AVENIR_MCP_AUTH: 'jwt' }, "AVENIR_MCP_AUTH must be bearer, oauth or ynab, got 'jwt'."],
    [
      { ...remoteEnv, AVENIR_MCP_TRANSPORT: '' },
      'AVENIR_MCP_AUTH=oauth needs AVENIR_MCP_TRANSPORT=http (OAuth is for remote clients).',
    ],
    [
      { ...remoteEnv, AVENIR_MCP_PUBLIC_URL: '' },
      'AVENIR_MCP_AUTH=oauth needs AVENIR_MCP_PUBLIC_URL, the https:// address clients reach (e.g. https://ynab.example.net).',
    ],
    [
      { ...remoteEnv, AVENIR_MCP_PUBLIC_URL: 'http://ynab.example.net' },
      /must be https:\/\/ and a host only/,
    ],
    [{ ...remoteEnv, AVENIR_MCP_PUBLIC_URL: 'http://127.0.0.1:8103' }, /must be https:\/\/ and a host only/],
    [
      { ...remoteEnv, AVENIR_MCP_PUBLIC_URL: 'https://ynab.example.net/mcp' },
      /must be https:\/\/ and a host only/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the public URL check of the OAuth server', () => {
  it('takes https, and http on loopback only with the test allowance', () => {
    expect(checkPublicUrl('https://ynab.example.net', false).origin).toBe('https://ynab.example.net');
    expect(() => checkPublicUrl('http://127.0.0.1:9', false)).toThrow(/must be the https:\/\//);
    expect(checkPublicUrl('http://127.0.0.1:9', true).origin).toBe('http://127.0.0.1:9');
    expect(() => checkPublicUrl('http://example.net', true)).toThrow(/must be the https:\/\//);
  });
});

describe('the passphrase', () => {
  it('verifies the right one only, against a salted scrypt hash', async () => {
    const a = await hashPassphrase('a long enough passphrase');
    const b = await hashPassphrase('a long enough passphrase');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassphrase('a long enough passphrase', a)).toBe(true);
    expect(await verifyPassphrase('a long enough passphrasE', a)).toBe(false);
  });

  it('set-password writes a 0600 hash that start-up reads; a short one is refused', async () => {
    const file = join(tmp(), 'state', 'owner-passphrase');
    await expect(writeOwnerHash(file, 'short')).rejects.toThrow('at least 12 characters');
    await writeOwnerHash(file, 'twelve chars ok');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const hash = await loadOwnerHash(null, file);
    expect(await verifyPassphrase('twelve chars ok', hash)).toBe(true);
  });

  it('reads AVENIR_MCP_OWNER_PASSWORD_FILE, refusing one others can read', async () => {
    const file = join(tmp(), 'pass');
    writeFileSync(file, 'from the file itself\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    await expect(loadOwnerHash(file, '/nowhere')).rejects.toThrow(`run chmod 600 ${file}`);
    chmodSync(file, 0o600);
    expect(await verifyPassphrase('from the file itself', await loadOwnerHash(file, '/nowhere'))).toBe(true);
  });

  it('says how to set one when there is none', async () => {
    await expect(loadOwnerHash(null, join(tmp(), 'none'))).rejects.toThrow(PassphraseError);
    await expect(loadOwnerHash(null, join(tmp(), 'none'))).rejects.toThrow(
      'run `avenir-mcp set-password` once',
    );
  });
});

describe('the try limiter', () => {
  it('allows max wrong tries per window, then says how long to wait', () => {
    let now = 0;
    const l = new TryLimiter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(l.waitMs()).toBe(0);
      l.fail();
      now += 100;
    }
    expect(l.waitMs()).toBe(700);
    now = 1001;
    expect(l.waitMs()).toBe(0);
  });
});

describe('the grant', () => {
  it('grants read, and write only when ticked; turns down what was asked and not given', () => {
    expect(grantScopes('ynab:read ynab:write offline_access', false)).toEqual({
      granted: ['ynab:read'],
      rejected: ['ynab:write'],
    });
    expect(grantScopes('ynab:read ynab:write', true)).toEqual({
      granted: ['ynab:read', 'ynab:write'],
      rejected: [],
    });
  });
});

describe('the lasting store', () => {
  it('writes mode 0600, drops expired records, and rereads a file changed by another process', async () => {
    const path = join(tmp(), 'deep', 'oauth.json');
    const a = new FileStore(path);
    await a.set('Grant', 'g1', { clientId: 'c1' }, null);
    await a.set('Grant', 'g2', { clientId: 'c2' }, Date.now() - 1);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await a.list('Grant')).map((r) => r.id)).toEqual(['g1']);
    const b = new FileStore(path);
    await b.delete('Grant', 'g1');
    expect(await a.get('Grant', 'g1')).toBeUndefined();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: 1 });
  });

  it('says what to do with a damaged file', async () => {
    const path = join(tmp(), 'oauth.json');
    writeFileSync(path, '{not json', { mode: 0o600 });
    await expect(new FileStore(path).get('Grant', 'x')).rejects.toThrow('move it away to start afresh');
  });
});

describe('open registration', () => {
  it('keeps the newest idle registrations and every one holding a grant', async () => {
    const store = new MemoryStore();
    for (let i = 0; i < 5; i++) await store.set('Client', `c${i}`, { client_id_issued_at: i }, null);
    await store.set('Grant', 'g', { clientId: 'c0' }, null);
    expect(await pruneIdleClients(store, 2)).toBe(2);
    expect((await store.list('Client')).map((c) => c.id).sort()).toEqual(['c0', 'c3', 'c4']);
  });
});
