/**
 * Hosted mode keeps every record of the authorization server in the store, shared by its instances.
 * On both engines, with two handles on one database (two connection pools on the server, as two
 * instances have): the lookups by a payload field find and delete only what they name and go through
 * an index; a code or refresh token spent on two handles at once is first on one only, and the
 * adapter then refuses the other and revokes the grant; the registration flood guard counts the
 * sign-in pages opened through any instance; what may be taken once is taken once; the provider's
 * keys are the same for instances starting together; and every kind of record the provider can store
 * either names its person or is one of the shared kinds.
 */
import Provider, { errors } from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/store/pg-database.js';
import { PERSON_KINDS, SHARED_KINDS, SqlOAuthStore } from '../../src/store/sql-oauth.js';
import type { Database } from '../../src/store/sql.js';
import { adapterFactory, hashedId } from '../../src/transports/oauth/adapter.js';
import { SIGNING_IN_CLIENTS } from '../../src/transports/oauth/grants.js';
import { loadSecrets } from '../../src/transports/oauth/secrets.js';
import { MemoryStore, type OAuthStore } from '../../src/transports/oauth/store.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { planOf, recorded, twoPeople } from './helpers.js';

const S = 1000;

/** A second handle on the same database: another pool on the server; PGlite lives in one process. */
async function secondHandle(t: TestDatabase): Promise<Database> {
  return t.url ? openPostgres(t.url) : t.db;
}

