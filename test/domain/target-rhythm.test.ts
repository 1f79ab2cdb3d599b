/** A target's rhythm in words and as data: the days of a month it can fall on, and its cadence read back. */
import { describe, expect, it } from 'vitest';
import type { YnabCategory } from '../../src/domain/model.js';
import { targetDescription } from '../../src/domain/months/targets.js';
import { targetView } from '../../src/domain/months/target-view.js';
import { twoDecimals } from '../helpers/money.js';

const need = (extra: Partial<YnabCategory>): YnabCategory => ({
  id: 'c',
  name: 'Travel',
  category_group_id: 'g',
  hidden: false,
  deleted: false,
  goal_type: 'NEED',
  goal_target: 450_000,
  goal_cadence: 1,
  ...extra,
});

describe('the due day of a monthly target', () => {
  it.each([
    [1, '450.00 each month on day 1'],
    [31, '450.00 each month on day 31'],
    [null, '450.00 each month'],
  ])('day %s', (day, words) => {
    expect(targetDescription(need({ goal_day: day }), twoDecimals)).toBe(words);
  });

  it.each([0, null])('no rhythm, so no day, for cadence %s', (cadence) => {
    expect(targetDescription(need({ goal_cadence: cadence, goal_day: 3 }), twoDecimals)).toBe(
      '450.00 (spending target)',
    );
  });
});

describe('targetView reads back the cadence', () => {
  it.each([
    [1, 'monthly'],
    [2, 'weekly'],
    [13, 'yearly'],
  ])('cadence %s is %s, with every as YNAB gives it or null', (cadence, name) => {
    expect(targetView(need({ goal_cadence: cadence }), twoDecimals)).toMatchObject({
      cadence: name,
      every: null,
    });
    expect(targetView(need({ goal_cadence: cadence, goal_cadence_frequency: 2 }), twoDecimals)).toMatchObject(
      {
        every: 2,
      },
    );
  });
});
