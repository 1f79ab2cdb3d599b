/**
 * The OAuth state on the store, on both engines, driven through oidc-provider's adapter as the
 * authorization server drives it: records come back as written, expire, are pruned, and a person's
 * grants and tokens go with the person while the shared rows (clients) stay.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adapterFactory } from '../../src/transports/oauth/adapter.js';
import { MemoryStore, type OAuthStore } from '../../src/transports/oauth/store.js';
import { Sealer, newKeyLine } from '../../src/store/seal.js';
import { SHARED_KINDS, SqlOAuthStore } from '../../src/store/sql-oauth.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';

const S = 1000;

describe.each(ENGINES)('the OAuth state on $name', (engine) => {
  let t: TestDatabase;
  let now = 1_780_000_000_000;
  let store: SqlOAuthStore;
  beforeEach(async () => {
    t = await engine.open();
    store = new SqlOAuthStore(t.db, () => now);
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('is an OAuthStore the provider adapter runs on unchanged', async () => {
    const lasting: OAuthStore = store;
    const adapter = adapterFactory(lasting, new MemoryStore());
    const clients = adapter('Client');
    await clients.upsert('client-1', { client_id: 'client-1', client_name: 'Claude' });
    expect(await clients.find('client-1')).toEqual({ client_id: 'client-1', client_name: 'Claude' });
    const tokens = adapter('RefreshToken');
    await tokens.upsert('rt-1', { grantId: 'g-1', exp: now / S + 3600, uid: 'u-1' }, 3600);
    await tokens.upsert('rt-2', { grantId: 'g-2', uid: 'u-2' }, 3600);
    expect(await tokens.findByUid('u-2')).toMatchObject({ grantId: 'g-2' });
    await tokens.consume('rt-1');
    expect((await tokens.find('rt-1'))?.consumed).toBeTypeOf('number');
    await tokens.revokeByGrantId('g-1');
    expect(await tokens.find('rt-1')).toBeUndefined();
    expect(await tokens.find('rt-2')).toBeDefined();
    await tokens.destroy('rt-2');
    expect(await store.list('RefreshToken')).toEqual([]);
  });

  it('reads an expired record as absent, and prunes it', async () => {
    await store.set('Grant', 'old', { n: 1 }, now + 10 * S);
    await store.set('Grant', 'forever', { n: 2 }, null);
    expect((await store.list('Grant')).map((r) => r.id)).toEqual(['forever', 'old']);
    now += 11 * S;
    expect(await store.get('Grant', 'old')).toBeUndefined();
    expect((await store.list('Grant')).map((r) => r.id)).toEqual(['forever']);
    expect(await t.db.query("SELECT id FROM oauth_records WHERE id = 'old'")).toHaveLength(1);
    now += 60 * S;
    await store.set('Grant', 'new', { n: 3 }, null); // a write prunes (at most once a minute)
    expect(
      (await t.db.query<{ id: string }>('SELECT id FROM oauth_records ORDER BY id')).map((r) => r.id),
    ).toEqual(['forever', 'new']);
    expect(await store.prune()).toBe(0);
  });

  it("keeps a person's grants, tokens and sessions under their id, and deletes them with the person", async () => {
    const people = new SqlPeopleStore(
      t.db,
      new Sealer([new Uint8Array(Buffer.from(newKeyLine(), 'base64url'))]),
    );
    const a = await people.signIn('ynab-a', { allowed: 'read', timeZone: null });
    const b = await people.signIn('ynab-b', { allowed: 'read', timeZone: null });
    await store.set('Client', 'client-1', { client_id: 'client-1', accountId: a.id }, null);
    await store.set('Grant', 'g-a', { accountId: a.id, clientId: 'client-1' }, null);
    await store.set('RefreshToken', 'rt-a', { accountId: a.id, grantId: 'g-a' }, now + 3600 * S);
    await store.set('Session', 's-a', { accountId: a.id }, now + 3600 * S);
    await store.set('Grant', 'g-b', { accountId: b.id, clientId: 'client-1' }, null);
    await store.set('Grant', 'g-nobody', { accountId: 'not-a-person' }, null);
    const owners = await t.db.query('SELECT kind, id, person_id FROM oauth_records ORDER BY kind, id');
    expect(owners).toEqual([
      { kind: 'Client', id: 'client-1', person_id: null },
      { kind: 'Grant', id: 'g-a', person_id: a.id },
      { kind: 'Grant', id: 'g-b', person_id: b.id },
      { kind: 'Grant', id: 'g-nobody', person_id: null },
      { kind: 'RefreshToken', id: 'rt-a', person_id: a.id },
      { kind: 'Session', id: 's-a', person_id: a.id },
    ]);
    expect(SHARED_KINDS.has('Client') && SHARED_KINDS.has('Interaction')).toBe(true);
    // the account page lists one person's grants only, as the memory store does
    expect((await store.list('Grant', a.id)).map((r) => r.id)).toEqual(['g-a']);
    expect((await store.list('Grant', 'not-a-person')).map((r) => r.id)).toEqual([]);
    const memory = new MemoryStore();
    await memory.set('Grant', 'g-a', { accountId: a.id }, null);
    await memory.set('Grant', 'g-b', { accountId: b.id }, null);
    expect((await memory.list('Grant', b.id)).map((r) => r.id)).toEqual(['g-b']);
    expect(await people.deletePerson(a.id)).toBe(true);
    expect(
      (await t.db.query<{ id: string }>('SELECT id FROM oauth_records ORDER BY id')).map((r) => r.id),
    ).toEqual(['client-1', 'g-b', 'g-nobody']);
  });
});
