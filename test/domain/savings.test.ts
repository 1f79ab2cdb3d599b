import { describe, expect, it } from 'vitest';
import type {
  YnabAccount,
  YnabCategory,
  YnabCategoryGroup,
  YnabSubTransaction,
  YnabTransaction,
} from '../../src/domain/model.js';
import { savingsRate } from '../../src/domain/analytics/savings.js';
import { twoDecimals } from '../helpers/money.js';

const account = (id: string, type: string, on_budget = true): YnabAccount => ({
  id,
  name: id,
  type,
  on_budget,
  closed: false,
  balance: 0,
  cleared_balance: 0,
  uncleared_balance: 0,
  deleted: false,
});
const category = (id: string, name: string, more: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name,
  category_group_id: 'g',
  hidden: false,
  deleted: false,
  ...more,
});
const group = (name: string, categories: YnabCategory[], deleted = false): YnabCategoryGroup => ({
  id: name,
  name,
  hidden: false,
  deleted,
  categories,
});
let n = 0;
const tx = (date: string, amount: number, more: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id: `t${n++}`,
  date,
  amount,
  cleared: 'cleared',
  approved: true,
  account_id: 'check',
  category_id: 'c-food',
  payee_name: 'SHOP',
  deleted: false,
  ...more,
});
const sub = (amount: number, more: Partial<YnabSubTransaction> = {}): YnabSubTransaction => ({
  id: `s${n++}`,
  amount,
  category_id: 'c-food',
  deleted: false,
  ...more,
});

const accounts = [
  account('check', 'checking'),
  account('save', 'savings'),
  account('broker', 'otherAsset', false),
  account('loan', 'autoLoan', false),
];
const groups = [
  group('Internal Master Category', [
    category('c-rta', 'Inflow: Ready to Assign'),
    category('c-unc', 'Uncategorized'),
    category('c-hidden-rta', 'Old inflow', { hidden: true }),
  ]),
  group('Everyday', [category('c-food', 'Groceries')]),
];
const run = (transactions: YnabTransaction[], monthsCount = 2, today = '2026-09-25') =>
  savingsRate({ accounts, groups, transactions, today, monthsCount }, twoDecimals);
const SALARY = (date: string, amount = 3_000_000, more: Partial<YnabTransaction> = {}) =>
  tx(date, amount, { category_id: 'c-rta', payee_name: 'EMPLOYER', ...more });