describe.each(ENGINES)('the shared OAuth records on $name', (engine) => {
  let t: TestDatabase;
  let other: Database;
  let now = 1_780_000_000_000;
  let a: SqlOAuthStore;
  let b: SqlOAuthStore;
  beforeEach(async () => {
    t = await engine.open();
    other = await secondHandle(t);
    a = new SqlOAuthStore(t.db, () => now);
    b = new SqlOAuthStore(other, () => now);
  }, SLOW);
  afterEach(async () => {
    if (other !== t.db) await other.close();
    await t.drop();
  }, SLOW);

  it('finds a record by a payload field, live and of its kind only', async () => {
    await a.set('Session', 's-1', { uid: 'u-1', accountId: 'x' }, now + 60 * S);
    await a.set('Session', 's-old', { uid: 'u-old' }, now + 10 * S);
    await a.set('Interaction', 'i-1', { uid: 'u-1', kind: 'Interaction' }, now + 60 * S);
    await a.set('DeviceCode', 'd-1', { userCode: 'ABCD-EFGH' }, now + 60 * S);
    expect(await b.findBy('Session', 'uid', 'u-1')).toEqual({ uid: 'u-1', accountId: 'x' });
    expect(await b.findBy('Interaction', 'uid', 'u-1')).toEqual({ uid: 'u-1', kind: 'Interaction' });
    expect(await b.findBy('DeviceCode', 'userCode', 'ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
    expect(await b.findBy('Session', 'uid', 'u-2')).toBeUndefined();
    now += 11 * S;
    expect(await b.findBy('Session', 'uid', 'u-old')).toBeUndefined();
    await expect(b.findBy('Session', 'accountId' as never, 'x')).rejects.toThrow(
      'OAuth records are looked up by uid, userCode, grantId, not accountId.',
    );
  });

  it("deletes a grant's records of one kind, and nothing else", async () => {
    for (const [kind, id, grantId] of [
      ['AccessToken', 'at-1', 'g-1'],
      ['AccessToken', 'at-2', 'g-1'],
      ['AccessToken', 'at-3', 'g-2'],
      ['AuthorizationCode', 'c-1', 'g-1'],
    ] as const)
      await a.set(kind, id, { grantId }, now + 60 * S);
    expect(await b.deleteBy('AccessToken', 'grantId', 'g-1')).toBe(2);
    expect(await b.deleteBy('AccessToken', 'grantId', 'g-1')).toBe(0);
    expect((await a.list('AccessToken')).map((r) => r.id)).toEqual(['at-3']);
    expect((await a.list('AuthorizationCode')).map((r) => r.id)).toEqual(['c-1']);
  });

  it('looks up and deletes by field through an index, never a scan of every record', async () => {
    const { db, seen } = recorded(t.db);
    const store = new SqlOAuthStore(db, () => now);
    await store.findBy('Session', 'uid', 'u-1');
    await store.findBy('DeviceCode', 'userCode', 'ABCD');
    await store.deleteBy('AccessToken', 'grantId', 'g-1');
    const plans = await Promise.all(seen.map((statement) => planOf(t.db, statement)));
    expect(plans[0]).toContain('oauth_records_uid');
    expect(plans[1]).toContain('oauth_records_user_code');
    expect(plans[2]).toContain('oauth_records_grant');
    for (const plan of plans) expect(plan).not.toContain('Seq Scan');
  });

  it('spends a code once when two instances consume it at once', async () => {
    await a.set('AuthorizationCode', 'code-1', { grantId: 'g-1', exp: now / S + 60 }, now + 60 * S);
    const at = Math.floor(now / S);
    const both = await Promise.all([
      a.consume('AuthorizationCode', 'code-1', at),
      b.consume('AuthorizationCode', 'code-1', at),
    ]);
    expect(both.map((r) => r?.first).sort()).toEqual([false, true]);
    expect(both.every((r) => r?.payload.consumed === at && r.payload.grantId === 'g-1')).toBe(true);
    expect((await b.get('AuthorizationCode', 'code-1'))?.consumed).toBe(at);
    expect(await a.consume('AuthorizationCode', 'missing', at)).toBeUndefined();
    now += 61 * S;
    expect(await a.consume('AuthorizationCode', 'code-1', at)).toBeUndefined();
  });

  it('refuses the second spender through the adapter, and revokes the grant and its codes', async () => {
    const onA = adapterFactory(a, a);
    const onB = adapterFactory(b, b);
    await onA('Grant').upsert('g-1', { accountId: 'someone', clientId: 'app' });
    await onA('AuthorizationCode').upsert('code-1', { grantId: 'g-1', clientId: 'app' }, 60);
    await onA('AuthorizationCode').upsert('code-2', { grantId: 'g-1', clientId: 'app' }, 60);
    await onA('AuthorizationCode').upsert('code-3', { grantId: 'g-other', clientId: 'app' }, 60);
    // both instances read it unspent, as the provider does before it consumes
    expect((await onB('AuthorizationCode').find('code-1'))?.consumed).toBeUndefined();
    const spent = await Promise.allSettled([
      onA('AuthorizationCode').consume('code-1'),
      onB('AuthorizationCode').consume('code-1'),
    ]);
    expect(spent.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = spent.find((r) => r.status === 'rejected')!.reason as InstanceType<
      typeof errors.InvalidGrant
    >;
    expect(refusal).toBeInstanceOf(errors.InvalidGrant);
    expect(refusal.error_detail).toBe('authorization code already consumed');
    expect(await onA('Grant').find('g-1')).toBeUndefined();
    expect((await a.list('AuthorizationCode')).map((r) => r.id)).toEqual([hashedId('code-3')]);
  });

  it('keeps a token under its hash and without it in the payload, and finds it when presented', async () => {
    const tokens = adapterFactory(a, a)('AccessToken');
    await tokens.upsert('tok-secret', { jti: 'tok-secret', grantId: 'g-1', accountId: 'x' }, 60);
    const rows = await a.list('AccessToken');
    expect(rows.map((r) => r.id)).toEqual([hashedId('tok-secret')]);
    expect(JSON.stringify(rows)).not.toContain('tok-secret');
    // presented, it is found on any instance, its jti back in place
    expect(await adapterFactory(b, b)('AccessToken').find('tok-secret')).toMatchObject({ jti: 'tok-secret' });
    // the hash read from the store opens nothing, and destroys nothing
    expect(await tokens.find(hashedId('tok-secret'))).toBeUndefined();
    await tokens.destroy(hashedId('tok-secret'));
    expect(await tokens.find('tok-secret')).toMatchObject({ grantId: 'g-1' });
    // one written before the hashing is still found by its id, and destroyed with it
    await a.set('AccessToken', 'tok-old', { jti: 'tok-old', grantId: 'g-1' }, now + 60 * S);
    expect(await tokens.find('tok-old')).toMatchObject({ jti: 'tok-old' });
    await tokens.destroy('tok-old');
    expect(await a.get('AccessToken', 'tok-old')).toBeUndefined();
    // a kind whose id is no secret keeps its id and payload as they are
    await adapterFactory(a, a)('Grant').upsert('g-2', { jti: 'g-2', accountId: 'x' });
    expect(await a.get('Grant', 'g-2')).toMatchObject({ jti: 'g-2' });
  });

  it('keeps a browser session under the hash of its cookie; found by uid, it carries a reference that only destroys', async () => {
    const sessions = adapterFactory(a, a)('Session');
    await sessions.upsert('cookie-secret', { jti: 'cookie-secret', uid: 'u-1', accountId: 'x' }, 60);
    const rows = await a.list('Session');
    expect(rows.map((r) => r.id)).toEqual([hashedId('cookie-secret')]);
    expect(JSON.stringify(rows)).not.toContain('cookie-secret');
    // the cookie presented opens it on any instance, its id back in place
    expect(await adapterFactory(b, b)('Session').find('cookie-secret')).toMatchObject({
      jti: 'cookie-secret',
      accountId: 'x',
    });
    // found by uid (a token's or a sign-in page's check), it names no cookie
    const byUid = await sessions.findByUid('u-1');
    expect(byUid).toMatchObject({ uid: 'u-1', accountId: 'x', jti: 'uid:u-1' });
    expect(await sessions.find('uid:u-1')).toBeUndefined();
    expect(await sessions.findByUid('u-missing')).toBeUndefined();
    // and ended through that reference (a new sign-in ends the browser's previous session)
    await sessions.destroy('uid:u-1');
    expect(await sessions.find('cookie-secret')).toBeUndefined();
    // a session written before the hashing keeps its cookie as its id, and is still found and ended
    await a.set('Session', 'old-cookie', { jti: 'old-cookie', uid: 'u-2' }, now + 60 * S);
    expect(await sessions.findByUid('u-2')).toMatchObject({ jti: 'old-cookie' });
    await sessions.destroy('old-cookie');
    expect(await a.get('Session', 'old-cookie')).toBeUndefined();
  });

  it('counts the sign-ins under way on every instance before it lets a new app register', async () => {
    // registrations whose sign-in pages are open, the pages opened through the other instance
    for (let i = 0; i < SIGNING_IN_CLIENTS; i++) {
      await a.set('Client', `app-${i}`, { client_id: `app-${i}`, client_id_issued_at: i }, null);
      await b.set('Interaction', `page-${i}`, { params: { client_id: `app-${i}` } }, now + 3600 * S);
    }
    const clients = adapterFactory(a, a)('Client');
    const refused = await clients.upsert('newcomer', { client_id: 'newcomer' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(errors.TemporarilyUnavailable);
    expect(await a.list('Client')).toHaveLength(SIGNING_IN_CLIENTS);
    // one page closes (it expires): the newcomer registers, and no app whose page is open is evicted
    await b.delete('Interaction', 'page-0');
    await clients.upsert('newcomer', { client_id: 'newcomer' });
    expect(await a.get('Client', 'newcomer')).toEqual({ client_id: 'newcomer' });
    expect(await a.get('Client', 'app-1')).toBeDefined();
  });

  it('lets one instance take a record meant for one use, live only', async () => {
    await a.set('SignInState', 'st-1', { n: 1 }, now + 60 * S);
    await a.set('SignInState', 'st-old', { n: 2 }, now + 10 * S);
    const both = await Promise.all([a.take('SignInState', 'st-1'), b.take('SignInState', 'st-1')]);
    expect(both.filter((p) => p !== undefined)).toEqual([{ n: 1 }]);
    now += 11 * S;
    expect(await b.take('SignInState', 'st-old')).toBeUndefined();
    expect(await t.db.query("SELECT id FROM oauth_records WHERE kind = 'SignInState'")).toEqual([]);
  });

  it('gives instances starting together the same provider keys, which a later start reads', async () => {
    const [onA, onB] = await Promise.all([loadSecrets(a), loadSecrets(b)]);
    expect(onB).toEqual(onA);
    expect(onA.cookieKeys).toHaveLength(1);
    expect(onA.jwks[0]).toMatchObject({ alg: 'ES256', use: 'sig', kty: 'EC' });
    expect(await loadSecrets(new SqlOAuthStore(t.db))).toEqual(onA);
  });

  it('keeps access tokens and codes under their person, gone with the person', async () => {
    const { a: alice, b: bob, people } = await twoPeople(t.db);
    await a.set('AccessToken', 'at-a', { accountId: alice, grantId: 'g-a' }, now + 60 * S);
    await a.set('AuthorizationCode', 'c-a', { accountId: alice, grantId: 'g-a' }, now + 60 * S);
    await a.set('AccessToken', 'at-b', { accountId: bob, grantId: 'g-b' }, now + 60 * S);
    await a.set('Interaction', 'i-1', { accountId: alice, uid: 'i-1' }, now + 60 * S);
    await a.set('SignInState', 'st', { uid: 'i-1' }, now + 60 * S);
    const owners = await t.db.query('SELECT kind, id, person_id FROM oauth_records ORDER BY kind, id');
    expect(owners).toEqual([
      { kind: 'AccessToken', id: 'at-a', person_id: alice },
      { kind: 'AccessToken', id: 'at-b', person_id: bob },
      { kind: 'AuthorizationCode', id: 'c-a', person_id: alice },
      { kind: 'Interaction', id: 'i-1', person_id: null },
      { kind: 'SignInState', id: 'st', person_id: null },
    ]);
    await people.deletePerson(alice);
    expect((await b.list('AccessToken')).map((r) => r.id)).toEqual(['at-b']);
    expect(await b.list('AuthorizationCode')).toEqual([]);
  });
});

async function secretsOf(store: OAuthStore) {
  const { cookieKeys, jwks } = await loadSecrets(store);
  return { cookies: { keys: cookieKeys }, jwks: { keys: jwks } };
}

describe('the kinds of record', () => {
  it('every kind the provider can store names its person or is shared, never both', async () => {
    const kinds = new Set<string>();
    const provider = new Provider('http://127.0.0.1:1', {
      adapter: (kind: string) => {
        kinds.add(kind);
        return {} as never;
      },
      // the keys and pages of this server, so that the provider warns of no development default
      ...(await secretsOf(new MemoryStore())),
      features: { devInteractions: { enabled: false } },
    });
    const getters = Object.entries(Object.getOwnPropertyDescriptors(Object.getPrototypeOf(provider)));
    // `app` is a deprecated alias of the provider itself, not a model
    for (const [name, descriptor] of getters) {
      if (!descriptor.get || name === 'app') continue;
      const model: unknown = (provider as unknown as Record<string, unknown>)[name];
      if (typeof model === 'function' && 'adapter' in model) void model.adapter;
    }
    // the abstract base of the tokens is never stored under its own name
    kinds.delete('BaseToken');
    expect(kinds.size).toBeGreaterThan(10);
    for (const kind of kinds) {
      expect(SHARED_KINDS.has(kind) !== PERSON_KINDS.has(kind), kind).toBe(true);
    }
  });
});
