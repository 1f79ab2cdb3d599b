/**
 * The owner's view of the lasting OAuth state, on a store filled the way oidc-provider fills it: who
 * holds access (several grants of one client, a read-only one, a client that never named itself),
 * what revocation removes and what it spares, and the file store's answers when nothing changed.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../src/transports/oauth/file-store.js';
import {
  IDLE_CLIENTS,
  listClients,
  pruneIdleClients,
  revokeAll,
  revokeClient,
} from '../../src/transports/oauth/grants.js';
import { MemoryStore, type OAuthStore } from '../../src/transports/oauth/store.js';

const RESOURCE = 'https://ynab.example.net/mcp';

async function household(store: OAuthStore): Promise<void> {
  await store.set('Client', 'phone', { client_name: 'Phone app', client_id_issued_at: 10 }, null);
  await store.set('Client', 'laptop', { client_id_issued_at: 20 }, null);
  await store.set('Client', 'idle', { client_name: 'Never used', client_id_issued_at: 30 }, null);
  // The phone holds two grants, only the older one with changes; the laptop one read-only grant.
  const grant = (clientId: string, iat: number, scope: string) =>
    ({ clientId, iat, resources: { [RESOURCE]: scope } }) as const;
  await store.set('Grant', 'g-phone-1', grant('phone', 100, 'ynab:read ynab:write'), null);
  await store.set('Grant', 'g-phone-2', grant('phone', 300, 'ynab:read'), null);
  await store.set('Grant', 'g-laptop', grant('laptop', 200, 'ynab:read'), null);
  await store.set('RefreshToken', 'r1', { grantId: 'g-phone-1' }, null);
  await store.set('RefreshToken', 'r2', { grantId: 'g-phone-2' }, null);
  await store.set('RefreshToken', 'r3', { grantId: 'g-laptop' }, null);
  await store.set('RegistrationAccessToken', 't-phone', { clientId: 'phone' }, null);
  await store.set('RegistrationAccessToken', 't-laptop', { clientId: 'laptop' }, null);
}

const ids = async (store: OAuthStore, kind: string) => (await store.list(kind)).map((r) => r.id).sort();

describe('who holds access', () => {
  it('gives one line per client, newest grant first, with the grants counted and changes if any grant has them', async () => {
    const store = new MemoryStore();
    await household(store);
    expect(await listClients(store)).toEqual([
      { clientId: 'phone', name: 'Phone app', grants: 2, write: true, since: 300 },
      { clientId: 'laptop', name: null, grants: 1, write: false, since: 200 },
    ]);
  });

  it('reads a grant without resources or date as read-only and dated 0, and keeps a deleted client nameless', async () => {
    const store = new MemoryStore();
    await store.set('Grant', 'g', { clientId: 'gone' }, null);
    await store.set('Grant', 'h', { clientId: 'named', iat: 5, resources: {} }, null);
    await store.set('Client', 'named', { client_name: 'Named' }, null);
    expect(await listClients(store)).toEqual([
      { clientId: 'named', name: 'Named', grants: 1, write: false, since: 5 },
      { clientId: 'gone', name: null, grants: 1, write: false, since: 0 },
    ]);
  });

  it('lists nobody when there is no grant, even with registrations', async () => {
    const store = new MemoryStore();
    await store.set('Client', 'idle', { client_name: 'Never used' }, null);
    expect(await listClients(store)).toEqual([]);
  });
});

describe('revocation', () => {
  it("of one client removes its grants, their refresh tokens and its registration, and spares the other's", async () => {
    const store = new MemoryStore();
    await household(store);
    expect(await revokeClient(store, 'phone')).toBe(2);
    expect(await ids(store, 'Grant')).toEqual(['g-laptop']);
    expect(await ids(store, 'RefreshToken')).toEqual(['r3']);
    expect(await ids(store, 'RegistrationAccessToken')).toEqual(['t-laptop']);
    expect(await ids(store, 'Client')).toEqual(['idle', 'laptop']);
  });

  it('of a client without grants removes its registration and counts none', async () => {
    const store = new MemoryStore();
    await household(store);
    expect(await revokeClient(store, 'idle')).toBe(0);
    expect(await ids(store, 'Client')).toEqual(['laptop', 'phone']);
    expect(await ids(store, 'Grant')).toHaveLength(3);
  });

  it('of all removes every grant and every registration, also the idle ones', async () => {
    const store = new MemoryStore();
    await household(store);
    expect(await revokeAll(store)).toBe(3);
    for (const kind of ['Client', 'Grant', 'RefreshToken', 'RegistrationAccessToken'])
      expect(await ids(store, kind)).toEqual([]);
  });
});

describe('idle registrations', () => {
  it('keeps the newest 50 by default, dropping the oldest, undated ones first', async () => {
    const store = new MemoryStore();
    for (let i = 1; i <= IDLE_CLIENTS + 2; i++)
      await store.set('Client', `c${i}`, { client_id_issued_at: i }, null);
    await store.set('Client', 'undated', {}, null);
    expect(await pruneIdleClients(store)).toBe(3);
    const left = await ids(store, 'Client');
    expect(left).toHaveLength(IDLE_CLIENTS);
    expect(left).not.toContain('undated');
    expect(left).not.toContain('c1');
    expect(left).not.toContain('c2');
    expect(left).toContain('c3');
  });

  it('drops nothing while there are fewer than the limit', async () => {
    const store = new MemoryStore();
    await store.set('Client', 'a', {}, null);
    expect(await pruneIdleClients(store, 5)).toBe(0);
    expect(await ids(store, 'Client')).toEqual(['a']);
  });
});

describe('the lasting file', () => {
  const fresh = () => join(mkdtempSync(join(tmpdir(), 'avenir-store-')), 'oauth.json');

  it('reads as empty before the first write, and leaves no file behind a read', async () => {
    const path = fresh();
    const store = new FileStore(path);
    expect(await store.list('Grant')).toEqual([]);
    expect(await store.get('Client', 'x')).toBeUndefined();
    expect(() => statSync(path)).toThrow();
  });

  it('does not rewrite the file for the deletion of a record it does not hold', async () => {
    const path = fresh();
    const store = new FileStore(path);
    await store.set('Client', 'a', { client_name: 'A' }, null);
    const before = readFileSync(path, 'utf8');
    const { mtimeMs, ino } = statSync(path);
    await store.delete('Client', 'missing');
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(statSync(path)).toMatchObject({ mtimeMs, ino });
    await store.delete('Client', 'a');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, records: {} });
  });

  it('reads a file without records as empty, and one written by another process at once', async () => {
    const path = fresh();
    writeFileSync(path, '{"version":1}\n', { mode: 0o600 });
    const store = new FileStore(path);
    expect(await store.list('Client')).toEqual([]);
    const other = {
      version: 1,
      records: { 'Client:b': { payload: { client_name: 'B' }, expiresAt: null } },
    };
    writeFileSync(path, `${JSON.stringify(other)}\n`, { mode: 0o600 });
    expect(await store.get('Client', 'b')).toEqual({ client_name: 'B' });
  });
});
