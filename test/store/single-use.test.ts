/**
 * Codes, used answer nonces, approval tickets, settings and the pacer on both engines: each spent
 * once even when two instances race (on the server, two connection pools on one database), each
 * person's alone, and gone with the person.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/store/pg-database.js';
import type { Database } from '../../src/store/sql.js';
import { HOUR_MS, SqlPacer } from '../../src/store/sql-pacer.js';
import { SqlSettings } from '../../src/store/sql-settings.js';
import { LIFETIME_MS, SqlSingleUse } from '../../src/store/sql-single-use.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { rowsOf, twoPeople } from './helpers.js';
import { req } from '../requirements.js';

const T0 = 1_780_000_000_000;

describe.each(ENGINES)(`${req('yes-single-use')} single use on $name`, (engine) => {
  let t: TestDatabase;
  /** A second instance on the same database (PGlite is one process: the same one). */
  let other: Database;
  let a: string;
  let b: string;
  let people: Awaited<ReturnType<typeof twoPeople>>['people'];
  beforeEach(async () => {
    t = await engine.open();
    other = t.url === null ? t.db : await openPostgres(t.url);
    ({ a, b, people } = await twoPeople(t.db));
  }, SLOW);
  afterEach(async () => {
    if (other !== t.db) await other.close();
    await t.drop();
  }, SLOW);

  it('spends a code once, even on a mismatch, only for its person and while live', async () => {
    const one = new SqlSingleUse(t.db);
    const code = await one.issueCode(a, 'fp-1', T0);
    expect(code).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(await one.consumeCode(b, code, 'fp-1', T0)).toBe(false); // b's call with a's code
    expect(await one.consumeCode(a, code, 'fp-1', T0 + LIFETIME_MS)).toBe(true); // a's still there
    expect(await one.consumeCode(a, code, 'fp-1', T0)).toBe(false);
    const mismatch = await one.issueCode(a, 'fp-2', T0);
    expect(await one.consumeCode(a, mismatch, 'fp-other', T0)).toBe(false);
    expect(await one.consumeCode(a, mismatch, 'fp-2', T0)).toBe(false); // spent by the mismatch
    const late = await one.issueCode(a, 'fp-3', T0);
    expect(await one.consumeCode(a, late, 'fp-3', T0 + LIFETIME_MS + 1)).toBe(false);
  });

  it('one code raced on two instances applies once', async () => {
    const code = await new SqlSingleUse(t.db).issueCode(a, 'fp', T0);
    const results = await Promise.all([
      new SqlSingleUse(t.db).consumeCode(a, code, 'fp', T0),
      new SqlSingleUse(other).consumeCode(a, code, 'fp', T0),
    ]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('spends an answer nonce once per person, also when raced', async () => {
    const one = new SqlSingleUse(t.db);
    const raced = await Promise.all([
      one.spendNonce(a, 'n-1', T0 + LIFETIME_MS),
      new SqlSingleUse(other).spendNonce(a, 'n-1', T0 + LIFETIME_MS),
    ]);
    expect(raced.sort()).toEqual([false, true]);
    expect(await one.spendNonce(a, 'n-1', T0 + LIFETIME_MS)).toBe(false);
    // b trying a's nonce spends nothing of a's (and a's answer stays refused as used)
    expect(await one.spendNonce(b, 'n-2', T0)).toBe(true);
    expect(await one.spendNonce(a, 'n-2', T0)).toBe(true);
  });

  it('gives a ticket its secret once, and takes the secret once, per person', async () => {
    const one = new SqlSingleUse(t.db);
    const approval = {
      tool: 'move_money',
      input: { amount: 12.5 },
      planId: 'p',
      fingerprint: 'f',
      question: 'q',
    };
    const ticket = await one.openTicket(a, approval, T0);
    expect(await one.revealTicket(b, ticket, T0)).toBeNull(); // a's ticket in b's call
    const [first, second] = await Promise.all([
      one.revealTicket(a, ticket, T0),
      new SqlSingleUse(other).revealTicket(a, ticket, T0),
    ]);
    const given = first ?? second;
    expect([first, second].filter((x) => x === null)).toHaveLength(1);
    expect(given?.approval).toEqual(approval);
    expect(await one.takeSecret(b, given!.secret, T0)).toBeNull();
    expect(await one.takeSecret(a, given!.secret, T0)).toEqual(approval);
    expect(await one.takeSecret(a, given!.secret, T0)).toBeNull();
    const late = await one.openTicket(a, approval, T0);
    expect(await one.revealTicket(a, late, T0 + LIFETIME_MS + 1)).toBeNull();
    const slow = await one.openTicket(a, approval, T0);
    const s = await one.revealTicket(a, slow, T0);
    expect(await one.takeSecret(a, s!.secret, T0 + LIFETIME_MS + 1)).toBeNull();
  });

  it('prunes what can no longer be used, and everything goes with the person', async () => {
    const one = new SqlSingleUse(t.db);
    await one.issueCode(a, 'fp', T0);
    await one.spendNonce(a, 'n', T0 + LIFETIME_MS);
    await one.openTicket(a, { x: 1 }, T0);
    const live = await one.issueCode(a, 'fp', T0 + LIFETIME_MS);
    expect(await one.prune(T0 + LIFETIME_MS + 1)).toBe(3);
    expect(await one.consumeCode(a, live, 'fp', T0 + LIFETIME_MS + 1)).toBe(true);
    const settings = new SqlSettings(t.db);
    await settings.set(a, 'digest', { weekly: true });
    await one.issueCode(a, 'fp', T0);
    await new SqlPacer(t.db).reserve(a, 1, { now: T0, budget: 180 });
    expect(await people.deletePerson(a)).toBe(true);
    for (const table of [
      'confirmation_codes',
      'used_nonces',
      'approval_tickets',
      'person_settings',
      'pacer_state',
      'pacer_sends',
    ])
      expect(await rowsOf(t.db, table, a), table).toBe(0);
  });

  it('keeps settings per person', async () => {
    const settings = new SqlSettings(t.db);
    expect(await settings.get(a, 'digest')).toBeNull();
    await settings.set(a, 'digest', { weekly: true });
    await settings.set(a, 'digest', { weekly: false });
    await settings.set(a, 'alerts', ['low-balance']);
    await settings.set(b, 'digest', 'daily');
    expect(await settings.get(a, 'digest')).toEqual({ weekly: false });
    expect(await settings.all(a)).toEqual({ alerts: ['low-balance'], digest: { weekly: false } });
    await settings.set(a, 'alerts', null);
    expect(await settings.all(a)).toEqual({ digest: { weekly: false } });
    expect(await settings.all(b)).toEqual({ digest: 'daily' });
  });

  it('paces each person within the budget across instances: all of a reservation or none', async () => {
    const pacer = new SqlPacer(t.db);
    const budget = 10;
    expect(await pacer.reserve(a, 6, { now: T0, budget })).toMatchObject({ ok: true, left: 4 });
    // two instances reserve 3 each at once for a: 4 left, so exactly one gets its 3
    const raced = await Promise.all([
      pacer.reserve(a, 3, { now: T0 + 1, budget }),
      new SqlPacer(other).reserve(a, 3, { now: T0 + 1, budget }),
    ]);
    expect(raced.filter((r) => r.ok)).toEqual([expect.objectContaining({ left: 1 })]);
    expect(raced.find((r) => !r.ok)).toEqual({ ok: false, reason: 'budget', sent: 9, freeAt: T0 + HOUR_MS });
    expect(await pacer.sentLastHour(a, T0 + 1)).toBe(9);
    expect(await pacer.sentLastHour(b, T0 + 1)).toBe(0); // b's budget is b's
    expect(await pacer.reserve(b, 10, { now: T0 + 1, budget })).toMatchObject({ ok: true, left: 0 });
    // a compensation passes the budget; unused sends are given back
    const comp = await pacer.reserve(a, 2, { now: T0 + 2, budget, compensating: true });
    expect(comp).toMatchObject({ ok: true, left: 0 }); // past the budget: nothing left, never below
    await pacer.release(a, (comp as { id: number }).id, 2);
    await pacer.release(a, (comp as { id: number }).id, 0);
    expect(await pacer.sentLastHour(a, T0 + 2)).toBe(9);
    const ok = raced.find((r) => r.ok) as { id: number };
    await pacer.release(a, ok.id, 1);
    expect(await pacer.sentLastHour(a, T0 + 2)).toBe(8);
    // the hour slides: the first 6 leave it
    expect(await pacer.reserve(a, 3, { now: T0 + 2, budget })).toEqual({
      ok: false,
      reason: 'budget',
      sent: 8,
      freeAt: T0 + HOUR_MS,
    });
    expect(await pacer.reserve(a, 8, { now: T0 + HOUR_MS, budget })).toMatchObject({ ok: true });
    expect(await pacer.sentLastHour(a, T0 + HOUR_MS)).toBe(10);
  });

  it('holds every instance back during a 429 pause, compensations too', async () => {
    const pacer = new SqlPacer(t.db);
    expect(await pacer.pausedUntil(a)).toBe(0);
    await new SqlPacer(other).pause(a, T0 + 600_000);
    await pacer.pause(a, T0 + 60_000); // a shorter pause does not end the longer one
    expect(await pacer.pausedUntil(a)).toBe(T0 + 600_000);
    expect(await pacer.reserve(a, 1, { now: T0, budget: 180, compensating: true })).toEqual({
      ok: false,
      reason: 'paused',
      until: T0 + 600_000,
    });
    expect(await pacer.reserve(b, 1, { now: T0, budget: 180 })).toMatchObject({ ok: true });
    expect(await pacer.reserve(a, 1, { now: T0 + 600_000, budget: 180 })).toMatchObject({ ok: true });
  });
});
