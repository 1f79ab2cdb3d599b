/**
 * Planning apply_categories without a client: every refusal with its message and its order (the first
 * failing assignment refuses the whole call), what counts as unchanged, the change records with their
 * names, and the question that lists at most 20 of them.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import { planAssignments } from '../../src/domain/categorize/assignments.js';
import { buildHistory, suggest } from '../../src/domain/categorize/classify.js';
import { changeOf, changeQuestion, type Change } from '../../src/domain/categorize/changes.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { cat, group } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

const INDEX = indexCategories([
  group('Internal Master Category', [
    cat('inflow', 'Inflow: Ready to Assign'),
    cat('uncat', 'Uncategorized'),
  ]),
  group('Everyday', [
    cat('food', 'Groceries'),
    cat('fun', 'Fun\u200b money'),
    cat('old', 'Old', { hidden: true }),
  ]),
  group('Credit Card Payments', [cat('visa', 'Visa')]),
]);
const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-10',
  amount: -12_340,
  cleared: 'cleared',
  approved: true,
  account_id: 'chk',
  payee_name: 'Bakery',
  deleted: false,
  ...extra,
});
const TXS = [
  tx('t1'),
  tx('t2', { category_id: 'food', category_name: 'Groceries' }),
  tx('t-gone', { deleted: true }),
  tx('t-split', {
    subtransactions: [{ id: 's1', amount: -12_340, category_id: 'food', deleted: false }],
  }),
  tx('t-split-gone', {
    subtransactions: [{ id: 's2', amount: -12_340, category_id: 'food', deleted: true }],
  }),
  tx('t-track', { account_id: 'car' }),
  tx('t-transfer', { transfer_account_id: 'sav' }),
];
const OFF = new Set(['car']);
const plan = (assignments: { transaction_id: string; category_id: string }[]) =>
  planAssignments(assignments, TXS, INDEX, OFF);
const a = (transaction_id: string, category_id: string) => ({ transaction_id, category_id });

describe('planAssignments refuses', () => {
  it.each([
    [[a('t1', 'uncat')], "Category uncat is YNAB's internal Uncategorized: choose a real category."],
    [
      [a('t1', 'nope')],
      'Category nope is not in this plan: use a category_id from the categories returned by suggest_categories.',
    ],
    [[a('t1', 'old')], 'Category old is not in this plan'],
    [[a('t1', 'visa')], 'Category visa pays a credit card: YNAB ignores it on a transaction.'],
    [[a('t-split', 'food')], 'Transaction t-split is split across categories: change its lines in YNAB.'],
    [[a('t-track', 'food')], 'Transaction t-track is on an off-budget account: YNAB gives it no category.'],
    [
      [a('t-transfer', 'food')],
      'Transaction t-transfer is a transfer between accounts: YNAB gives it no category.',
    ],
    [
      [a('t-gone', 'food')],
      'Transaction t-gone is not in this plan: use the transaction_id values returned by suggest_categories.',
    ],
    [[a('t1', 'food'), a('t1', 'fun')], 'Transaction t1 is assigned twice: keep one assignment.'],
  ])('%j', (assignments, message) => {
    expect(() => plan(assignments)).toThrow(message);
  });

  it('checks the assignments in the order given, the category before the transaction', () => {
    expect(() => plan([a('t1', 'food'), a('t-gone', 'food'), a('t1', 'food')])).toThrow(
      'Transaction t-gone is not in this plan',
    );
    expect(() => plan([a('t-split', 'visa')])).toThrow('Category visa pays a credit card');
    expect(() => plan([a('t-transfer', 'nope')])).toThrow('Category nope is not in this plan');
    // one check of the transaction before the other: a split on a tracking account is refused as a split
    const both = tx('t-both', {
      account_id: 'car',
      transfer_account_id: 'sav',
      subtransactions: [{ id: 's3', amount: -1, deleted: false }],
    });
    expect(() => planAssignments([a('t-both', 'food')], [both], INDEX, OFF)).toThrow('is split');
    const trackingTransfer = tx('t-tt', { account_id: 'car', transfer_account_id: 'sav' });
    expect(() => planAssignments([a('t-tt', 'food')], [trackingTransfer], INDEX, OFF)).toThrow(
      'is on an off-budget account',
    );
  });
});

describe('planAssignments plans', () => {
  it('changes what moves, counts what is already so, and takes a split whose lines are all deleted', () => {
    const result = plan([a('t1', 'food'), a('t2', 'food'), a('t-split-gone', 'inflow')]);
    expect(result.unchanged).toBe(1);
    expect(result.changes).toEqual([
      {
        transaction_id: 't1',
        date: '2026-09-10',
        amount: -12.34,
        payee: 'Bakery',
        from_category_id: null,
        from_category: null,
        to_category_id: 'food',
        to_category: 'Groceries',
      },
      expect.objectContaining({ transaction_id: 't-split-gone', to_category: 'Inflow: Ready to Assign' }),
    ]);
  });

  it('plans nothing for no assignment', () => {
    expect(plan([])).toEqual({ changes: [], unchanged: 0 });
  });
});

describe('changeOf', () => {
  const names = INDEX.names;
  it('names both categories from the plan, sanitised, and falls back to the row or the id', () => {
    const moved = changeOf(
      tx('t3', { category_id: 'fun', category_name: 'stale', payee_name: ' A\nB ' }),
      'food',
      names,
    );
    expect(moved).toMatchObject({ payee: 'A B', from_category: 'Fun money', to_category: 'Groceries' });
    const unknown = changeOf(tx('t4', { category_id: 'gone', category_name: 'Gone\u200b one' }), 'x', names);
    expect(unknown).toMatchObject({ from_category_id: 'gone', from_category: 'Gone one', to_category: 'x' });
    const bare = changeOf(tx('t5', { category_id: 'gone2' }), null, names);
    expect(bare).toMatchObject({ from_category: 'gone2', to_category_id: null, to_category: null });
  });
});

describe('changeQuestion', () => {
  const change = (i: number, extra: Partial<Change> = {}): Change => ({
    transaction_id: `t${i}`,
    date: '2026-09-10',
    amount: -i,
    payee: `P${i}`,
    from_category_id: null,
    from_category: null,
    to_category_id: 'food',
    to_category: 'Groceries',
    ...extra,
  });
  it('lists each change with its amount and both categories, "no category" for none', () => {
    expect(
      changeQuestion(
        'Categorize',
        [change(1), change(2, { from_category: 'Fun', to_category: null })],
        twoDecimals,
      ),
    ).toBe(
      'Categorize 2 transaction(s)?\n' +
        '- 2026-09-10 P1 -1.00: no category → Groceries\n' +
        '- 2026-09-10 P2 -2.00: Fun → no category',
    );
  });

  it('shows the first 20 and counts the rest; exactly 20 has no tail', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => change(i + 1));
    expect(changeQuestion('Undo', twenty, twoDecimals).split('\n')).toHaveLength(21);
    const lines = changeQuestion('Undo', [...twenty, change(21), change(22)], twoDecimals).split('\n');
    expect(lines).toHaveLength(22);
    expect(lines[0]).toBe('Undo 22 transaction(s)?');
    expect(lines[20]).toBe('- 2026-09-10 P20 -20.00: no category → Groceries');
    expect(lines[21]).toBe('- … and 2 more');
  });
});

describe('suggest', () => {
  it('reads a 0.00 transaction with the money in, as the history counts it', () => {
    const history = buildHistory([
      tx('r1', { amount: 0, payee_name: 'REFUND DESK', category_id: 'inflow' }),
      tx('r2', { amount: -5_000, payee_name: 'REFUND DESK', category_id: 'food' }),
    ]);
    const assignable = new Map([
      ['inflow', { name: 'Inflow: Ready to Assign' }],
      ['food', { name: 'Groceries' }],
    ]);
    expect(suggest(history, { amount: 0, payee_name: 'Refund desk' }, assignable, 0.5)).toEqual({
      category_id: 'inflow',
      category_name: 'Inflow: Ready to Assign',
      confidence: 1,
    });
  });
});
