/**
 * Deleting a person on both engines, checked against the schema itself: every table with a
 * `person_id` column is found in the catalogue, filled for two people, and must hold nothing of the
 * deleted one afterwards and everything of the other. A table added later that the deletion would miss
 * (no cascade from `people`) or that this test does not fill fails here. Also the operator's list of
 * accounts: ids and dates only, the last sign of each person.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, SqlJournal } from '../../src/store/sql-journal.js';
import { SqlAccounts } from '../../src/store/sql-accounts.js';
import { SqlDigests } from '../../src/store/sql-digests.js';
import { SqlRules } from '../../src/store/sql-rules.js';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { SqlOAuthStore } from '../../src/store/sql-oauth.js';
import { SqlPacer } from '../../src/store/sql-pacer.js';
import { SqlPending } from '../../src/store/sql-pending.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { SqlSettings } from '../../src/store/sql-settings.js';
import { SqlMarks } from '../../src/store/sql-marks.js';
import { SqlSingleUse } from '../../src/store/sql-single-use.js';
import type { Database } from '../../src/store/sql.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { rowsOf, twoPeople } from './helpers.js';

const T0 = 1_780_000_000_000;
const entry = (id: string) => ({
  operation_id: id,
  plan_id: 'plan-1',
  kind: 'flag',
  applied_at: '2026-09-25T10:00:00+00:00',
  moves: [],
  details: {},
});
const grant = (n: number) => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  expiresAt: T0 + 7_200_000,
  scope: '',
});

/** Every table of the schema with a `person_id` column. */
async function personTables(db: Database): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'person_id' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** The foreign keys to `people`: which table, through which column, and its delete rule. */
async function keysToPeople(db: Database): Promise<Array<{ t: string; col: string; rule: string }>> {
  return db.query<{ t: string; col: string; rule: string }>(
    `SELECT c.conrelid::regclass::text AS t, a.attname AS col, c.confdeltype::text AS rule
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
     WHERE c.contype = 'f' AND c.confrelid = 'people'::regclass ORDER BY 1`,
  );
}

/** Puts a row of the person in every table the safety layer, the sign-in and the pacer write. */
async function fill(db: Database, person: string, n: number): Promise<void> {
  const journal = new SqlJournal(db);
  await journal.record(person, entry(`old-${n}`), T0 - 100 * DAY_MS);
  await journal.prune(T0 - 90 * DAY_MS, T0);
  await journal.record(person, entry(`op-${n}`), T0);
  await new SqlPending(db).open(person, { operation_id: `op-${n}`, plan_id: 'plan-1' }, T0);
  const once = new SqlSingleUse(db);
  await once.issueCode(person, 'fp', T0);
  await once.spendNonce(person, `nonce-${n}`, T0 + 60_000);
  await once.openTicket(person, { what: 'flag' }, T0);
  await new SqlSettings(db).set(person, 'preferred', { n });
  const digests = new SqlDigests(db, new Sealer(parseKeyFile(newKeyLine())), () => T0);
  await digests.setWebhook(person, `https://hooks.example/${n}`);
  await digests.claim(person, '2026-W40');
  await new SqlRules(db).change(person, 'plan-1', () => ({ book: { rules: [], next: n }, result: null }));
  await new SqlMarks(db).set(person, 'plan-1', { n });
  await new SqlPacer(db).reserve(person, 1, { now: T0, budget: 180 });
  const oauth = new SqlOAuthStore(db, () => T0);
  for (const kind of ['Grant', 'RefreshToken', 'Session', 'AccessToken'])
    await oauth.set(kind, `${kind}-${n}`, { accountId: person }, T0 + DAY_MS);
}

