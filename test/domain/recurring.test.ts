import { describe, expect, it } from 'vitest';
import type { YnabScheduledTransaction, YnabTransaction } from '../../src/domain/model.js';
import {
  covers,
  detectRecurring,
  isCovered,
  median,
  plannedKeys,
  recurringCharges,
} from '../../src/domain/analytics/recurring.js';

let n = 0;
function tx(
  date: string,
  amount: number,
  payee: string,
  over: Partial<YnabTransaction> = {},
): YnabTransaction {
  n += 1;
  return {
    id: `t${n}`,
    date,
    amount,
    cleared: 'cleared',
    approved: true,
    account_id: 'acc',
    payee_name: payee,
    category_id: null,
    transfer_account_id: null,
    deleted: false,
    ...over,
  };
}

/** One transaction per month of `months` (`YYYY-MM`), on `day`, for each amount given. */
const monthly = (payee: string, amounts: number[], day = 5, over: Partial<YnabTransaction> = {}) =>
  amounts.map((a, i) => tx(`2026-0${5 + i}-${String(day).padStart(2, '0')}`, a, payee, over));

const WINDOW = ['2026-05', '2026-06', '2026-07', '2026-08'];

/** A monthly scheduled transaction on the account. */
const schedule = (payee: string | null, amount: number, deleted = false): YnabScheduledTransaction => ({
  id: `s-${payee}`,
  date_first: '2026-06-01',
  date_next: '2026-10-01',
  frequency: 'monthly',
  amount,
  account_id: 'acc',
  payee_name: payee,
  deleted,
});

describe('median (an even count takes the mean of the two middle values)', () => {
  it.each([
    [[3], 3],
    [[1, 3], 2],
    [[5, 1, 3], 3],
    [[-1001, -1002, -1003, -1004], -1002.5],
    [[], 0],
  ])('median(%j) = %s', (values, want) => {
    expect(median(values)).toBe(want);
  });
});

describe('detectRecurring (step R)', () => {
  it.each<
    [
      string,
      YnabTransaction[],
      { payee: string; amount: number; day: number; months_seen: number; outflow: boolean }[],
    ]
  >([
    ['an empty plan', [], []],
    [
      'the same amount three months running',
      monthly('STREAMFLIX', [-13_490, -13_490, -13_490], 15),
      [{ payee: 'STREAMFLIX', amount: -13_490, day: 15, months_seen: 3, outflow: true }],
    ],
    ['only two months', monthly('STREAMFLIX', [-13_490, -13_490]), []],
    [
      'exactly 20 % off the median',
      monthly('GYM', [-100_000, -120_000, -100_000]),
      [{ payee: 'GYM', amount: -100_000, day: 5, months_seen: 3, outflow: true }],
    ],
    ['more than 20 % off the median', monthly('GYM', [-100_000, -120_001, -100_000]), []],
    [
      'four months, an even median rounded half to even',
      monthly('POWER', [-1_001, -1_002, -1_003, -1_004]),
      [{ payee: 'POWER', amount: -1_002, day: 5, months_seen: 4, outflow: true }],
    ],
    [
      'several card lines a month, summed; labels normalised',
      [
        tx('2026-06-05', -61_230, 'CB MARKET FRESH FACT 050626 525130******1'),
        tx('2026-06-14', -48_900, 'CB MARKET FRESH FACT 140626 525130******1'),
        tx('2026-07-05', -55_100, 'CB MARKET FRESH FACT 050726 525130******1'),
        tx('2026-07-14', -67_800, 'CB MARKET FRESH FACT 140726 525130******1'),
        tx('2026-08-05', -70_420, 'CB MARKET FRESH FACT 050826 525130******1'),
        tx('2026-08-22', -58_310, 'CB MARKET FRESH FACT 220826 525130******1'),
      ],
      [{ payee: 'MARKET FRESH', amount: -122_900, day: 9, months_seen: 3, outflow: true }],
    ],
    [
      'transfers, deleted rows, other months and noise-only labels left out',
      [
        ...monthly('Transfer : Savings', [-200_000, -200_000, -200_000], 29, { transfer_account_id: 'sav' }),
        ...monthly('GONE', [-1_000, -1_000, -1_000], 5, { deleted: true }),
        ...monthly('1234567', [-1_000, -1_000, -1_000]),
        tx('2026-04-05', -9_000, 'OLD'),
        tx('2026-09-05', -9_000, 'OLD'),
        tx('2026-09-06', -9_000, 'OLD'),
      ],
      [],
    ],
    [
      'money in and out of one payee are two groups, money in first; zero counts as in',
      [
        ...monthly('ACME', [-5_000, -5_000, -5_000], 2),
        ...monthly('ACME', [0, 0, 0], 3),
        ...monthly('ACME', [1_000, 1_000, 1_000], 3),
        ...monthly('BETA', [-7_000, -7_000, -7_000], 20),
      ],
      [
        { payee: 'ACME', amount: 1_000, day: 3, months_seen: 3, outflow: false },
        { payee: 'ACME', amount: -5_000, day: 2, months_seen: 3, outflow: true },
        { payee: 'BETA', amount: -7_000, day: 20, months_seen: 3, outflow: true },
      ],
    ],
    [
      'a median day of month truncated',
      [
        tx('2026-05-10', -1_000, 'X'),
        tx('2026-06-11', -1_000, 'X'),
        tx('2026-07-10', -1_000, 'X'),
        tx('2026-08-11', -1_000, 'X'),
      ],
      [{ payee: 'X', amount: -1_000, day: 10, months_seen: 4, outflow: true }],
    ],
  ])('%s', (_label, rows, want) => {
    const got = detectRecurring(rows, WINDOW).map(({ payee, amount, day, months_seen, outflow }) => ({
      payee,
      amount,
      day,
      months_seen,
      outflow,
    }));
    expect(got).toEqual(want);
  });
});

