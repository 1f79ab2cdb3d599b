import { describe, expect, it } from 'vitest';
import { isUsableCategory, monthCategories } from '../../src/domain/months/month-categories.js';
import type { MonthDetail } from '../../src/domain/months/month-categories.js';
import {
  budgetVsActual,
  categoryBalances,
  summarizeMonth,
  utilizationPct,
} from '../../src/domain/months/month-summary.js';
import type { YnabCategory } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const cat = (id: string, over: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name: id.toUpperCase(),
  category_group_id: 'g1',
  category_group_name: 'Everyday',
  hidden: false,
  deleted: false,
  budgeted: 0,
  activity: 0,
  balance: 0,
  ...over,
});

const month = (categories: YnabCategory[], over: Partial<MonthDetail> = {}): MonthDetail => ({
  month: '2026-09-01',
  income: 3_200_000,
  budgeted: 1_967_670,
  activity: -1_206_680,
  to_be_budgeted: 1_729_320,
  age_of_money: 47,
  deleted: false,
  categories,
  ...over,
});

describe('usable categories', () => {
  it.each([
    ['a plain category', cat('a'), true],
    ['a hidden one', cat('a', { hidden: true }), false],
    ['a deleted one', cat('a', { deleted: true }), false],
    ['the internal group', cat('a', { category_group_name: 'Internal Master Category' }), false],
    ['a card payment', cat('a', { category_group_name: 'Credit Card Payments' }), true],
    ['no group name', cat('a', { category_group_name: undefined as never }), true],
  ])('%s → %s', (_, c, usable) => {
    expect(isUsableCategory(c)).toBe(usable);
  });

  it('flattens categories nested in groups, keeping a flat list as it is', () => {
    const nested = {
      categories: [
        {
          id: 'g1',
          name: 'Bills',
          hidden: false,
          deleted: false,
          categories: [cat('rent', { category_group_name: undefined as never })],
        },
        cat('loose'),
      ] as unknown as YnabCategory[],
    };
    expect(monthCategories(nested).map((c) => [c.id, c.category_group_name])).toEqual([
      ['rent', 'Bills'],
      ['loose', 'Everyday'],
    ]);
    expect(monthCategories({})).toEqual([]);
  });
});

describe('summarizeMonth', () => {
  it('gives the totals in units and the overspent usable categories in order', () => {
    const out = summarizeMonth(
      month([
        cat('inflow', { category_group_name: 'Internal Master Category', balance: -5_000 }),
        cat('restaurants', { name: 'Restaurants', budgeted: 120_000, activity: -142_500, balance: -22_500 }),
        cat('hidden', { hidden: true, balance: -1_000 }),
        cat('groceries', { budgeted: 400_000, balance: 400_000 }),
        cat('fuel', { name: 'Fuel\n- forged\u202e line', balance: -10 }),
      ]),
    );
    expect(out).toEqual({
      month: '2026-09-01',
      income: 3200,
      budgeted: 1967.67,
      activity: -1206.68,
      ready_to_assign: 1729.32,
      age_of_money: 47,
      overspent: [
        { category_id: 'restaurants', name: 'Restaurants', group: 'Everyday', balance: -22.5 },
        { category_id: 'fuel', name: 'Fuel - forged line', group: 'Everyday', balance: -0.01 },
      ],
    });
  });

  it.each([
    [
      'an empty plan',
      {
        income: undefined,
        budgeted: undefined,
        activity: undefined,
        to_be_budgeted: undefined,
        age_of_money: undefined,
        categories: undefined,
      },
    ],
    [
      'null age of money',
      { age_of_money: null, income: 0, budgeted: 0, activity: 0, to_be_budgeted: 0, categories: [] },
    ],
  ] as [string, Partial<MonthDetail>][])('counts missing figures as 0 (%s)', (_, over) => {
    const out = summarizeMonth({ month: '2026-06-01', ...over });
    expect(out).toEqual({
      month: '2026-06-01',
      income: 0,
      budgeted: 0,
      activity: 0,
      ready_to_assign: 0,
      age_of_money: null,
      overspent: [],
    });
  });

  it('keeps a negative Ready to Assign', () => {
    expect(summarizeMonth(month([], { to_be_budgeted: -12_340 })).ready_to_assign).toBe(-12.34);
  });
});

describe('categoryBalances', () => {
  const categories = [
    cat('empty'),
    cat('budgeted', { budgeted: 10_000, balance: 10_000 }),
    cat('spent', { activity: -5_000, balance: -5_000 }),
    cat('carried', { balance: 7_000 }),
    cat('inflow', { category_group_name: 'Internal Master Category' }),
    cat('gone', { deleted: true, budgeted: 1 }),
  ];

  it.each([
    [false, ['budgeted', 'spent', 'carried']],
    [true, ['empty', 'budgeted', 'spent', 'carried']],
  ])('include_empty=%s keeps %j', (includeEmpty, ids) => {
    expect(categoryBalances(month(categories), includeEmpty, twoDecimals).map((c) => c.category_id)).toEqual(
      ids,
    );
  });

  it('gives budgeted, activity and balance in units', () => {
    expect(
      categoryBalances(
        month([cat('s', { name: 'S', budgeted: 13_490, activity: -13_490, balance: 0 })]),
        false,
        twoDecimals,
      ),
    ).toEqual([
      {
        category_id: 's',
        name: 'S',
        group: 'Everyday',
        budgeted: 13.49,
        activity: -13.49,
        balance: 0,
        target: null,
      },
    ]);
  });
});

describe('utilization_pct (rounded half to even on the exact value)', () => {
  it.each([
    [-142_500, 120_000, 118.8], // 118.75 exactly: the tie goes to the even neighbour
    [-192_510, 400_000, 48.1],
    [-45_000, 90_000, 50],
    [-1_000, 8_000, 12.5],
    [-125, 10_000, 1.2], // 1.25 exactly → 1.2
    [-375, 10_000, 3.8], // 3.75 exactly → 3.8
    [20_000, 100_000, 20], // an inflow counts as spent
    [-5_000, 0, 0], // nothing budgeted
    [0, 0, 0],
    [-10_000, -20_000, -50], // a negative budget
    [-1, 3_000, 0],
  ])('activity %s on budget %s → %s', (activity, budgeted, pct) => {
    expect(utilizationPct(activity, budgeted)).toBe(pct);
  });
});

describe('budgetVsActual', () => {
  it('lists every usable category, empty ones included, spending positive', () => {
    const out = budgetVsActual(
      month([
        cat('r', { name: 'Restaurants', budgeted: 120_000, activity: -142_500, balance: -22_500 }),
        cat('e'),
        cat('i', { category_group_name: 'Internal Master Category' }),
        cat('h', { hidden: true }),
      ]),
    );
    expect(out).toEqual([
      {
        id: 'r',
        name: 'Restaurants',
        group: 'Everyday',
        budgeted: 120,
        actual: 142.5,
        balance: -22.5,
        utilization_pct: 118.8,
      },
      { id: 'e', name: 'E', group: 'Everyday', budgeted: 0, actual: 0, balance: 0, utilization_pct: 0 },
    ]);
  });

  it('gives an empty list for an empty plan', () => {
    expect(budgetVsActual(month([]))).toEqual([]);
  });
});
