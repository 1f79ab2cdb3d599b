import { describe, expect, it } from 'vitest';
import type {
  YnabAccount,
  YnabCategory,
  YnabCategoryGroup,
  YnabTransaction,
} from '../../src/domain/model.js';
import {
  assignableCategories,
  isPending,
  offBudgetIds,
  pendingTransactions,
  transferPairs,
  visibleCategories,
} from '../../src/domain/categorize/pending.js';
import { uncategorizedIds } from '../../src/domain/categories/internal.js';

const cat = (id: string, name: string, group: string, extra: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name,
  category_group_id: `grp-${group}`,
  category_group_name: group,
  hidden: false,
  deleted: false,
  ...extra,
});

const group = (name: string, categories: YnabCategory[], extra: Partial<YnabCategoryGroup> = {}) => ({
  id: `grp-${name}`,
  name,
  hidden: false,
  deleted: false,
  categories,
  ...extra,
});

const GROUPS: YnabCategoryGroup[] = [
  group('Internal Master Category', [
    cat('inflow', 'Inflow: Ready to Assign', 'Internal Master Category'),
    cat('uncat', 'Uncategorized', 'Internal Master Category'),
  ]),
  group('Credit Card Payments', [cat('visa', 'Visa', 'Credit Card Payments')]),
  group('Everyday', [
    cat('groceries', 'Groceries', 'Everyday'),
    cat('old', 'Old', 'Everyday', { hidden: true }),
    cat('gone', 'Gone', 'Everyday', { deleted: true }),
    cat('uncat-lookalike', 'Uncategorized', 'Everyday'),
  ]),
  group('Bills', [cat('rent', 'Rent', 'Bills')]),
];

let n = 0;
const tx = (extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id: `t${n++}`,
  date: '2026-09-10',
  amount: -10_000,
  cleared: 'cleared',
  approved: true,
  account_id: 'checking',
  payee_name: 'SHOP',
  category_id: null,
  transfer_account_id: null,
  deleted: false,
  ...extra,
});

const account = (id: string, on_budget: boolean): YnabAccount => ({
  id,
  name: id,
  type: 'checking',
  on_budget,
  closed: false,
  balance: 0,
  cleared_balance: 0,
  uncleared_balance: 0,
  deleted: false,
});

describe('category lists (only categories apply_categories accepts; Ready to Assign included)', () => {
  it('finds the internal Uncategorized by group and name only', () => {
    expect([...uncategorizedIds(GROUPS)]).toEqual(['uncat']);
    expect(uncategorizedIds([])).toEqual(new Set());
  });

  it('keeps the visible categories in group order', () => {
    expect(visibleCategories(GROUPS).map((c) => c.id)).toEqual([
      'inflow',
      'uncat',
      'visa',
      'groceries',
      'uncat-lookalike',
      'rent',
    ]);
  });

  it('offers Ready to Assign but not the internal Uncategorized, card payments, hidden or deleted ones', () => {
    expect(assignableCategories(GROUPS).map((c) => c.id)).toEqual([
      'inflow',
      'groceries',
      'uncat-lookalike',
      'rent',
    ]);
  });

  it('leaves out the categories of a deleted group', () => {
    const groups = [group('Gone', [cat('x', 'X', 'Gone')], { deleted: true }), ...GROUPS];
    expect(assignableCategories(groups).map((c) => c.id)).not.toContain('x');
  });

  it('has no category to offer in an empty plan', () => {
    expect(assignableCategories([])).toEqual([]);
  });
});