describe('savingsRate: per line', () => {
  it.each([
    [
      'income to Ready to Assign',
      [tx('2026-08-28', 1_000, { category_id: 'c-rta' })],
      { income: 1, spending: 0 },
      0,
      0,
    ],
    ['an outflow is spending', [tx('2026-08-02', -700)], { income: 0, spending: -0.7 }, 0, 0],
    [
      'a refund in a spending category reduces spending',
      [tx('2026-08-02', 300)],
      { income: 0, spending: 0.3 },
      0,
      0,
    ],
    ['a zero line is skipped', [tx('2026-08-02', 0)], { income: 0, spending: 0 }, 0, 0],
    [
      'a transfer between budget accounts is left out',
      [tx('2026-08-02', -500, { transfer_account_id: 'save', category_id: null })],
      { income: 0, spending: 0 },
      0,
      0,
    ],
    [
      'a transfer coming in from a tracking account is not income',
      [tx('2026-08-02', 900, { transfer_account_id: 'broker', category_id: null })],
      { income: 0, spending: 0 },
      0,
      0,
    ],
    [
      'a transfer out to a tracking asset is moved, not spent',
      [tx('2026-08-02', -400, { transfer_account_id: 'broker', category_id: null })],
      { income: 0, spending: 0 },
      0.4,
      0,
    ],
    [
      'a transfer out to a tracking loan is spending',
      [tx('2026-08-02', -400, { transfer_account_id: 'loan', category_id: null })],
      { income: 0, spending: -0.4 },
      0,
      0,
    ],
    [
      'an inflow without a category is neither',
      [tx('2026-08-02', 250, { category_id: null })],
      { income: 0, spending: 0 },
      0,
      1,
    ],
    [
      'an inflow to Uncategorized is neither',
      [tx('2026-08-02', 250, { category_id: 'c-unc' })],
      { income: 0, spending: 0 },
      0,
      1,
    ],
    [
      'an inflow to a hidden internal category is a refund',
      [tx('2026-08-02', 250, { category_id: 'c-hidden-rta' })],
      { income: 0, spending: 0.25 },
      0,
      0,
    ],
    [
      'a starting balance is not income',
      [tx('2026-08-01', 5_000, { category_id: 'c-rta', payee_name: 'Starting Balance' })],
      { income: 0, spending: 0 },
      0,
      0,
    ],
    [
      'a tracking account is not looked at',
      [tx('2026-08-02', -5_000, { account_id: 'broker' })],
      { income: 0, spending: 0 },
      0,
      0,
    ],
    [
      'a deleted transaction is not looked at',
      [tx('2026-08-02', -5_000, { deleted: true })],
      { income: 0, spending: 0 },
      0,
      0,
    ],
    [
      'split lines are taken one by one',
      [
        tx('2026-08-02', -1_000, {
          category_id: null,
          subtransactions: [
            sub(-600),
            sub(-300, { transfer_account_id: 'broker', category_id: null }),
            sub(-100, { transfer_account_id: 'save', category_id: null }),
            sub(-50, { deleted: true }),
          ],
        }),
      ],
      { income: 0, spending: -0.6 },
      0.3,
      0,
    ],
  ])('%s', (_name, transactions, totals, moved, uncategorised) => {
    const r = run([tx('2026-07-15', 0), ...transactions]);
    expect({ income: r.income, spending: r.spending }).toEqual(totals);
    expect(r.moved_to_tracking).toBe(moved);
    expect(r.notes.filter((x) => x.includes('inflows without a category'))).toHaveLength(uncategorised);
  });
});

