/**
 * Month views on what YNAB may send beyond the demo plan: a target of a kind or cadence this version
 * does not name (kept, with null where it cannot say), a target without an amount or date, and the
 * age-of-money rows of months sent out of order, with one repeated.
 */
import { describe, expect, it } from 'vitest';
import { ageRows } from '../../src/domain/months/age-of-money.js';
import { targetView } from '../../src/domain/months/target-view.js';
import type { YnabCategory } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const category = (extra: Partial<YnabCategory>): YnabCategory => ({
  id: 'c',
  name: 'Travel',
  category_group_id: 'g',
  hidden: false,
  deleted: false,
  ...extra,
});

describe('targetView, edges', () => {
  it('a kind and a cadence it does not know are null, the rest kept', () => {
    const view = targetView(
      category({ goal_type: 'FUTURE', goal_target: 120_000, goal_cadence: 7, goal_under_funded: 5_000 }),
      twoDecimals,
    );
    expect(view).toMatchObject({ kind: null, amount: 120, cadence: null, date: null, needed_this_month: 5 });
  });

  it('a target without amount, cadence or date says so with nulls', () => {
    expect(
      targetView(category({ goal_type: 'NEED', goal_target: null, goal_cadence: Number.NaN }), twoDecimals),
    ).toMatchObject({
      kind: 'spending',
      amount: null,
      cadence: null,
      date: null,
      every: null,
      percent_complete: null,
      snoozed: false,
    });
    expect(targetView(category({ goal_type: '' }), twoDecimals)).toBeNull();
  });
});

describe('ageRows, edges', () => {
  it('sorts months sent out of order, a repeated month kept in place', () => {
    const rows = ageRows(
      [
        { month: '2026-08-01', age_of_money: 40 },
        { month: '2026-06-01', age_of_money: 30 },
        { month: '2026-08-01', age_of_money: 41 },
        { month: '2026-07-01', age_of_money: null },
      ],
      '2026-08',
      4,
    );
    expect(rows).toEqual([
      { month: '2026-06', days: 30, change: null },
      { month: '2026-07', days: null, change: null },
      { month: '2026-08', days: 40, change: null },
      { month: '2026-08', days: 41, change: 1 },
    ]);
  });
});