describe.each(ENGINES)('deleting a person on $name', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('leaves no row of theirs in any table that holds a person, and every row of the others', async () => {
    const { a, b, people } = await twoPeople(t.db);
    await people.saveGrant(a, grant(1));
    await people.saveGrant(b, grant(2));
    await fill(t.db, a, 1);
    await fill(t.db, b, 2);
    const tables = await personTables(t.db);
    // the schema's person tables at the time of writing: a new one joins the checks below by itself
    expect(tables).toEqual(
      expect.arrayContaining([
        'approval_tickets',
        'change_marks',
        'confirmation_codes',
        'digest_sends',
        'digest_webhooks',
        'journal_entries',
        'journal_pruned',
        'oauth_records',
        'pacer_sends',
        'pacer_state',
        'pending_outcomes',
        'person_settings',
        'rule_books',
        'used_nonces',
        'ynab_grants',
      ]),
    );
    // each of them goes with its person: a foreign key on person_id that cascades
    const keys = await keysToPeople(t.db);
    for (const table of tables)
      expect(
        keys.filter((k) => k.t === table),
        table,
      ).toEqual([{ t: table, col: 'person_id', rule: 'c' }]);
    for (const table of tables) {
      expect(await rowsOf(t.db, table, a), `${table} has a row of the person before`).toBeGreaterThan(0);
      expect(await rowsOf(t.db, table, b), `${table} has a row of the other before`).toBeGreaterThan(0);
    }
    const before = Object.fromEntries(
      await Promise.all(tables.map(async (x) => [x, await rowsOf(t.db, x, b)])),
    );

    expect(await people.deletePerson(a)).toBe(true);
    for (const table of tables) expect(await rowsOf(t.db, table, a), table).toBe(0);
    const after = Object.fromEntries(
      await Promise.all(tables.map(async (x) => [x, await rowsOf(t.db, x, b)])),
    );
    expect(after).toEqual(before);
    expect(await people.person(a)).toBeNull();
    expect(await people.personOfYnabUser('ynab-a')).toBeNull();
    expect((await people.personOfYnabUser('ynab-b'))?.id).toBe(b);
    // a second deletion finds no one
    expect(await people.deletePerson(a)).toBe(false);
    expect(await new SqlAccounts(t.db).delete(a)).toBe(false);
  });
});

describe.each(ENGINES)('the accounts list on $name', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('gives each id, its first sign-in and its last sign, oldest first', async () => {
    const accounts = new SqlAccounts(t.db);
    expect(await accounts.list()).toEqual([]);
    let clock = T0;
    const people = new SqlPeopleStore(t.db, new Sealer(parseKeyFile(newKeyLine())), () => clock);
    const a = (await people.signIn('ynab-a', { allowed: 'write', timeZone: null })).id;
    clock = T0 + 1_000;
    const b = (await people.signIn('ynab-b', { allowed: 'read', timeZone: 'Europe/Paris' })).id;
    expect(await accounts.list()).toEqual([
      { id: a, createdAt: T0, lastSeenAt: T0 },
      { id: b, createdAt: T0 + 1_000, lastSeenAt: T0 + 1_000 },
    ]);
    // each later sign of a moves their last sighting: a journaled change, a YNAB request, a token saved
    await new SqlJournal(t.db).record(a, entry('op-1'), T0 + 60_000);
    expect((await accounts.list())[0]).toEqual({ id: a, createdAt: T0, lastSeenAt: T0 + 60_000 });
    await new SqlPacer(t.db).reserve(a, 1, { now: T0 + 65_000, budget: 180 });
    expect((await accounts.list())[0]!.lastSeenAt).toBe(T0 + 65_000);
    clock = T0 + 90_000;
    await people.saveGrant(a, grant(1));
    expect((await accounts.list())[0]!.lastSeenAt).toBe(T0 + 90_000);
    // an earlier sign does not move it back
    await new SqlJournal(t.db).record(a, entry('op-0'), T0 + 10_000);
    expect((await accounts.list())[0]!.lastSeenAt).toBe(T0 + 90_000);
    expect((await accounts.list())[1]!.lastSeenAt).toBe(T0 + 1_000);
    expect(await accounts.delete(a)).toBe(true);
    expect((await accounts.list()).map((x) => x.id)).toEqual([b]);
  });
});
