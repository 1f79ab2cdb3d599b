import { describe, expect, it } from 'vitest';
import type { MonthDetail } from '../../src/domain/months/month-categories.js';
import { spendingTrends, trendMonths } from '../../src/domain/months/month-trends.js';
import type { YnabCategory } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const cat = (id: string, name: string, activity: number, over: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name,
  category_group_id: 'g',
  category_group_name: 'Everyday',
  hidden: false,
  deleted: false,
  budgeted: 0,
  activity,
  balance: activity,
  ...over,
});

const TODAY = '2026-09-25';

describe('trendMonths (sorts the months itself: YNAB lists them newest first)', () => {
  const newestFirst = [
    { month: '2026-10-01' },
    { month: '2026-09-01' },
    { month: '2026-08-01' },
    { month: '2026-07-01' },
    { month: '2026-06-01' },
  ];

  it.each([
    [1, ['2026-09-01']],
    [3, ['2026-07-01', '2026-08-01', '2026-09-01']],
    [4, ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01']],
    [24, ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01']],
  ])('the last %s months up to today, oldest first, whatever order YNAB sends', (count, want) => {
    expect(trendMonths(newestFirst, count, TODAY)).toEqual(want);
    expect(trendMonths([...newestFirst].reverse(), count, TODAY)).toEqual(want);
  });

  it('leaves out months budgeted ahead and crosses year boundaries', () => {
    expect(
      trendMonths(
        [{ month: '2027-01-01' }, { month: '2026-12-01' }, { month: '2026-11-01' }],
        2,
        '2026-12-03',
      ),
    ).toEqual(['2026-11-01', '2026-12-01']);
  });

  it.each([
    [[], 3],
    [[{ month: '2026-09-01' }], 0],
  ])('gives nothing for an empty plan or count (%j, %s)', (list, count) => {
    expect(trendMonths(list, count, TODAY)).toEqual([]);
  });
});

describe('spendingTrends', () => {
  const detail = (month: string, categories: YnabCategory[]): MonthDetail => ({ month, categories });
  const twoMonths = [
    detail('2026-08-01', [
      cat('g', 'Groceries', -192_510),
      cat('inflow', 'Inflow: Ready to Assign', 3_200_000, {
        category_group_name: 'Internal Master Category',
      }),
      cat('r', 'Restaurants', -89_100),
    ]),
    detail('2026-09-01', [
      cat('g', 'Groceries', 0),
      cat('r', 'Restaurants', -142_500),
      cat('refund', 'Refunds', 12_000),
    ]),
  ];

  it('gives each usable category its spending per month, positive, most spent first', () => {
    const out = spendingTrends(twoMonths, TODAY, 20, twoDecimals);
    expect(out.months).toEqual([
      { month: '2026-08-01', partial: false, spent: 281.61 },
      { month: '2026-09-01', partial: true, spent: 154.5 },
    ]);
    expect(out.categories).toEqual([
      { name: 'Restaurants', amounts: [89.1, 142.5], total: 231.6, average: 89.1 },
      { name: 'Groceries', amounts: [192.51, 0], total: 192.51, average: 192.51 },
      { name: 'Refunds', amounts: [null, 12], total: 12, average: null },
    ]);
    expect(out.categories_count).toBe(3);
    expect(out.left_out_spent).toBe(0);
    expect(out.message).toBe(
      'Spending per category, 2026-08 to 2026-09 (2026-09 under way, to 2026-09-25; averages leave it out).',
    );
  });

  it('lists the limit categories, and says what the others spent and how to list them', () => {
    const out = spendingTrends(twoMonths, '2026-10-02', 1, twoDecimals);
    expect(out.categories.map((c) => c.name)).toEqual(['Restaurants']);
    expect(out.categories[0]?.average).toBe(115.8);
    expect(out.months.map((m) => m.partial)).toEqual([false, false]);
    expect(out.categories_count).toBe(3);
    expect(out.left_out_spent).toBe(204.51);
    expect(out.message).toBe(
      "Spending per category, 2026-08 to 2026-09. The 1 category that spent most of 3 is listed; the other 2 spent 204.51 in all (counted in each month's spent): call again with limit 3 to list them.",
    );
  });

  it('says "categories … are" when more than one is listed', () => {
    const out = spendingTrends(twoMonths, '2026-10-02', 2, twoDecimals);
    expect(out.categories).toHaveLength(2);
    expect(out.message).toMatch(/\. The 2 categories that spent most of 3 are listed; the other 1 spent /);
  });

  it('keeps two categories of one name as two rows, and leaves out hidden, deleted and nameless ones', () => {
    const out = spendingTrends(
      [
        detail('2026-09-01', [
          cat('a', 'Fuel', -1_000),
          cat('b', 'Fuel\n', -2_000, { category_group_name: 'Car' }),
          cat('c', ' \u200b ', -3_000),
          cat('d', 'Hidden', -4_000, { hidden: true }),
          cat('e', 'Deleted', -5_000, { deleted: true }),
        ]),
      ],
      TODAY,
      20,
      twoDecimals,
    );
    expect(out.categories).toEqual([
      { name: 'Fuel', amounts: [2], total: 2, average: null },
      { name: 'Fuel', amounts: [1], total: 1, average: null },
    ]);
    expect(out.message).toBe(
      'Spending per category, 2026-09 (2026-09 under way, to 2026-09-25; averages leave it out).',
    );
  });

  it('gives no row and says so for no month', () => {
    expect(spendingTrends([], TODAY, 20, twoDecimals)).toEqual({
      message: 'YNAB holds no month up to 2026-09: no spending to give.',
      months: [],
      categories: [],
      categories_count: 0,
      left_out_spent: 0,
    });
  });
});
