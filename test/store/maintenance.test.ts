/** The store's clean-up on both engines: each kind of stale row goes, nothing live or pending does. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneStore } from '../../src/store/maintenance.js';
import { DAY_MS, SqlJournal } from '../../src/store/sql-journal.js';
import { SqlOAuthStore } from '../../src/store/sql-oauth.js';
import { SqlPending } from '../../src/store/sql-pending.js';
import { LIFETIME_MS, SqlSingleUse } from '../../src/store/sql-single-use.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { twoPeople } from './helpers.js';

const T0 = 1_780_000_000_000;
const entry = (id: string) => ({
  operation_id: id,
  plan_id: 'plan-1',
  kind: 'move_money',
  applied_at: '2026-09-25T10:00:00+00:00',
  moves: [],
  details: {},
});

describe.each(ENGINES)('the clean-up on $name', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('prunes old closed entries, stale single-use rows and expired OAuth records, and nothing else', async () => {
    const { a } = await twoPeople(t.db);
    const journal = new SqlJournal(t.db);
    await journal.record(a, entry('old'), T0);
    await journal.record(a, entry('old-pending'), T0);
    await journal.record(a, entry('recent'), T0 + 25 * DAY_MS);
    await new SqlPending(t.db).open(a, { operation_id: 'old-pending', plan_id: 'plan-1' }, T0);
    const once = new SqlSingleUse(t.db);
    await once.issueCode(a, 'fp', T0);
    const now = T0 + 31 * DAY_MS;
    const live = await once.issueCode(a, 'fp', now);
    const oauth = new SqlOAuthStore(t.db, () => T0);
    await oauth.set('Interaction', 'i-1', { uid: 'u' }, T0 + LIFETIME_MS);
    await oauth.set('Client', 'c-1', { client_id: 'c-1' }, null);
    expect(await pruneStore(t.db, now, 30)).toEqual({ journal: 1, singleUse: 1, oauth: 1 });
    expect((await journal.list(a)).entries.map((e) => e.operation_id)).toEqual(['old-pending', 'recent']);
    expect(await journal.wasPruned(a, 'old')).toBe(true);
    expect(await once.consumeCode(a, live, 'fp', now)).toBe(true);
    expect(await oauth.get('Client', 'c-1')).toEqual({ client_id: 'c-1' });
    // the default keeps 90 days
    expect(await pruneStore(t.db, now)).toEqual({ journal: 0, singleUse: 0, oauth: 0 });
  });
});
