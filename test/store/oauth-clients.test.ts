/**
 * What a new registration asks of the store, on both engines: the clients signing in, how many of
 * them have no grant, the idle clients newest first (the later stored first within one second), and
 * the dropping of clients with their registration tokens. The database answers each; the rows it
 * keeps are checked in the table itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mayRegister, pruneIdleClients, signInsUnderway } from '../../src/transports/oauth/grants.js';
import { SqlOAuthStore } from '../../src/store/sql-oauth.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { planOf, recorded } from './helpers.js';

const S = 1000;

describe.each(ENGINES)('registration queries on $name', (engine) => {
  let t: TestDatabase;
  let now = 1_780_000_000_000;
  let store: SqlOAuthStore;
  beforeEach(async () => {
    t = await engine.open();
    store = new SqlOAuthStore(t.db, () => now);
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  const ids = async (kind: string) =>
    (
      await t.db.query<{ id: string }>('SELECT id FROM oauth_records WHERE kind = $1 ORDER BY id', [kind])
    ).map((r) => r.id);

  it('names each client signing in once, live interactions only', async () => {
    await store.set('Interaction', 'i1', { params: { client_id: 'c1' } }, now + 3600 * S);
    await store.set('Interaction', 'i2', { params: { client_id: 'c1' } }, now + 3600 * S);
    await store.set('Interaction', 'i3', { params: { client_id: 'c2' } }, now + 10 * S);
    await store.set('Interaction', 'i4', { params: {} }, now + 3600 * S);
    expect((await signInsUnderway(store)).size).toBe(2);
    now += 11 * S;
    expect([...(await signInsUnderway(store))]).toEqual(['c1']);
  });

  it('counts only registered clients without a live grant against the bound', async () => {
    for (const id of ['c0', 'c1', 'c2', 'c3'])
      await store.set('Client', id, { client_id_issued_at: 1 }, null);
    await store.set('Grant', 'g0', { clientId: 'c0' }, null);
    await store.set('Grant', 'g1', { clientId: 'c1' }, now + 10 * S);
    const underway = new Set(['c0', 'c1', 'c2', 'unknown']);
    expect(await store.countUngranted([...underway])).toBe(1);
    expect(await mayRegister(store, underway, 2)).toBe(true);
    expect(await mayRegister(store, underway, 1)).toBe(false);
    now += 11 * S; // c1's grant expired: c1 counts again
    expect(await store.countUngranted([...underway])).toBe(2);
    expect(await store.countUngranted([])).toBe(0);
  });

  it('keeps the newest idle clients, the later stored counting as newer within a second', async () => {
    // stored in an order that the ids' order does not follow
    for (const [id, at] of [
      ['z-old', 5],
      ['m-same-1', 7],
      ['a-same-2', 7],
      ['k-same-3', 7],
      ['b-granted', 1],
      ['y-signing-in', 1],
    ] as const)
      await store.set('Client', id, { client_id_issued_at: at }, null);
    await store.set('Grant', 'g', { clientId: 'b-granted' }, null);
    expect(await store.idleClients(['y-signing-in'], 0, 10)).toEqual([
      'k-same-3',
      'a-same-2',
      'm-same-1',
      'z-old',
    ]);
    expect(await store.idleClients([], 1, 2)).toEqual(['a-same-2', 'm-same-1']);
    expect(await pruneIdleClients(store, 1, new Set(['y-signing-in']))).toBe(3);
    expect(await ids('Client')).toEqual(['b-granted', 'k-same-3', 'y-signing-in']);
  });

  it('drops the registration tokens of dropped and vanished clients, and keeps the others', async () => {
    for (const id of ['c0', 'c1', 'c2']) await store.set('Client', id, { client_id_issued_at: 1 }, null);
    for (const clientId of ['c0', 'c2', 'gone'])
      await store.set('RegistrationAccessToken', `t-${clientId}`, { clientId }, null);
    await store.set('RegistrationAccessToken', 't-none', {}, null);
    expect(await store.dropClients(['c0', 'never'])).toBe(1);
    expect(await ids('Client')).toEqual(['c1', 'c2']);
    expect(await ids('RegistrationAccessToken')).toEqual(['t-c2']);
    expect(await store.dropClients([])).toBe(0);
  });

  it('answers through the indexes of migration 5, never a scan of every record', async () => {
    const { db, seen } = recorded(t.db);
    const watched = new SqlOAuthStore(db, () => now);
    await watched.countUngranted(['c1', 'c2']);
    await watched.idleClients(['c1'], 50, 100);
    const plans = await Promise.all(seen.map((statement) => planOf(t.db, statement)));
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toContain('oauth_records_client ');
      expect(plan).not.toContain('Seq Scan');
    }
    expect(plans[1]).toContain('oauth_records_clients_newest');
  });
});