describe('savingsRate: months, rates and message', () => {
  it('gives each month its rate, the best and the worst', () => {
    const r = run([
      SALARY('2026-07-28'),
      tx('2026-07-03', -1_000_000),
      SALARY('2026-08-28'),
      tx('2026-08-03', -2_000_000),
    ]);
    expect(r.months).toEqual([
      { month: '2026-07', income: 3000, spending: -1000, saved: 2000, rate: 66.7 },
      { month: '2026-08', income: 3000, spending: -2000, saved: 1000, rate: 33.3 },
    ]);
    expect(r).toMatchObject({ income: 6000, spending: -3000, saved: 3000, rate: 50, average_saved: 1500 });
    expect(r.best_month).toBe('2026-07');
    expect(r.worst_month).toBe('2026-08');
    expect(r.message).toBe(
      'Over the last 2 complete months, 6000.00 came in and 3000.00 went out: 3000.00 saved, 50.0 % of the income. Best month: 2026-07 (66.7 %), worst: 2026-08 (33.3 %).',
    );
    expect(r.notes).toHaveLength(5);
  });

  it('ties go to the earliest month, and one month with a rate has no best/worst sentence', () => {
    const even = run([SALARY('2026-07-28'), SALARY('2026-08-28')]);
    expect([even.best_month, even.worst_month]).toEqual(['2026-07', '2026-07']);
    expect(even.message).toBe(
      'Over the last 2 complete months, 6000.00 came in and 0.00 went out: 6000.00 saved, 100.0 % of the income.',
    );
    const one = run([tx('2026-07-02', -10), SALARY('2026-08-28', 1_000)]);
    expect(one.months.map((m) => m.rate)).toEqual([null, 100]);
    expect(one.message.endsWith('of the income.')).toBe(true);
    expect(one.notes.at(-1)).toBe('No rate for 2026-07: no income was categorised that month.');
  });

  it('finds the best and the worst month wherever they stand', () => {
    const r = run(
      [
        SALARY('2026-06-28', 1_000_000),
        tx('2026-06-03', -600_000),
        SALARY('2026-07-28', 1_000_000),
        tx('2026-07-03', -900_000),
        SALARY('2026-08-28', 1_000_000),
        tx('2026-08-03', -300_000),
      ],
      3,
    );
    expect(r.months.map((m) => m.rate)).toEqual([40, 10, 70]);
    expect([r.best_month, r.worst_month]).toEqual(['2026-08', '2026-07']);
    expect(r.message.endsWith('Best month: 2026-08 (70.0 %), worst: 2026-07 (10.0 %).')).toBe(true);
  });

  it('counts nothing of a zero line, and nothing in an account deleted in YNAB', () => {
    const gone = { ...account('gone', 'checking'), deleted: true };
    const r = savingsRate(
      {
        accounts: [...accounts, gone],
        groups,
        transactions: [
          SALARY('2026-08-28', 1_000_000),
          tx('2026-08-02', 0, { category_id: null }),
          SALARY('2026-08-27', 5_000_000, { account_id: 'gone' }),
        ],
        today: '2026-09-25',
        monthsCount: 1,
      },
      twoDecimals,
    );
    expect(r.income).toBe(1000);
    expect(r.notes).toHaveLength(5);
  });

  it('rounds rates half to even on the exact value', () => {
    // saved 1 of 8 → 12.5 % (exact) stays 12.5; 1 of 16 → 6.25 → 6.2
    const r = run([
      SALARY('2026-07-28', 8),
      tx('2026-07-03', -7),
      SALARY('2026-08-28', 16),
      tx('2026-08-03', -15),
    ]);
    expect(r.months.map((m) => m.rate)).toEqual([12.5, 6.2]);
    expect(r.average_saved).toBe(0.001);
  });

  it('gives a message without income, and no rate (no division by zero)', () => {
    const r = run([tx('2026-07-03', -1_000), tx('2026-08-03', -500)]);
    expect(r.rate).toBeNull();
    expect(r.best_month).toBeNull();
    expect(r.message).toBe(
      'No income was categorised to Ready to Assign over the last 2 complete months: no savings rate can be given; 1.50 was spent.',
    );
    expect(r.notes.at(-1)).toBe('No rate for 2026-07, 2026-08: no income was categorised that month.');
  });

  it.each([
    ['an empty plan', []],
    ['a plan whose only transactions are this month', [tx('2026-09-02', -5)]],
  ])('gives a message on %s', (_name, transactions) => {
    const r = run(transactions);
    expect(r).toEqual({
      message: 'No complete month holds budget transactions yet: no savings rate to give.',
      months: [],
      income: 0,
      spending: 0,
      saved: 0,
      rate: null,
      average_saved: 0,
      best_month: null,
      worst_month: null,
      moved_to_tracking: 0,
      notes: r.notes.slice(0, 5),
    });
    expect(r.notes).toHaveLength(5);
  });

  it('notes uncategorised inflows and fewer months than asked', () => {
    const r = run(
      [
        SALARY('2026-08-28'),
        tx('2026-08-02', 1_250, { category_id: null }),
        tx('2026-08-03', 5, { category_id: 'c-unc' }),
      ],
      6,
    );
    expect(r.months.map((m) => m.month)).toEqual(['2026-08']);
    expect(r.notes.slice(5)).toEqual([
      // 1.255 as a double lies below the half: 1.25
      '2 inflows without a category (1.25) are counted neither as income nor as refunds: categorise them in YNAB for a true figure.',
      'Only the last 1 of the 6 months hold budget transactions: the figures are over those.',
    ]);
  });

  it('measures complete months across a year boundary', () => {
    const r = run([SALARY('2025-12-28'), SALARY('2026-01-28')], 2, '2026-02-03');
    expect(r.months.map((m) => m.month)).toEqual(['2025-12', '2026-01']);
  });

  it('ignores a deleted internal group', () => {
    const r = savingsRate(
      {
        accounts,
        groups: [group('Internal Master Category', [category('c-rta', 'Inflow: Ready to Assign')], true)],
        transactions: [SALARY('2026-08-28')],
        today: '2026-09-25',
        monthsCount: 1,
      },
      twoDecimals,
    );
    expect(r.income).toBe(0);
    expect(r.spending).toBe(3000);
  });
});
