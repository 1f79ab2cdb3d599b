import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import type { YnabCategory, YnabCategoryGroup } from '../../src/domain/model.js';
import {
  cannotRestore,
  planTarget,
  recreateFields,
  type TargetAsk,
} from '../../src/domain/categories/target-writes.js';
import { twoDecimals } from '../helpers/money.js';

const NONE = {
  goal_type: null,
  goal_target: null,
  goal_target_date: null,
  goal_cadence: null,
  goal_cadence_frequency: null,
  goal_needs_whole_amount: null,
};
const cat = (id: string, group: string, goal: Partial<YnabCategory>, over: Partial<YnabCategory> = {}) =>
  ({
    id,
    name: id,
    category_group_id: group,
    hidden: false,
    deleted: false,
    ...NONE,
    ...goal,
    ...over,
  }) as YnabCategory;

const MONTHLY = {
  goal_type: 'NEED',
  goal_target: 450_000,
  goal_cadence: 1,
  goal_cadence_frequency: 1,
  goal_needs_whole_amount: true,
};
const DATED = {
  goal_type: 'NEED',
  goal_target: 250_000,
  goal_target_date: '2026-10-01',
  goal_cadence: 0,
  goal_cadence_frequency: 1,
};

const GROUPS: YnabCategoryGroup[] = [
  {
    id: 'g-cc',
    name: 'Credit Card Payments',
    hidden: false,
    deleted: false,
    categories: [cat('visa', 'g-cc', {}), cat('amex', 'g-cc', { goal_type: 'MF', goal_target: 100_000 })],
  },
  {
    id: 'g',
    name: 'Everyday',
    hidden: false,
    deleted: false,
    categories: [
      cat('monthly', 'g', MONTHLY),
      cat('weekly', 'g', { ...MONTHLY, goal_cadence: 2, goal_needs_whole_amount: false }),
      cat('yearly', 'g', { ...MONTHLY, goal_cadence: 13, goal_cadence_frequency: null }),
      cat('bimonthly', 'g', { ...MONTHLY, goal_cadence_frequency: 2 }),
      cat('quarterly', 'g', { ...MONTHLY, goal_cadence: 4 }),
      cat('yearly-dated', 'g', {
        ...MONTHLY,
        goal_cadence: 13,
        goal_target: 1_200_000,
        goal_target_date: '2026-12-15',
        goal_day: 15,
      }),
      cat('monthly-15', 'g', { ...MONTHLY, goal_day: 15 }),
      cat('dated', 'g', DATED),
      cat('none', 'g', {}),
      cat('mf', 'g', { goal_type: 'MF', goal_target: 50_000 }),
      cat('tb', 'g', { goal_type: 'TB', goal_target: 1_000_000 }),
      cat('tbd', 'g', { goal_type: 'TBD', goal_target: 1_000_000, goal_target_date: '2027-06-01' }),
      cat('loan', 'g', { goal_type: 'DEBT', goal_target: 300_000 }),
      cat('hidden', 'g', MONTHLY, { hidden: true }),
    ],
  },
];
const INDEX = indexCategories(GROUPS);
const ask = (category_id: string, over: Partial<TargetAsk> = {}): TargetAsk => ({
  category_id,
  amount: null,
  by_date: null,
  frequency: null,
  ...over,
});

