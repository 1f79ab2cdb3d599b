import { describe, expect, it } from 'vitest';
import { buildHistory, reviewPending, suggest } from '../../src/domain/categorize/classify.js';
import type {
  YnabAccount,
  YnabCategory,
  YnabCategoryGroup,
  YnabTransaction,
} from '../../src/domain/model.js';

let n = 0;
const tx = (
  payee: string | null,
  amount: number,
  category: string | null,
  extra: Partial<YnabTransaction> = {},
) =>
  ({
    id: `t${n++}`,
    date: '2026-08-01',
    amount,
    cleared: 'cleared',
    approved: true,
    account_id: 'checking',
    payee_name: payee,
    category_id: category,
    transfer_account_id: null,
    deleted: false,
    ...extra,
  }) satisfies YnabTransaction;

const names = (...pairs: [string, string][]): Map<string, Pick<YnabCategory, 'name'>> =>
  new Map(pairs.map(([id, name]) => [id, { name }]));

const ASSIGNABLE = names(['groceries', 'Groceries'], ['restaurants', 'Restaurants'], ['inflow', 'Ready']);

const asObject = (h: Map<string, Map<string, number>>) =>
  Object.fromEntries([...h].map(([k, v]) => [k, Object.fromEntries(v)]));

describe('history', () => {
  it('counts categories per merchant key, money out and money in apart', () => {
    const history = buildHistory([
      tx('CB MARKET FRESH FACT 050626 525130******1', -5000, 'groceries'),
      tx('CB MARKET FRESH FACT 140626 525130******1', -6000, 'groceries'),
      tx('Market  Fresh', -7000, 'restaurants'),
      tx('MARKET FRESH', 2000, 'inflow'),
      tx('MARKET FRESH', 0, 'groceries'),
    ]);
    expect(asObject(history.out)).toEqual({ 'MARKET FRESH': { groceries: 2, restaurants: 1 } });
    expect(asObject(history.in)).toEqual({ 'MARKET FRESH': { inflow: 1, groceries: 1 } });
  });

  it.each<[string, YnabTransaction]>([
    ['deleted', tx('SHOP', -1000, 'groceries', { deleted: true })],
    ['a transfer', tx('Transfer : Savings', -1000, 'groceries', { transfer_account_id: 'savings' })],
    ['without category', tx('SHOP', -1000, null)],
    ['with an empty merchant key', tx('CB 12345678', -1000, 'groceries')],
    ['without payee', tx(null, -1000, 'groceries')],
  ])('skips a transaction %s', (_why, row) => {
    const history = buildHistory([row]);
    expect(history.out.size + history.in.size).toBe(0);
  });
});

describe('suggestion (always a category apply_categories accepts)', () => {
  const history = buildHistory([
    tx('MARKET FRESH', -1000, 'groceries'),
    tx('MARKET FRESH', -1000, 'groceries'),
    tx('MARKET FRESH', -1000, 'groceries'),
    tx('MARKET FRESH', -1000, 'restaurants'),
    tx('TIE', -1000, 'restaurants'),
    tx('TIE', -1000, 'groceries'),
    tx('HIDDEN ONLY', -1000, 'hidden'),
    tx('MOSTLY HIDDEN', -1000, 'hidden'),
    tx('MOSTLY HIDDEN', -1000, 'hidden'),
    tx('MOSTLY HIDDEN', -1000, 'groceries'),
    tx('SALARY', 300_000, 'inflow'),
  ]);

  it.each<[string, string, number, number, ReturnType<typeof suggest>]>([
    [
      '3 of 4 at threshold 0.75',
      'CB MARKET FRESH FACT 190926 525130******1',
      -2000,
      0.75,
      {
        category_id: 'groceries',
        category_name: 'Groceries',
        confidence: 0.75,
      },
    ],
    ['3 of 4 below threshold 0.9', 'MARKET FRESH', -2000, 0.9, null],
    ['money in does not learn from money out', 'MARKET FRESH', 2000, 0, null],
    ['an unknown merchant', 'BOULANGERIE', -2000, 0, null],
    [
      'a tie goes to the first seen',
      'TIE',
      -2000,
      0.5,
      {
        category_id: 'restaurants',
        category_name: 'Restaurants',
        confidence: 0.5,
      },
    ],
    ['only an unassignable category', 'HIDDEN ONLY', -2000, 0, null],
    [
      'unassignable uses are left out of the total',
      'MOSTLY HIDDEN',
      -2000,
      0.9,
      {
        category_id: 'groceries',
        category_name: 'Groceries',
        confidence: 1,
      },
    ],
    [
      'income suggests Ready to Assign',
      'SALARY',
      300_000,
      0.9,
      {
        category_id: 'inflow',
        category_name: 'Ready',
        confidence: 1,
      },
    ],
  ])('%s', (_why, payee, amount, threshold, want) => {
    expect(suggest(history, { payee_name: payee, amount }, ASSIGNABLE, threshold)).toEqual(want);
  });

  it('compares the exact share with the threshold and rounds the confidence to 2 decimals', () => {
    const h = buildHistory([tx('A', -1, 'groceries'), tx('A', -1, 'groceries'), tx('A', -1, 'restaurants')]);
    expect(suggest(h, { payee_name: 'A', amount: -1 }, ASSIGNABLE, 0.67)).toBeNull();
    expect(suggest(h, { payee_name: 'A', amount: -1 }, ASSIGNABLE, 0.66)?.confidence).toBe(0.67);
    const eighth = buildHistory([
      ...Array.from({ length: 1 }, () => tx('B', -1, 'groceries')),
      ...Array.from({ length: 7 }, () => tx('B', -1, 'restaurants')),
    ]);
    // 7/8 = 0.875 exactly: the tie goes to the even neighbour
    expect(suggest(eighth, { payee_name: 'B', amount: -1 }, ASSIGNABLE, 0)?.confidence).toBe(0.88);
  });

  it('cleans the category name', () => {
    const h = buildHistory([tx('A', -1, 'x')]);
    expect(
      suggest(h, { payee_name: 'A', amount: -1 }, names(['x', 'Rent\n- forged']), 0)?.category_name,
    ).toBe('Rent - forged');
  });
});

