/**
 * The household's rules in hosted mode through a real client: set_rule and list_rules on the store
 * (PGlite here; the store's own tests run both engines), one person's rules never another's.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { StoreRules } from '../../../src/hosted/store-rules.js';
import { call, connect, out } from '../../helpers/harness.js';
import { tempJournal } from '../../helpers/writes.js';
import { ENGINES, SLOW, type TestDatabase } from '../../store/engines.js';
import { twoPeople } from '../../store/helpers.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await ENGINES[0]!.open();
}, SLOW);
afterAll(() => t.drop(), SLOW);

it("'set_rule' keeps the rule in the person's store, where 'list_rules' finds it", async ({ h }) => {
  const { a, b } = await twoPeople(t.db);
  const env = { AVENIR_MCP_JOURNAL: tempJournal() };
  const s = await connect(h, 'modern', { env, overrides: { rules: () => new StoreRules(t.db, a) } });
  const args = {
    plan_id: 'demo-budget',
    said: 'Rail Co is holidays',
    payee: 'RAIL CO',
    category_id: 'cat-holidays',
  };
  const preview = out(await call(s, 'set_rule', args));
  const set = out(await call(s, 'set_rule', { ...args, confirmation: preview.confirmation }));
  expect(set.status).toBe('applied');
  const listed = out(await call(s, 'list_rules', { plan_id: 'demo-budget' })).rules as { rule: string }[];
  expect(listed.map((r) => r.rule)).toEqual(['RAIL CO is Holidays']);
  expect((await new StoreRules(t.db, a).read('demo-budget')).rules).toHaveLength(1);
  const other = await connect(h, 'modern', { env, overrides: { rules: () => new StoreRules(t.db, b) } });
  expect(out(await call(other, 'list_rules', { plan_id: 'demo-budget' })).rules).toEqual([]);
  expect(h.standIn.writes).toEqual([]);
});
