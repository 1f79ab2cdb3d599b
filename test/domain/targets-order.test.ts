/** get_underfunded_targets: dated targets in date order whatever the order of YNAB's list, and absent figures. */
import { describe, expect, it } from 'vitest';
import type { YnabCategory } from '../../src/domain/model.js';
import { targetDescription, underfundedTargets } from '../../src/domain/months/targets.js';
import { twoDecimals } from '../helpers/money.js';

const dated = (
  id: string,
  date: string | null,
  under: number,
  more: Partial<YnabCategory> = {},
): YnabCategory => ({
  id,
  name: id,
  category_group_id: 'g',
  category_group_name: 'Goals',
  hidden: false,
  deleted: false,
  goal_type: 'TBD',
  goal_target: 1_000_000,
  goal_target_date: date,
  goal_under_funded: under,
  ...more,
});
const month = (categories: YnabCategory[]) => ({ month: '2026-09-01', to_be_budgeted: 0, categories });

describe('underfundedTargets: order and absent figures', () => {
  it('lists dated targets soonest first, whatever the order YNAB gives them in', () => {
    const out = underfundedTargets(
      month([
        dated('d-dec', '2026-12-01', 1_000),
        dated('d-oct', '2026-10-15', 1_000),
        dated('d-2027', '2027-01-31', 9_000),
        dated('d-nov', '2026-11-01', 5_000),
        dated('d-oct-big', '2026-10-15', 7_000),
        dated('other', null, 8_000, { goal_type: 'TB' }),
      ]),
      null,
      twoDecimals,
    );
    expect(out.targets.map((t) => t.category_id)).toEqual([
      'd-oct-big',
      'd-oct',
      'd-nov',
      'd-dec',
      'd-2027',
      'other',
    ]);
  });

  it('gives null for the figures YNAB leaves out', () => {
    const [line] = underfundedTargets(month([dated('d', '2026-10-15', 1_000)]), null, twoDecimals).targets;
    expect(line).toMatchObject({ percent_complete: null, months_left: null, left: 0 });
  });
});

describe('targetDescription without a target', () => {
  it.each([
    ['no goal type', { goal_type: null }],
    ['an empty goal type', { goal_type: '' }],
    ['no amount', { goal_target: null }],
  ])('%s: no target', (_name, over) => {
    expect(targetDescription(dated('c', null, 0, over), twoDecimals)).toBe('no target');
  });
});