describe('reviewPending', () => {
  const groups: YnabCategoryGroup[] = [
    {
      id: 'g',
      name: 'Everyday',
      hidden: false,
      deleted: false,
      categories: [
        {
          id: 'groceries',
          name: 'Groceries',
          category_group_id: 'g',
          category_group_name: 'Everyday',
          hidden: false,
          deleted: false,
        },
      ],
    },
  ];
  const accounts = [
    { id: 'checking', name: 'Check\u202eing', on_budget: true },
    { id: 'savings', name: 'Savings', on_budget: true },
    { id: 'tracking', name: 'Tracking', on_budget: false },
  ].map(
    (a) =>
      ({
        ...a,
        type: 'checking',
        closed: false,
        balance: 0,
        cleared_balance: 0,
        uncleared_balance: 0,
        deleted: false,
      }) satisfies YnabAccount,
  );

  it('builds every item with suggestion, transfer pair, cleaned text, in currency units', () => {
    const review = reviewPending(
      [
        tx('SHOP', -12_340, 'groceries', { date: '2026-08-01' }),
        tx('SHOP', -5_000, null, { id: 'p1', date: '2026-09-02', memo: 'line one\nline\u202e two' }),
        tx('Transfer out', -200_000, null, { id: 'p2', date: '2026-09-03', memo: '' }),
        tx('Transfer in', 200_000, null, {
          id: 'p3',
          date: '2026-09-01',
          account_id: 'savings',
          memo: '\u200b',
        }),
        tx('Lost', -1000, null, {
          id: 'p4',
          date: '2026-09-01',
          account_id: 'gone',
          account_name: 'Gone\nbank',
        }),
        tx('Tracked', -1000, null, { date: '2026-09-09', account_id: 'tracking' }),
      ],
      groups,
      accounts,
      0.9,
    );
    expect(review.items).toEqual([
      {
        transaction_id: 'p2',
        date: '2026-09-03',
        amount: -200,
        payee: 'Transfer out',
        payee_id: null,
        merchant: 'TRANSFER OUT',
        memo: null,
        account: 'Checking',
        suggestion: null,
        possible_transfer_with: 'p3',
        possible_duplicate_of: null,
      },
      {
        transaction_id: 'p1',
        date: '2026-09-02',
        amount: -5,
        payee: 'SHOP',
        payee_id: null,
        merchant: 'SHOP',
        memo: 'line one line two',
        account: 'Checking',
        suggestion: { category_id: 'groceries', category_name: 'Groceries', confidence: 1 },
        possible_transfer_with: null,
        possible_duplicate_of: null,
      },
      {
        transaction_id: 'p3',
        date: '2026-09-01',
        amount: 200,
        payee: 'Transfer in',
        payee_id: null,
        merchant: 'TRANSFER IN',
        memo: null,
        account: 'Savings',
        suggestion: null,
        possible_transfer_with: 'p2',
        possible_duplicate_of: null,
      },
      {
        transaction_id: 'p4',
        date: '2026-09-01',
        amount: -1,
        payee: 'Lost',
        payee_id: null,
        merchant: 'LOST',
        memo: null,
        account: 'Gone bank',
        suggestion: null,
        possible_transfer_with: null,
        possible_duplicate_of: null,
      },
    ]);
    expect(review.suggested_count).toBe(1);
    expect(review.categories.map((c) => c.id)).toEqual(['groceries']);
  });

  it('has nothing pending in an empty plan', () => {
    expect(reviewPending([], [], [], 0.9)).toEqual({ items: [], suggested_count: 0, categories: [] });
  });
});
