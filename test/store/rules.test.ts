/**
 * Household rules kept on both engines (hosted mode) and in the state folder's file (one owner): a
 * book per plan and person, read back through the same schema, changes never lost to each other, and
 * never another person's rules.
 */
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreRules } from '../../src/hosted/store-rules.js';
import type { RuleBook, RulesStore } from '../../src/safety/rules-book.js';
import { RulesFile, rulesPath } from '../../src/safety/rules-file.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { rowsOf, twoPeople } from './helpers.js';

const rule = (number: number) => ({
  number,
  said: `Costco is groceries (${String(number)})`,
  condition: {
    merchant: 'COSTCO',
    amount: { min: null, max: 300_000, signed: false },
    account_id: null,
    memo_words: [],
  },
  action: { category_id: 'cat-groceries', payee_name: null, flag_color: null, note: null },
  created_at: '2026-12-06T10:00:00.000Z',
});

/** Adds a rule numbered one past the highest, as set_rule does. */
const add = (store: RulesStore, plan: string) =>
  store.change(plan, (book: RuleBook) => {
    const number = book.highest + 1;
    return { book: { ...book, highest: number, rules: [...book.rules, rule(number)] }, result: number };
  });

/** What every implementation must do. */
async function behaves(mine: RulesStore, other: RulesStore): Promise<void> {
  expect(await mine.read('plan-1')).toEqual({ highest: 0, rules: [], corrections: [] });
  // changes at once each see the one before: no number given twice
  const numbers = await Promise.all([add(mine, 'plan-1'), add(mine, 'plan-1'), add(mine, 'plan-1')]);
  expect(numbers.sort()).toEqual([1, 2, 3]);
  await add(mine, 'plan-2');
  const removed = await mine.change('plan-1', (book) => ({
    book: { ...book, rules: book.rules.filter((r) => r.number !== 3) },
    result: null,
  }));
  expect(removed).toBeNull();
  const book = await mine.read('plan-1');
  expect(book.rules.map((r) => r.number)).toEqual([1, 2]);
  expect(book.highest).toBe(3);
  expect(book.rules[0]).toEqual(rule(1));
  expect((await mine.read('plan-2')).rules.map((r) => r.number)).toEqual([1]);
  expect(await other.read('plan-1')).toEqual({ highest: 0, rules: [], corrections: [] });
  // a change that throws changes nothing
  await expect(
    mine.change('plan-1', () => {
      throw new Error('no');
    }),
  ).rejects.toThrow('no');
  expect((await mine.read('plan-1')).rules).toHaveLength(2);
}

describe.each(ENGINES)('rules on $name', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('keeps one book per person and plan', async () => {
    const { a, b } = await twoPeople(t.db);
    await behaves(new StoreRules(t.db, a), new StoreRules(t.db, b));
    expect(await rowsOf(t.db, 'rule_books', a)).toBe(2);
  });

  it('refuses a damaged book, saying so', async () => {
    const { a } = await twoPeople(t.db);
    await t.db.query(
      `INSERT INTO rule_books (person_id, plan_id, book) VALUES ($1, 'plan-1', '{"rules": 3}')`,
      [a],
    );
    await expect(new StoreRules(t.db, a).read('plan-1')).rejects.toThrow('cannot be read');
  });
});

describe('rules in the state folder', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'avenir-rules-'));
  });

  it('keeps one book per plan in a file only its owner reads', async () => {
    const journal = join(folder, 'state', 'journal.jsonl');
    await behaves(new RulesFile(() => journal), new RulesFile(() => join(folder, 'other', 'journal.jsonl')));
    const path = rulesPath(journal);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({
      version: 1,
      plans: { 'plan-2': { highest: 1 } },
    });
  });

  it('refuses a damaged file, saying what to do, and changes nothing', async () => {
    const journal = join(folder, 'journal.jsonl');
    await writeFile(rulesPath(journal), '{"version":1,"plans":{"p":{"rules":3}}}');
    const store = new RulesFile(() => journal);
    await expect(store.read('p')).rejects.toThrow('is damaged: move it aside');
    await expect(add(store, 'p')).rejects.toThrow('is damaged');
    expect(await readFile(rulesPath(journal), 'utf8')).toBe('{"version":1,"plans":{"p":{"rules":3}}}');
  });
});
