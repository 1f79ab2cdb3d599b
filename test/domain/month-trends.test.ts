import { describe, expect, it } from 'vitest';
import type { MonthDetail } from '../../src/domain/months/month-categories.js';
import { spendingTrends, trendMonths } from '../../src/domain/months/month-trends.js';
import type { YnabCategory } from '../../src/domain/model.js';

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

describe('trendMonths (sorts the months itself: YNAB lists them newest first)', () => {
  const newestFirst = [
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
  ])('the last %s months, oldest first, whatever order YNAB sends', (count, want) => {
    expect(trendMonths(newestFirst, count)).toEqual(want);
    expect(trendMonths([...newestFirst].reverse(), count)).toEqual(want);
  });

  it('keeps future months and crosses year boundaries', () => {
    expect(
      trendMonths([{ month: '2027-01-01' }, { month: '2026-12-01' }, { month: '2026-11-01' }], 2),
    ).toEqual(['2026-12-01', '2027-01-01']);
  });

  it.each([
    [[], 3],
    [[{ month: '2026-09-01' }], 0],
  ])('gives nothing for an empty plan or count (%j, %s)', (list, count) => {
    expect(trendMonths(list, count)).toEqual([]);
  });
});

describe('spendingTrends', () => {
  const detail = (month: string, categories: YnabCategory[]): MonthDetail => ({ month, categories });

  it('maps each usable category name to its spending per month, positive, in insertion order', () => {
    const out = spendingTrends([
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
    ]);
    expect(out).toEqual({
      Groceries: [
        { month: '2026-08-01', amount: 192.51 },
        { month: '2026-09-01', amount: 0 },
      ],
      Restaurants: [
        { month: '2026-08-01', amount: 89.1 },
        { month: '2026-09-01', amount: 142.5 },
      ],
      Refunds: [{ month: '2026-09-01', amount: 12 }],
    });
    expect(Object.keys(out)).toEqual(['Groceries', 'Restaurants', 'Refunds']);
  });

  it('shares a key between equal names, once cleaned, and leaves out hidden, deleted and nameless ones', () => {
    const out = spendingTrends([
      detail('2026-09-01', [
        cat('a', 'Fuel', -1_000),
        cat('b', 'Fuel\n', -2_000, { category_group_name: 'Car' }),
        cat('c', ' \u200b ', -3_000),
        cat('d', 'Hidden', -4_000, { hidden: true }),
        cat('e', 'Deleted', -5_000, { deleted: true }),
      ]),
    ]);
    expect(out).toEqual({
      Fuel: [
        { month: '2026-09-01', amount: 1 },
        { month: '2026-09-01', amount: 2 },
      ],
    });
  });

  it('gives an empty map for no month', () => {
    expect(spendingTrends([])).toEqual({});
  });
});
