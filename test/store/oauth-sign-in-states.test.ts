/**
 * Hosted mode's trips to YNAB in the shared store, on both engines, each instance with its own handle
 * on the database: a state issued by one is taken by another with the browser that started it, once
 * (also when two callbacks race), never after ten minutes, never by another browser, and a wrong
 * browser spends it all the same; a sign-in page answered again keeps only its latest trip.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/store/pg-database.js';
import { SqlOAuthStore } from '../../src/store/sql-oauth.js';
import type { Database } from '../../src/store/sql.js';
import {
  SIGN_IN_STATE_MS,
  StoredSignInStates,
  type SignInChoice,
} from '../../src/transports/oauth/sign-in-states.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';

const CHOICE: SignInChoice = { uid: 'interaction-1', allowed: 'write', timeZone: 'Europe/Paris' };

describe.each(ENGINES)('sign-in states on $name', (engine) => {
  let t: TestDatabase;
  let other: Database;
  let now = 1_780_000_000_000;
  let a: StoredSignInStates;
  let b: StoredSignInStates;
  const clock = () => now;
  beforeEach(async () => {
    t = await engine.open();
    other = t.url ? await openPostgres(t.url) : t.db;
    a = new StoredSignInStates(new SqlOAuthStore(t.db, clock), clock);
    b = new StoredSignInStates(new SqlOAuthStore(other, clock), clock);
  }, SLOW);
  afterEach(async () => {
    if (other !== t.db) await other.close();
    await t.drop();
  }, SLOW);

  const held = () => t.db.query<{ id: string }>("SELECT id FROM oauth_records WHERE kind = 'SignInState'");

  it('is issued by one instance and taken once by another, with the browser that started it', async () => {
    const { state, browser } = await a.issue(CHOICE);
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(browser).toMatch(/^[\w-]{43}$/);
    expect(browser).not.toBe(state);
    expect(await held()).toEqual([{ id: state }]);
    expect(await b.take(state, browser)).toEqual(CHOICE);
    expect(await a.take(state, browser)).toBe('unknown');
    expect(await held()).toEqual([]);
  });

  it('keeps a read-only choice and a missing zone as they were', async () => {
    const choice: SignInChoice = { uid: 'interaction-2', allowed: 'read', timeZone: null };
    const { state, browser } = await a.issue(choice);
    expect(await b.take(state, browser)).toEqual(choice);
  });

  it('is taken by one of two callbacks racing on two instances', async () => {
    const { state, browser } = await a.issue(CHOICE);
    const both = await Promise.all([a.take(state, browser), b.take(state, browser)]);
    expect(both.filter((r) => r === 'unknown')).toHaveLength(1);
    expect(both.filter((r) => typeof r === 'object')).toEqual([CHOICE]);
  });

  it('is refused to another browser, or none, and spent by the try', async () => {
    const first = await a.issue(CHOICE);
    const second = await a.issue({ ...CHOICE, uid: 'interaction-2' });
    expect(await b.take(first.state, second.browser)).toBe('other-browser');
    expect(await b.take(first.state, first.browser)).toBe('unknown');
    expect(await b.take(second.state, null)).toBe('other-browser');
    expect(await b.take(second.state, second.browser)).toBe('unknown');
    expect(await held()).toEqual([]);
  });

  it('dies ten minutes after it was issued, and an unknown or empty state is unknown', async () => {
    const { state, browser } = await a.issue(CHOICE);
    now += SIGN_IN_STATE_MS / 2;
    const later = await a.issue({ ...CHOICE, uid: 'interaction-2' });
    now += SIGN_IN_STATE_MS / 2;
    expect(await b.take(state, browser)).toBe('unknown');
    expect(await b.take('never-issued', browser)).toBe('unknown');
    expect(await b.take('', browser)).toBe('unknown');
    expect(await b.take(later.state, later.browser)).toEqual({ ...CHOICE, uid: 'interaction-2' });
  });

  it('keeps one trip per sign-in page: answering the page again replaces the trip before', async () => {
    const first = await a.issue(CHOICE);
    const other = await a.issue({ ...CHOICE, uid: 'interaction-2' });
    const again = await b.issue({ ...CHOICE, allowed: 'read' });
    expect((await held()).map((r) => r.id).sort()).toEqual([again.state, other.state].sort());
    expect(await a.take(first.state, first.browser)).toBe('unknown');
    expect(await a.take(again.state, again.browser)).toEqual({ ...CHOICE, allowed: 'read' });
    expect(await a.take(other.state, other.browser)).toEqual({ ...CHOICE, uid: 'interaction-2' });
  });

  it('reads a record that is not a state it made as unknown, and spends it', async () => {
    const store = new SqlOAuthStore(t.db, clock);
    await store.set('SignInState', 'planted', { uid: 'x', allowed: 'admin', browser: 'b' }, now + 60_000);
    expect(await b.take('planted', 'b')).toBe('unknown');
    expect(await held()).toEqual([]);
  });

  it("keeps a widening's person and app, and reads a malformed one as no widening", async () => {
    const widen: SignInChoice = {
      ...CHOICE,
      uid: 'account-page:w',
      widen: { account: 'p-1', client: 'c-1' },
    };
    const { state, browser } = await a.issue(widen, 'account.widen.');
    expect(state.startsWith('account.widen.')).toBe(true);
    expect(await b.take(state, browser)).toEqual(widen);
    const store = new SqlOAuthStore(t.db, clock);
    const planted = {
      ...CHOICE,
      browser: 'b',
      expiresAt: now + 60_000,
      widen: { account: 'p-1', client: 7 },
    };
    await store.set('SignInState', 'planted', planted, now + 60_000);
    expect(await b.take('planted', 'b')).toEqual(CHOICE);
  });
});