describe('pending transactions', () => {
  const offBudget = offBudgetIds([account('checking', true), account('tracking', false)]);
  const uncategorized = new Set(['uncat']);

  it('reads the off-budget accounts', () => {
    expect([...offBudget]).toEqual(['tracking']);
  });

  it.each<[string, Partial<YnabTransaction>, boolean]>([
    ['no category', {}, true],
    ['an empty category id', { category_id: '' }, true],
    ['the internal Uncategorized', { category_id: 'uncat' }, true],
    ['money in without category', { amount: 5000 }, true],
    ['a zero amount', { amount: 0 }, true],
    ['an empty list of lines', { subtransactions: [] }, true],
    ['a category', { category_id: 'groceries' }, false],
    ['deleted', { deleted: true }, false],
    ['a transfer', { transfer_account_id: 'savings' }, false],
    ['on a tracking account', { account_id: 'tracking' }, false],
    [
      'split, even with every line deleted',
      { subtransactions: [{ id: 's', amount: -10_000, deleted: true }] },
      false,
    ],
  ])('%s → pending %s', (_why, extra, want) => {
    expect(isPending(tx(extra), offBudget, uncategorized)).toBe(want);
  });

  it('sorts most recent first, ties in list order', () => {
    const rows = [
      tx({ id: 'a', date: '2026-09-01' }),
      tx({ id: 'b', date: '2026-09-19' }),
      tx({ id: 'c', date: '2026-09-05', category_id: 'rent' }),
      tx({ id: 'd', date: '2026-09-19' }),
      tx({ id: 'e', date: '2026-08-31' }),
      tx({ id: 'f', date: '2026-09-05' }),
    ];
    expect(pendingTransactions(rows, offBudget, uncategorized).map((t) => t.id)).toEqual([
      'b',
      'd',
      'f',
      'a',
      'e',
    ]);
    expect(pendingTransactions([], offBudget, uncategorized)).toEqual([]);
  });
});

describe('transfer pairs', () => {
  const pairsOf = (rows: YnabTransaction[]): Record<string, string> =>
    Object.fromEntries(transferPairs(rows));

  it('pairs opposite amounts on two accounts within 3 days, both ways', () => {
    const rows = [
      tx({ id: 'in', date: '2026-09-13', amount: 200_000, account_id: 'savings' }),
      tx({ id: 'out', date: '2026-09-10', amount: -200_000 }),
    ];
    expect(pairsOf(rows)).toEqual({ in: 'out', out: 'in' });
  });

  it.each<[string, Partial<YnabTransaction>]>([
    ['4 days apart', { date: '2026-09-14' }],
    ['4 days before', { date: '2026-09-06' }],
    ['on the same account', { account_id: 'checking' }],
    ['a different amount', { amount: 200_010 }],
    ['the same sign', { amount: -200_000 }],
  ])('does not pair %s', (_why, extra) => {
    const rows = [
      tx({ id: 'out', date: '2026-09-10', amount: -200_000 }),
      tx({ id: 'in', date: '2026-09-10', amount: 200_000, account_id: 'savings', ...extra }),
    ];
    expect(pairsOf(rows)).toEqual({});
  });

  it('pairs across a month end (3 days by the calendar)', () => {
    const rows = [
      tx({ id: 'out', date: '2026-09-01', amount: -5000 }),
      tx({ id: 'in', date: '2026-08-29', amount: 5000, account_id: 'savings' }),
    ];
    expect(pairsOf(rows)).toEqual({ in: 'out', out: 'in' });
  });

  it('never pairs zero amounts', () => {
    const rows = [tx({ id: 'a', amount: 0 }), tx({ id: 'b', amount: 0, account_id: 'savings' })];
    expect(pairsOf(rows)).toEqual({});
  });

  it('pairs each transaction once: outflows in list order take the first free inflow', () => {
    const rows = [
      tx({ id: 'out1', date: '2026-09-12', amount: -7000 }),
      tx({ id: 'in1', date: '2026-09-11', amount: 7000, account_id: 'savings' }),
      tx({ id: 'in2', date: '2026-09-10', amount: 7000, account_id: 'cash' }),
      tx({ id: 'out2', date: '2026-09-10', amount: -7000 }),
      tx({ id: 'out3', date: '2026-09-09', amount: -7000 }),
    ];
    expect(pairsOf(rows)).toEqual({ out1: 'in1', in1: 'out1', out2: 'in2', in2: 'out2' });
  });

  it('skips an inflow too far away for the first match within the window', () => {
    const rows = [
      tx({ id: 'far', date: '2026-09-20', amount: 3000, account_id: 'savings' }),
      tx({ id: 'out', date: '2026-09-10', amount: -3000 }),
      tx({ id: 'near', date: '2026-09-09', amount: 3000, account_id: 'savings' }),
    ];
    expect(pairsOf(rows)).toEqual({ out: 'near', near: 'out' });
  });
});