describe('covers (a schedule covers a payee when its merchant words are all in the payee)', () => {
  it.each([
    ['LANDLORD SARL', 'LANDLORD SARL', true],
    ['FIBERNET - PRELEV', 'FIBERNET - PRELEV', true],
    ['ACME', 'ACME EMPLOYER SALAIRE', true],
    ['EMPLOYER ACME', 'ACME EMPLOYER SALAIRE', true],
    ['ACME EMPLOYER SALAIRE', 'ACME', false],
    ['ACME EMPLOYER', 'ACME EMPLOYERS', false],
    ['', '', false],
    ['- :', '- :', false],
    ['HOMESAFE INSURANCE', 'HOMESAFE', false],
  ])('%j covers %j: %s', (key, payee, want) => {
    expect(covers(key, payee)).toBe(want);
  });
});

describe('isCovered (any schedule of the same direction covers the payee)', () => {
  // a wordless key first, then money out, then money in: each schedule is judged on its own words
  const plans = plannedKeys([
    schedule(null, -1_000),
    schedule('CB ACME 12/09', -20_000),
    schedule('VIR EMPLOYER', 3_000_000),
  ]);

  it('splits each schedule into its merchant words once', () => {
    expect(plans).toEqual([
      { outflow: true, words: [] },
      { outflow: true, words: ['ACME'] },
      { outflow: false, words: ['EMPLOYER'] },
    ]);
  });

  it.each([
    ['ACME STORE 12', true, true],
    ['ACME STORE 12', false, false],
    ['EMPLOYER SALAIRE', false, true],
    ['EMPLOYER SALAIRE', true, false],
    ['OTHER SHOP', true, false],
    ['', true, false],
  ])('%j, money out %s: %s', (payee, outflow, want) => {
    expect(isCovered(plans, payee, outflow)).toBe(want);
  });
});

