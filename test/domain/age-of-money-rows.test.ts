/** get_age_of_money: months in any order, figures YNAB leaves out, and the rows the answer shows. */
import { describe, expect, it } from 'vitest';
import { twoDecimals } from '../helpers/money.js';
import { NOTE_CURRENT, NOTE_DEFINITION, ageOfMoney, ageRows } from '../../src/domain/months/age-of-money.js';

describe('ageRows and ageOfMoney', () => {
  it('sorts months given in any order', () => {
    const list = [
      { month: '2026-03-01', age_of_money: 30 },
      { month: '2026-01-01', age_of_money: 10 },
      { month: '2026-04-01', age_of_money: 40 },
      { month: '2026-02-01', age_of_money: 20 },
      { month: '2025-12-01', age_of_money: 5 },
    ];
    expect(ageRows(list, '2026-04', 12).map((r) => [r.month, r.change])).toEqual([
      ['2025-12', null],
      ['2026-01', 5],
      ['2026-02', 10],
      ['2026-03', 10],
      ['2026-04', 10],
    ]);
  });

  it('gives no row for a count of 0', () => {
    expect(ageRows([{ month: '2026-04-01', age_of_money: 40 }], '2026-04', 0)).toEqual([]);
  });

  it('takes a month without the field as a month without a figure, and shows each row with its end', () => {
    const r = ageOfMoney(
      [
        { month: '2026-04-01' },
        { month: '2026-03-01', age_of_money: 31 },
        { month: '2026-02-01', age_of_money: 33 },
      ],
      '2026-04-12',
      3,
      twoDecimals,
    );
    expect(r.months).toEqual([
      { month: '2026-02', end: '2026-02-28', partial: false, days: 33, change: null },
      { month: '2026-03', end: '2026-03-31', partial: false, days: 31, change: -2 },
      { month: '2026-04', end: '2026-04-12', partial: true, days: null, change: null },
    ]);
    expect(r).toMatchObject({ days: 31, as_of: '2026-03', change: -2, trend: 'down' });
    expect(r.notes).toEqual([
      NOTE_DEFINITION,
      NOTE_CURRENT,
      'No figure for 2026-04: YNAB did not have enough history of money in and out yet.',
    ]);
  });
});