describe('planTarget: the fields sent, before and after, the undo', () => {
  it.each([
    // [category, ask, fields, before, after, undo]
    [
      'monthly',
      { amount: 500 },
      { goal_target: 500_000 },
      '450.00 each month',
      '500.00 each month',
      { goal_target: 450_000 },
    ],
    [
      'monthly',
      { amount: 450 },
      { goal_target: 450_000 },
      '450.00 each month',
      '450.00 each month',
      { goal_target: 450_000 },
    ],
    [
      'monthly',
      { amount: 300, frequency: 'weekly' },
      { goal_target: 300_000, goal_frequency: 'weekly' },
      '450.00 each month',
      '300.00 each week',
      { goal_target: 450_000, goal_frequency: 'monthly', goal_needs_whole_amount: true },
    ],
    [
      'monthly',
      { amount: 1200, by_date: '2027-06-30' },
      { goal_target: 1_200_000, goal_target_date: '2027-06-30' },
      '450.00 each month',
      '1200.00 by 2027-06-30',
      { goal_target: 450_000, goal_frequency: 'monthly', goal_needs_whole_amount: true },
    ],
    [
      'monthly',
      {},
      { goal_target: null },
      '450.00 each month',
      'no target',
      { goal_target: 450_000, goal_frequency: 'monthly', goal_needs_whole_amount: true },
    ],
    [
      'weekly',
      { amount: 20, frequency: 'yearly' },
      { goal_target: 20_000, goal_frequency: 'yearly' },
      '450.00 each week',
      '20.00 each year',
      { goal_target: 450_000, goal_frequency: 'weekly', goal_needs_whole_amount: false },
    ],
    [
      'yearly',
      {},
      { goal_target: null },
      '450.00 each year',
      'no target',
      { goal_target: 450_000, goal_frequency: 'yearly', goal_needs_whole_amount: true },
    ],
    [
      'dated',
      { amount: 250, frequency: 'monthly' },
      { goal_target: 250_000, goal_frequency: 'monthly' },
      '250.00 by 2026-10-01',
      '250.00 each month',
      { goal_target: 250_000, goal_target_date: '2026-10-01', goal_needs_whole_amount: null },
    ],
    [
      'dated',
      { amount: 300 },
      { goal_target: 300_000 },
      '250.00 by 2026-10-01',
      '300.00 by 2026-10-01',
      { goal_target: 250_000 },
    ],
    [
      'dated',
      { amount: 250, by_date: '2026-10-01' },
      { goal_target: 250_000, goal_target_date: '2026-10-01' },
      '250.00 by 2026-10-01',
      '250.00 by 2026-10-01',
      { goal_target: 250_000, goal_target_date: '2026-10-01', goal_needs_whole_amount: null },
    ],
    [
      'none',
      { amount: 100 },
      { goal_target: 100_000 },
      'no target',
      '100.00 each month',
      { goal_target: null },
    ],
    [
      'none',
      { amount: 100.0005 },
      { goal_target: 100_000 },
      'no target',
      '100.00 each month',
      { goal_target: null },
    ],
    [
      'none',
      { amount: 1200, by_date: '2027-06-01' },
      { goal_target: 1_200_000, goal_target_date: '2027-06-01' },
      'no target',
      '1200.00 by 2027-06-01',
      { goal_target: null },
    ],
    ['none', {}, { goal_target: null }, 'no target', 'no target', { goal_target: null }],
    [
      'visa',
      { amount: 80 },
      { goal_target: 80_000 },
      'no target',
      '80.00 (monthly funding)',
      { goal_target: null },
    ],
    [
      'visa',
      { amount: 800, by_date: '2026-12-01' },
      { goal_target: 800_000, goal_target_date: '2026-12-01' },
      'no target',
      '800.00 by 2026-12-01',
      { goal_target: null },
    ],
    [
      'amex',
      { amount: 120 },
      { goal_target: 120_000 },
      '100.00 (monthly funding)',
      '120.00 (monthly funding)',
      { goal_target: 100_000 },
    ],
    ['amex', {}, { goal_target: null }, '100.00 (monthly funding)', 'no target', null],
    [
      'mf',
      { amount: 60 },
      { goal_target: 60_000 },
      '50.00 (monthly funding)',
      '60.00 (monthly funding)',
      { goal_target: 50_000 },
    ],
    [
      'mf',
      { amount: 60, frequency: 'monthly' },
      { goal_target: 60_000, goal_frequency: 'monthly' },
      '50.00 (monthly funding)',
      '60.00 each month',
      null,
    ],
    ['tb', {}, { goal_target: null }, '1000.00 (target balance)', 'no target', null],
    [
      'tbd',
      { amount: 1000, by_date: '2027-06-01' },
      { goal_target: 1_000_000, goal_target_date: '2027-06-01' },
      '1000.00 (target balance by date)',
      '1000.00 by 2027-06-01',
      null,
    ],
    [
      'loan',
      { amount: 350 },
      { goal_target: 350_000 },
      '300.00 (debt payment)',
      '350.00 (debt payment)',
      { goal_target: 300_000 },
    ],
    ['loan', {}, { goal_target: null }, '300.00 (debt payment)', 'no target', null],
    ['bimonthly', {}, { goal_target: null }, '450.00 every 2 months', 'no target', null],
    [
      'quarterly',
      { amount: 500 },
      { goal_target: 500_000 },
      '450.00 every 3 months',
      '500.00 every 3 months',
      { goal_target: 450_000 },
    ],
    ['yearly-dated', {}, { goal_target: null }, '1200.00 each year, next due 2026-12-15', 'no target', null],
    ['monthly-15', {}, { goal_target: null }, '450.00 each month on day 15', 'no target', null],
    [
      'monthly-15',
      { amount: 500 },
      { goal_target: 500_000 },
      '450.00 each month on day 15',
      '500.00 each month on day 15',
      { goal_target: 450_000 },
    ],
    [
      'yearly-dated',
      { amount: 100, frequency: 'monthly' },
      { goal_target: 100_000, goal_frequency: 'monthly' },
      '1200.00 each year, next due 2026-12-15',
      '100.00 each month',
      null,
    ],
  ] as [string, Partial<TargetAsk>, object, string, string, object | null][])(
    '%s with %j',
    (id, over, fields, before, after, undo) => {
      const p = planTarget(INDEX, ask(id, over), twoDecimals);
      expect(p.category.id).toBe(id);
      expect({ fields: p.fields, before: p.before, after: p.after, undo: p.undo }).toEqual({
        fields,
        before,
        after,
        undo,
      });
    },
  );

  it.each([
    [
      'nope',
      {},
      'Category nope is not in this plan: use a category_id from get_category_balances or list_category_groups.',
    ],
    [
      'hidden',
      { amount: 1 },
      'Category hidden is not in this plan: use a category_id from get_category_balances or list_category_groups.',
    ],
    [
      'monthly',
      { by_date: '2027-01-01', frequency: 'monthly' },
      'Give either a date or a frequency, not both: YNAB refuses the two.',
    ],
    [
      'monthly',
      { amount: 5, by_date: '2027-01-01', frequency: 'monthly' },
      'Give either a date or a frequency, not both: YNAB refuses the two.',
    ],
    ['monthly', { by_date: '2027-01-01' }, 'To remove the target, give no amount, no date and no frequency.'],
    ['monthly', { frequency: 'weekly' }, 'To remove the target, give no amount, no date and no frequency.'],
    ['monthly', { amount: 0 }, 'The amount must be greater than 0; to remove the target, give none.'],
    ['monthly', { amount: -5 }, 'The amount must be greater than 0; to remove the target, give none.'],
    ['monthly', { amount: 0.0004 }, 'The amount must be greater than 0; to remove the target, give none.'],
    [
      'loan',
      { amount: -1, by_date: '2027-01-01' },
      'The amount must be greater than 0; to remove the target, give none.',
    ],
    [
      'loan',
      { amount: 1, by_date: '2027-01-01' },
      'YNAB takes neither a date nor a frequency on a category paired to a loan account: give an amount alone.',
    ],
    [
      'loan',
      { amount: 1, frequency: 'monthly' },
      'YNAB takes neither a date nor a frequency on a category paired to a loan account: give an amount alone.',
    ],
    [
      'visa',
      { amount: 1, frequency: 'monthly' },
      'YNAB takes no frequency on a credit card payment category: give an amount alone, or a date.',
    ],
  ] as [string, Partial<TargetAsk>, string][])('%s with %j is refused', (id, over, message) => {
    expect(() => planTarget(INDEX, ask(id, over), twoDecimals)).toThrow(message);
  });
});

describe('recreateFields and the warning', () => {
  it('a NEED without cadence fields cannot be recreated', () => {
    expect(recreateFields(cat('x', 'g', { goal_type: 'NEED', goal_target: 1000 }))).toBeNull();
  });

  it('a goal type without an amount is no target: removing restores nothing', () => {
    expect(recreateFields(cat('x', 'g', { goal_type: 'NEED' }))).toEqual({ goal_target: null });
  });

  it('says what only YNAB can bring back', () => {
    expect(cannotRestore('50.00 (monthly funding)')).toBe(
      'undo_operation cannot bring back the previous target (50.00 (monthly funding)): only YNAB can.',
    );
  });
});