describe('recurringCharges', () => {
  const visible = new Map([
    ['c-subs', 'Subscriptions'],
    ['c-fun', 'Fun\nplanted'],
    ['c-pay', 'Salary'],
  ]);
  const rows = [
    ...monthly('STREAMFLIX', [-13_490, -13_490, -13_490], 15, { category_id: 'c-fun' }),
    tx('2026-08-16', -13_490, 'STREAMFLIX', { category_id: 'c-subs', deleted: true }),
    ...monthly('GYM', [-30_000, -30_000, -30_000], 1, { category_id: 'c-hidden' }),
    ...monthly('RENT', [-950_000, -950_000, -950_000], 3),
    ...monthly('ACME EMPLOYER', [3_200_000, 3_200_000, 3_200_000], 28, { category_id: 'c-pay' }),
    ...monthly('BONUS CO', [100_000, 100_000, 100_000], 27),
    ...monthly('ZERO', [0, 0, 0], 27),
  ];
  const schedules = [
    schedule('RENT', -950_000),
    schedule('STREAMFLIX', 13_490),
    schedule('GYM', -30_000, true),
  ];

  it('lists the charges costliest first, with their yearly cost, category and schedule', () => {
    expect(recurringCharges(rows, schedules, visible, '2026-09-25', false)).toEqual({
      charges: [
        {
          payee: 'RENT',
          monthly_amount: -950,
          yearly_amount: -11400,
          day: 3,
          months_seen: 3,
          category: null,
          scheduled: true,
        },
        {
          payee: 'GYM',
          monthly_amount: -30,
          yearly_amount: -360,
          day: 1,
          months_seen: 3,
          category: null,
          scheduled: false,
        },
        {
          payee: 'STREAMFLIX',
          monthly_amount: -13.49,
          yearly_amount: -161.88,
          day: 15,
          months_seen: 3,
          category: 'Fun planted',
          scheduled: false,
        },
      ],
      yearly_total: -11921.88,
      months_looked_at: WINDOW,
    });
  });

  it('adds the income, largest first, outside the total', () => {
    const out = recurringCharges(rows, schedules, visible, '2026-09-25', true);
    expect(out.charges.map((c) => [c.payee, c.yearly_amount, c.category])).toEqual([
      ['RENT', -11400, null],
      ['GYM', -360, null],
      ['STREAMFLIX', -161.88, 'Fun planted'],
      ['ACME EMPLOYER', 38400, 'Salary'],
      ['BONUS CO', 1200, null],
    ]);
    expect(out.yearly_total).toBe(-11921.88);
  });

  it('takes the category seen most often, the first seen on a tie', () => {
    const tie = [
      tx('2026-05-05', -1_000, 'SHOP', { category_id: 'c-fun' }),
      tx('2026-06-05', -1_000, 'SHOP', { category_id: 'c-subs' }),
      tx('2026-07-05', -1_000, 'SHOP', { category_id: 'c-subs' }),
      tx('2026-08-05', 1_000, 'SHOP', { category_id: 'c-fun' }),
      tx('2026-08-06', -1_000, 'SHOP'),
    ];
    expect(recurringCharges(tie, [], visible, '2026-09-25', false).charges[0]?.category).toBe('Fun planted');
  });

  it('lists the income largest first whatever the order of the lines, after the charges', () => {
    const lines = [
      ...monthly('SMALL REFUND', [5_000, 5_000, 5_000], 8),
      ...monthly('PAYCO', [2_000_000, 2_000_000, 2_000_000], 28),
      ...monthly('RENTAL INCOME', [400_000, 400_000, 400_000], 1),
      ...monthly('RENT', [-950_000, -950_000, -950_000], 3),
    ];
    const out = recurringCharges(lines, [], visible, '2026-09-25', true);
    expect(out.charges.map((c) => c.payee)).toEqual(['RENT', 'PAYCO', 'RENTAL INCOME', 'SMALL REFUND']);
  });

  it('does not count a month whose only line is 0.00 as a month the charge was seen', () => {
    const lines = [...monthly('APP', [-5_000, -5_000], 5), tx('2026-07-05', 0, 'APP')];
    expect(recurringCharges(lines, [], visible, '2026-09-25', true).charges).toEqual([]);
  });

  it('counts only categorised lines of the months looked at when choosing the category', () => {
    const lines = [
      // before the window: would make Fun the most frequent if counted
      ...['2025-05-05', '2025-06-05', '2025-07-05'].map((d) =>
        tx(d, -1_000, 'SHOP', { category_id: 'c-fun' }),
      ),
      tx('2026-05-05', -1_000, 'SHOP', { category_id: 'c-fun' }),
      tx('2026-06-05', -1_000, 'SHOP', { category_id: 'c-subs' }),
      tx('2026-07-05', -1_000, 'SHOP', { category_id: 'c-subs' }),
      tx('2026-08-05', -1_000, 'SHOP'),
      // refunds without a category, the most numerous lines: no category to choose from them
      ...['2026-06-20', '2026-07-20', '2026-08-20'].map((d) => tx(d, 1_000, 'SHOP')),
    ];
    expect(recurringCharges(lines, [], visible, '2026-09-25', false).charges[0]?.category).toBe(
      'Subscriptions',
    );
  });

  it('rounds the yearly cost to the cent', () => {
    const odd = monthly('PAPER', [-10_001, -10_001, -10_001], 2);
    expect(recurringCharges(odd, [], visible, '2026-09-25', false).charges[0]).toMatchObject({
      monthly_amount: -10.001,
      yearly_amount: -120.01,
    });
  });

  it('is empty for an empty plan, over the 4 months before today', () => {
    expect(recurringCharges([], [], visible, '2027-01-01', true)).toEqual({
      charges: [],
      yearly_total: 0,
      months_looked_at: ['2026-09', '2026-10', '2026-11', '2026-12'],
    });
  });

  it('looks only at the months the plan covers: 3 of them, or both of 2, none of 1', () => {
    const rent = monthly('RENT', [-950_000, -950_000, -950_000], 3); // May, June, July
    const from = (first: string) => recurringCharges(rent, [], visible, '2026-09-25', false, first);
    // seen in 2 of 3 months: not enough
    expect(from('2026-06')).toMatchObject({
      months_looked_at: ['2026-06', '2026-07', '2026-08'],
      charges: [],
    });
    expect(from('2026-07')).toMatchObject({
      months_looked_at: ['2026-07', '2026-08'],
      charges: [],
    });
    const twice = monthly('RENT', [-950_000, -950_000, -950_000, -950_000], 3); // May to August
    expect(recurringCharges(twice, [], visible, '2026-09-25', false, '2026-07').charges).toMatchObject([
      { payee: 'RENT', months_seen: 2 },
    ]);
    expect(recurringCharges(twice, [], visible, '2026-09-25', false, '2026-08')).toMatchObject({
      months_looked_at: ['2026-08'],
      charges: [],
    });
  });
});
