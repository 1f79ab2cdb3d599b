/**
 * The people of hosted mode on both engines: sign-in makes one person per YNAB user, tokens are kept
 * sealed, the refresh lock serialises, and deleting a person leaves no row of theirs anywhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Sealer, newKeyLine } from '../../src/store/seal.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';

const key = () => new Uint8Array(Buffer.from(newKeyLine(), 'base64url'));
const grantOf = (n: number) => ({
  accessToken: `access-${n}-${'a'.repeat(20)}`,
  refreshToken: `refresh-${n}-${'r'.repeat(20)}`,
  expiresAt: 1_790_000_000_000 + n,
  scope: n % 2 === 0 ? 'read-only' : '',
});

describe.each(ENGINES)('people on $name', (engine) => {
  let t: TestDatabase;
  let people: SqlPeopleStore;
  let clock = 1_780_000_000_000;
  beforeEach(async () => {
    t = await engine.open();
    people = new SqlPeopleStore(t.db, new Sealer([key()]), () => clock++);
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('makes one person per YNAB user, and a later sign-in updates what they chose', async () => {
    const first = await people.signIn('ynab-user-1', { allowed: 'read', timeZone: 'Europe/Paris' });
    expect(first).toMatchObject({ ynabUserId: 'ynab-user-1', allowed: 'read', timeZone: 'Europe/Paris' });
    expect(first.id).toMatch(/^[0-9a-f]{24}$/);
    expect(first.id).not.toContain('ynab-user-1');
    const again = await people.signIn('ynab-user-1', { allowed: 'write', timeZone: null });
    expect(again).toEqual({ ...first, allowed: 'write', timeZone: null });
    const other = await people.signIn('ynab-user-2', { allowed: 'read', timeZone: null });
    expect(other.id).not.toBe(first.id);
    expect(await people.person(first.id)).toEqual(again);
    expect(await people.person('no-such-person')).toBeNull();
    expect((await people.people()).map((p) => p.ynabUserId)).toEqual(['ynab-user-1', 'ynab-user-2']);
  });

  it('records a sign-in and its YNAB tokens together, or neither', async () => {
    const first = await people.signIn('ynab-user-1', { allowed: 'write', timeZone: null }, grantOf(1));
    expect(await people.grant(first.id)).toEqual(grantOf(1));
    // a later read-only sign-in replaces the choice and the token at once
    const later = await people.signIn('ynab-user-1', { allowed: 'read', timeZone: null }, grantOf(2));
    expect(later).toEqual({ ...first, allowed: 'read' });
    expect(await people.grant(first.id)).toEqual(grantOf(2));
    // a sign-in whose token cannot be stored changes nothing of what the person chose (the planted
    // constraint is taken out again: PGlite's instance is shared by the file's tests)
    await t.db.query('ALTER TABLE ynab_grants ADD CONSTRAINT planted_refusal CHECK (saved_at < 0) NOT VALID');
    try {
      await expect(
        people.signIn('ynab-user-1', { allowed: 'write', timeZone: 'Europe/Paris' }, grantOf(3)),
      ).rejects.toThrow(/planted_refusal/);
      expect(await people.person(first.id)).toEqual(later);
      expect(await people.grant(first.id)).toEqual(grantOf(2));
      await expect(
        people.signIn('ynab-user-new', { allowed: 'write', timeZone: null }, grantOf(5)),
      ).rejects.toThrow(/planted_refusal/);
      expect((await people.people()).map((p) => p.ynabUserId)).toEqual(['ynab-user-1']);
    } finally {
      await t.db.query('ALTER TABLE ynab_grants DROP CONSTRAINT planted_refusal');
    }
  });

  it('two first sign-ins of one YNAB user at once make one person', async () => {
    const both = await Promise.all([
      people.signIn('ynab-race', { allowed: 'read', timeZone: null }),
      people.signIn('ynab-race', { allowed: 'read', timeZone: null }),
    ]);
    expect(both[0].id).toBe(both[1].id);
    expect(await people.people()).toHaveLength(1);
  });

  it('keeps the YNAB tokens sealed, gives them back opened, and forgets them', async () => {
    const p = await people.signIn('ynab-user-1', { allowed: 'write', timeZone: null });
    expect(await people.grant(p.id)).toBeNull();
    await people.saveGrant(p.id, grantOf(1));
    expect(await people.grant(p.id)).toEqual(grantOf(1));
    await people.saveGrant(p.id, grantOf(2));
    expect(await people.grant(p.id)).toEqual(grantOf(2));
    const [row] = await t.db.query<{ sealed: string }>('SELECT sealed FROM ynab_grants');
    expect(row!.sealed.split('.')).toHaveLength(5);
    expect(row!.sealed).not.toContain('access-2');
    expect(JSON.stringify(await t.db.query('SELECT * FROM ynab_grants'))).not.toMatch(/access-|refresh-/);
    await people.dropGrant(p.id);
    expect(await people.grant(p.id)).toBeNull();
    await expect(people.saveGrant('nobody', grantOf(3))).rejects.toThrow(/No person nobody/);
    expect(await t.db.query('SELECT * FROM ynab_grants')).toEqual([]);
  });

  it('runs two refreshes of one person one after the other, and other people beside them', async () => {
    const a = await people.signIn('ynab-a', { allowed: 'read', timeZone: null });
    const b = await people.signIn('ynab-b', { allowed: 'read', timeZone: null });
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let firstIn!: () => void;
    const firstEntered = new Promise<void>((r) => (firstIn = r));
    const first = people.withRefreshLock(a.id, async () => {
      events.push('a1 in');
      firstIn();
      await firstHeld;
      events.push('a1 out');
      return 1;
    });
    await firstEntered;
    const second = people.withRefreshLock(a.id, async () => {
      events.push('a2 in');
      return 2;
    });
    // another person's refresh is not held up by a's
    expect(await people.withRefreshLock(b.id, async () => (events.push('b'), 3))).toBe(3);
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(events).toEqual(['a1 in', 'b', 'a1 out', 'a2 in']);
    // a refresh that fails releases the lock
    await expect(
      people.withRefreshLock(a.id, () => Promise.reject(new Error('YNAB said no'))),
    ).rejects.toThrow('YNAB said no');
    expect(await people.withRefreshLock(a.id, async () => 'again')).toBe('again');
  });

  it('deletes every row of a person, and only theirs', async () => {
    const a = await people.signIn('ynab-a', { allowed: 'write', timeZone: null });
    const b = await people.signIn('ynab-b', { allowed: 'write', timeZone: null });
    await people.saveGrant(a.id, grantOf(1));
    await people.saveGrant(b.id, grantOf(2));
    expect(await people.deletePerson(a.id)).toBe(true);
    expect(await people.deletePerson(a.id)).toBe(false);
    expect(await people.person(a.id)).toBeNull();
    expect(await people.grant(a.id)).toBeNull();
    expect(await people.grant(b.id)).toEqual(grantOf(2));
    expect((await people.people()).map((p) => p.id)).toEqual([b.id]);
  });
});
