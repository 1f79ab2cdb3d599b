import { describe, expect, it } from 'vitest';
import type { YnabScheduledTransaction } from '../../src/domain/model.js';
import {
  addDays,
  daysBetween,
  expandSchedules,
  flowTotals,
  nextOccurrences,
  occurrenceDates,
} from '../../src/domain/transactions/schedule.js';

/** A full YNAB scheduled transaction: rent −950.00 on account `acc`, category `c-rent` by default. */
function schedule(
  id: string,
  dateFirst: string,
  dateNext: string,
  frequency: string,
  over: Partial<YnabScheduledTransaction> = {},
): YnabScheduledTransaction {
  return {
    id,
    date_first: dateFirst,
    date_next: dateNext,
    frequency,
    amount: -950_000,
    memo: null,
    flag_color: null,
    account_id: 'acc',
    account_name: 'Checking',
    payee_id: 'p-rent',
    payee_name: 'LANDLORD SARL',
    category_id: 'c-rent',
    category_name: 'Rent',
    transfer_account_id: null,
    deleted: false,
    subtransactions: [],
    ...over,
  };
}

describe('date arithmetic', () => {
  it.each([
    ['2026-09-25', 30, '2026-10-25'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['0050-12-31', 1, '0051-01-01'],
  ])('%s + %i days = %s', (date, n, want) => {
    expect(addDays(date, n)).toBe(want);
    expect(daysBetween(date, want)).toBe(n);
  });
});

describe('occurrenceDates: each YNAB frequency', () => {
  // label, then 'frequency date_first date_next | since until | the dates expected'
  it.each([
    ['monthly', 'monthly 2026-06-03 2026-10-03 | 2026-09-25 2026-12-31 | 2026-10-03 2026-11-03 2026-12-03'],
    [
      'monthly from the 31st, clamped',
      'monthly 2026-01-31 2026-02-28 | 2026-01-01 2026-05-31 | 2026-02-28 2026-03-31 2026-04-30 2026-05-31',
    ],
    [
      'monthly across a year end',
      'monthly 2026-06-15 2026-12-15 | 2026-12-01 2027-02-28 | 2026-12-15 2027-01-15 2027-02-15',
    ],
    [
      'monthly walked from a date_next before since',
      'monthly 2026-06-03 2026-06-03 | 2026-09-25 2026-10-31 | 2026-10-03',
    ],
    [
      'daily',
      'daily 2026-09-01 2026-09-20 | 2026-09-25 2026-09-28 | 2026-09-25 2026-09-26 2026-09-27 2026-09-28',
    ],
    [
      'weekly',
      'weekly 2026-09-01 2026-09-01 | 2026-09-01 2026-09-30 | 2026-09-01 2026-09-08 2026-09-15 2026-09-22 2026-09-29',
    ],
    [
      'everyOtherWeek',
      'everyOtherWeek 2026-09-01 2026-09-01 | 2026-09-01 2026-09-30 | 2026-09-01 2026-09-15 2026-09-29',
    ],
    [
      'every4Weeks',
      'every4Weeks 2026-09-01 2026-09-01 | 2026-09-01 2026-12-31 | 2026-09-01 2026-09-29 2026-10-27 2026-11-24 2026-12-22',
    ],
    [
      'twiceAMonth',
      'twiceAMonth 2026-01-01 2026-09-01 | 2026-09-01 2026-10-31 | 2026-09-01 2026-09-16 2026-10-01 2026-10-16',
    ],
    [
      'twiceAMonth from the 31st',
      'twiceAMonth 2026-01-31 2026-01-31 | 2026-01-01 2026-03-31 | 2026-01-31 2026-02-15 2026-02-28 2026-03-15 2026-03-31',
    ],
    [
      'everyOtherMonth',
      'everyOtherMonth 2026-01-15 2026-01-15 | 2026-01-01 2026-07-31 | 2026-01-15 2026-03-15 2026-05-15 2026-07-15',
    ],
    [
      'every3Months',
      'every3Months 2026-01-31 2026-01-31 | 2026-01-01 2026-12-31 | 2026-01-31 2026-04-30 2026-07-31 2026-10-31',
    ],
    [
      'every4Months',
      'every4Months 2026-01-10 2026-01-10 | 2026-01-01 2026-12-31 | 2026-01-10 2026-05-10 2026-09-10',
    ],
    [
      'twiceAYear',
      'twiceAYear 2026-03-31 2026-03-31 | 2026-01-01 2027-03-31 | 2026-03-31 2026-09-30 2027-03-31',
    ],
    [
      'yearly (the demo insurance)',
      'yearly 2025-10-20 2026-10-20 | 2026-09-25 2027-12-31 | 2026-10-20 2027-10-20',
    ],
    [
      'yearly on 29 February',
      'yearly 2024-02-29 2025-02-28 | 2025-01-01 2028-03-01 | 2025-02-28 2026-02-28 2027-02-28 2028-02-29',
    ],
    [
      'everyOtherYear',
      'everyOtherYear 2026-05-05 2026-05-05 | 2026-01-01 2030-12-31 | 2026-05-05 2028-05-05 2030-05-05',
    ],
    ['never', 'never 2026-10-01 2026-10-01 | 2026-09-25 2026-12-31 | 2026-10-01'],
    ['never, outside the period', 'never, 2026-10-01 2026-10-01 | 2026-11-01 2026-12-31 | '],
    [
      'an unknown frequency: date_next only',
      'fortnightly 2026-10-01 2026-10-01 | 2026-09-01 2026-12-31 | 2026-10-01',
    ],
    ['until before date_next', 'until 2026-06-03 2026-10-03 | 2026-09-01 2026-09-30 | '],
  ])('%s', (_label, row) => {
    const [schedule = '', period = '', dates = ''] = row.split(' | ');
    const [frequency = '', first = '', next = ''] = schedule.split(' ');
    const [since = '', until = ''] = period.split(' ');
    const want = dates === '' ? [] : dates.split(' ');
    expect(occurrenceDates({ date_first: first, date_next: next, frequency }, since, until)).toEqual(want);
  });

  it('a daily schedule over 366 days gives 367 occurrences', () => {
    const dates = occurrenceDates(
      { date_first: '2025-06-01', date_next: '2026-01-01', frequency: 'daily' },
      '2026-01-01',
      '2027-01-02',
    );
    expect(dates).toHaveLength(367);
    expect(dates.at(-1)).toBe('2027-01-02');
  });

  it('a day-step schedule whose date_next is long past starts at its first date since then', () => {
    const dates = occurrenceDates(
      { date_first: '1990-01-01', date_next: '1990-01-01', frequency: 'every4Weeks' },
      '2026-09-25',
      '2026-10-31',
    );
    expect(dates).toEqual(['2026-10-19']);
    expect(daysBetween('1990-01-01', '2026-10-19') % 28).toBe(0);
    expect(addDays('2026-10-19', -28) < '2026-09-25').toBe(true);
  });
});

describe('expandSchedules and flowTotals', () => {
  const names = {
    accounts: new Map([
      ['acc', 'Checking'],
      ['acc-2', 'Savings\nplanted'],
    ]),
    categories: new Map([
      ['c-rent', 'Rent'],
      ['c-food', 'Food'],
    ]),
  };

  it('names, sorts by date then payee, and skips deleted schedules', () => {
    const list = [
      schedule('s-rent', '2026-06-03', '2026-10-03', 'monthly'),
      schedule('s-gone', '2026-06-01', '2026-10-01', 'monthly', { deleted: true }),
      schedule('s-hidden', '2026-06-03', '2026-10-03', 'monthly', {
        payee_name: 'AAA\u202e GYM',
        category_id: 'c-hidden',
        amount: -30_000,
        memo: 'line one\nline two',
      }),
      schedule('s-move', '2026-06-02', '2026-10-02', 'monthly', {
        payee_name: 'Transfer : Savings',
        category_id: null,
        transfer_account_id: 'acc-2',
        account_id: 'acc-2',
        amount: 200_000,
      }),
      schedule('s-split', '2026-06-03', '2026-10-03', 'never', {
        payee_name: 'ZED SHOP',
        amount: 50_125,
        subtransactions: [
          { id: 'l1', amount: 25_000, category_id: 'c-food', deleted: false },
          { id: 'l2', amount: 25_125, category_id: 'c-rent', deleted: false },
        ],
      }),
    ];
    const out = expandSchedules(list, '2026-10-01', '2026-10-31', names);
    expect(out.map((o) => o.view)).toEqual([
      {
        scheduled_id: 's-move',
        date: '2026-10-02',
        amount: 200,
        account: 'Savings planted',
        category: null,
        payee: 'Transfer : Savings',
        payee_id: 'p-rent',
        merchant: 'TRANSFER : SAVINGS',
        memo: null,
        frequency: 'monthly',
        transfer: true,
      },
      expect.objectContaining({
        scheduled_id: 's-hidden',
        payee: 'AAA GYM',
        category: null,
        memo: 'line one line two',
      }),
      expect.objectContaining({
        scheduled_id: 's-rent',
        amount: -950,
        category: 'Rent',
        account: 'Checking',
      }),
      expect.objectContaining({
        scheduled_id: 's-split',
        category: 'Split',
        frequency: 'never',
        amount: 50.125,
      }),
    ]);
    expect(flowTotals(out)).toEqual({ inflows: 50.12, outflows: -980, transfers_left_out: 200 });
  });

  it('gives nothing for an empty plan', () => {
    const out = expandSchedules([], '2026-01-01', '2026-12-31', names);
    expect(out).toEqual([]);
    expect(flowTotals(out)).toEqual({ inflows: 0, outflows: 0, transfers_left_out: 0 });
    expect(nextOccurrences([], '2026-01-01', names)).toEqual([]);
  });

  it('gives each schedule once, at its first date from since on, without a window', () => {
    const list = [
      // due far ahead: its own next date, however far
      schedule('s-later', '2026-06-10', '2029-03-10', 'yearly', { payee_name: 'LATER' }),
      // next date before since: walked at its frequency, every other year included
      schedule('s-two-years', '2025-02-28', '2025-02-28', 'everyOtherYear', { payee_name: 'TWO' }),
      schedule('s-rent', '2026-06-03', '2026-09-03', 'monthly'),
      // a one-off already past has no date left, and a deleted schedule none at all
      schedule('s-past', '2026-08-01', '2026-08-01', 'never'),
      schedule('s-gone', '2026-06-01', '2026-10-01', 'monthly', { deleted: true }),
      schedule('s-same', '2026-06-03', '2026-10-03', 'never', { payee_name: 'AAA' }),
    ];
    const out = nextOccurrences(list, '2026-09-25', names);
    expect(out.map((o) => [o.schedule.id, o.date, o.view.date])).toEqual([
      ['s-same', '2026-10-03', '2026-10-03'],
      ['s-rent', '2026-10-03', '2026-10-03'],
      ['s-two-years', '2027-02-28', '2027-02-28'],
      ['s-later', '2029-03-10', '2029-03-10'],
    ]);
  });

  it('shows an account it does not know as an empty name', () => {
    const out = expandSchedules(
      [schedule('s', '2026-10-05', '2026-10-05', 'never', { account_id: 'elsewhere' })],
      '2026-10-01',
      '2026-10-31',
      names,
    );
    expect(out[0]?.view.account).toBe('');
  });
});
