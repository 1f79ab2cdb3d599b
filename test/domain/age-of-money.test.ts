import { describe, expect, it } from 'vitest';
import { twoDecimals } from '../helpers/money.js';
import { NOTE_CURRENT, NOTE_DEFINITION, ageOfMoney, ageRows } from '../../src/domain/months/age-of-money.js';
import type { AgeMonth } from '../../src/domain/months/age-of-money.js';

/** Months newest first, as YNAB lists them; figures by `YYYY-MM`. */
const months = (figures: Record<string, number | null>): AgeMonth[] =>
  Object.entries(figures)
    .map(([m, days]) => ({ month: `${m}-01`, age_of_money: days, deleted: false }))
    .reverse();

const DEMO = months({ '2026-06': null, '2026-07': 17, '2026-08': 48, '2026-09': 47 });
const ALWAYS = [NOTE_DEFINITION, NOTE_CURRENT];
const NO_JUNE = 'No figure for 2026-06: YNAB did not have enough history of money in and out yet.';

describe('ageRows', () => {
  it('sorts by month, keeps months up to today, the last count, with change from the previous row', () => {
    expect(ageRows(DEMO, '2026-09', 12)).toEqual([
      { month: '2026-06', days: null, change: null },
      { month: '2026-07', days: 17, change: null },
      { month: '2026-08', days: 48, change: 31 },
      { month: '2026-09', days: 47, change: -1 },
    ]);
    expect(ageRows(DEMO, '2026-08', 2).map((r) => r.month)).toEqual(['2026-07', '2026-08']);
  });

  it('compares with the previous row, not the previous known figure', () => {
    const rows = ageRows(months({ '2026-01': 20, '2026-02': null, '2026-03': 25 }), '2026-03', 12);
    expect(rows.map((r) => r.change)).toEqual([null, null, null]);
  });

  it('skips deleted months and crosses year boundaries', () => {
    const list = [
      ...months({ '2025-12': 30, '2026-01': 31 }),
      { month: '2025-11-01', age_of_money: 5, deleted: true },
    ];
    expect(ageRows(list, '2026-01', 12)).toEqual([
      { month: '2025-12', days: 30, change: null },
      { month: '2026-01', days: 31, change: 1 },
    ]);
  });
});

describe('ageOfMoney messages and notes', () => {
  it.each([
    [
      'the demo in September: over 30 days, up since July',
      DEMO,
      '2026-09-25',
      12,
      {
        message:
          "Your money is 47 days old (2026-09, YNAB's Age of Money): what you spend came in 47 days before, on average. Over 30 days: you are living on last month's income, the buffer YNAB aims for. It went up by 30 days since 2026-07.",
        days: 47,
        as_of: '2026-09',
        change: 30,
        trend: 'up',
        notes: [...ALWAYS, NO_JUNE, 'YNAB holds only 4 months up to 2026-09: all are shown.'],
      },
    ],
    [
      'the last two months: down by 1',
      DEMO,
      '2026-09-25',
      2,
      {
        message:
          "Your money is 47 days old (2026-09, YNAB's Age of Money): what you spend came in 47 days before, on average. Over 30 days: you are living on last month's income, the buffer YNAB aims for. It went down by 1 days since 2026-08.",
        change: -1,
        trend: 'down',
        notes: ALWAYS,
      },
    ],
    [
      'in July: one figure, under 30 days, no change',
      DEMO,
      '2026-07-31',
      12,
      {
        message:
          "Your money is 17 days old (2026-07, YNAB's Age of Money): what you spend came in 17 days before, on average. Under 30 days: money is spent within a month of coming in; the older it gets, the bigger the buffer between pay and bills.",
        days: 17,
        change: null,
        trend: null,
        notes: [...ALWAYS, NO_JUNE, 'YNAB holds only 2 months up to 2026-07: all are shown.'],
      },
    ],
    [
      'unchanged, exactly 30 days',
      months({ '2026-01': 30, '2026-02': 12, '2026-03': 30 }),
      '2026-03-01',
      3,
      {
        message:
          "Your money is 30 days old (2026-03, YNAB's Age of Money): what you spend came in 30 days before, on average. Over 30 days: you are living on last month's income, the buffer YNAB aims for. It is unchanged since 2026-01.",
        change: 0,
        trend: 'steady',
        notes: ALWAYS,
      },
    ],
    [
      'June: no figure yet',
      DEMO,
      '2026-06-10',
      12,
      {
        message:
          'YNAB gives no Age of Money for the last 1 months: it shows one once the plan has enough history of money in and out.',
        days: null,
        as_of: null,
        change: null,
        trend: null,
        notes: [...ALWAYS, NO_JUNE, 'YNAB holds only 1 months up to 2026-06: all are shown.'],
      },
    ],
    [
      'before the first month',
      DEMO,
      '2026-05-20',
      12,
      {
        message: 'YNAB returned no month up to 2026-05: no Age of Money to give.',
        days: null,
        months: [],
        trend: null,
        notes: [...ALWAYS, 'YNAB holds only 0 months up to 2026-05: all are shown.'],
      },
    ],
    [
      'an empty plan',
      [],
      '2026-09-25',
      1,
      {
        message: 'YNAB returned no month up to 2026-09: no Age of Money to give.',
        notes: [...ALWAYS, 'YNAB holds only 0 months up to 2026-09: all are shown.'],
      },
    ],
    [
      'today past the last month',
      DEMO,
      '2026-11-05',
      3,
      {
        as_of: '2026-09',
        change: 30,
        notes: [...ALWAYS, 'YNAB has no month 2026-11 yet: the latest is 2026-09.'],
      },
    ],
    [
      'a gap in the middle and a missing latest figure',
      months({ '2026-01': 40, '2026-02': null, '2026-03': 28, '2026-04': null }),
      '2026-04-30',
      4,
      {
        message:
          "Your money is 28 days old (2026-03, YNAB's Age of Money): what you spend came in 28 days before, on average. Under 30 days: money is spent within a month of coming in; the older it gets, the bigger the buffer between pay and bills. It went down by 12 days since 2026-01.",
        days: 28,
        as_of: '2026-03',
        change: -12,
        trend: 'down',
        notes: [
          ...ALWAYS,
          'No figure for 2026-02, 2026-04: YNAB did not have enough history of money in and out yet.',
        ],
      },
    ],
  ] as [string, AgeMonth[], string, number, Record<string, unknown>][])(
    '%s',
    (_, list, today, count, want) => {
      expect(ageOfMoney(list, today, count, twoDecimals)).toMatchObject(want);
    },
  );
});
