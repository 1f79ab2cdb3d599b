import { describe, expect, it } from 'vitest';
import type { MonthDetail } from '../../src/domain/months/month-categories.js';
import type { YnabCategory } from '../../src/domain/model.js';
import {
  NOTE_NEEDED,
  NOTE_ORDER,
  targetDescription,
  underfundedTargets,
  urgencyOf,
} from '../../src/domain/months/targets.js';
import { twoDecimals } from '../helpers/money.js';

const goal = (over: Partial<YnabCategory>): YnabCategory => ({
  id: 'c',
  name: 'C',
  category_group_id: 'g',
  category_group_name: 'Everyday',
  hidden: false,
  deleted: false,
  goal_type: 'NEED',
  goal_target: 450_000,
  goal_target_date: null,
  goal_cadence: 1,
  goal_cadence_frequency: 1,
  goal_under_funded: 0,
  goal_overall_left: 0,
  goal_percentage_complete: 100,
  goal_months_to_budget: 1,
  goal_snoozed_at: null,
  ...over,
});

describe('targetDescription', () => {
  it.each([
    ['a monthly NEED', {}, '450.00 each month'],
    ['a weekly NEED', { goal_cadence: 2 }, '450.00 each week'],
    ['a yearly NEED', { goal_cadence: 13 }, '450.00 each year'],
    ['a NEED without cadence frequency', { goal_cadence_frequency: null }, '450.00 each month'],
    ['every two months', { goal_cadence_frequency: 2 }, '450.00 every 2 months'],
    ['every three weeks', { goal_cadence: 2, goal_cadence_frequency: 3 }, '450.00 every 3 weeks'],
    ['every two years', { goal_cadence: 13, goal_cadence_frequency: 2 }, '450.00 every 2 years'],
    ['cadence 3: every 2 months on its own', { goal_cadence: 3 }, '450.00 every 2 months'],
    [
      'cadence 12, frequency ignored',
      { goal_cadence: 12, goal_cadence_frequency: 5 },
      '450.00 every 11 months',
    ],
    ['cadence 14', { goal_cadence: 14 }, '450.00 every 2 years'],
    ['a cadence out of range', { goal_cadence: 15 }, '450.00 (spending target)'],
    ['no cadence and no date', { goal_cadence: 0 }, '450.00 (spending target)'],
    ['a monthly due day', { goal_day: 15 }, '450.00 each month on day 15'],
    ['a weekly due day', { goal_cadence: 2, goal_day: 5 }, '450.00 each week on Friday'],
    ['a Sunday', { goal_cadence: 2, goal_day: 0 }, '450.00 each week on Sunday'],
    ['a weekday out of range', { goal_cadence: 2, goal_day: 7 }, '450.00 each week'],
    ['a month day out of range', { goal_day: 0 }, '450.00 each month'],
    [
      'a NEED by a date',
      { goal_cadence: 0, goal_target_date: '2026-10-01', goal_target: 250_000 },
      '250.00 by 2026-10-01',
    ],
    [
      'a repeating target keeps its cadence beside its next due date',
      { goal_target_date: '2026-12-01' },
      '450.00 each month, next due 2026-12-01',
    ],
    [
      'a yearly target with its date',
      { goal_cadence: 13, goal_target_date: '2026-12-15', goal_day: 15 },
      '450.00 each year, next due 2026-12-15',
    ],
    ['monthly funding', { goal_type: 'MF', goal_target: 13_490 }, '13.49 (monthly funding)'],
    ['a target balance', { goal_type: 'TB', goal_target_date: '2026-12-01' }, '450.00 (target balance)'],
    ['a balance by date', { goal_type: 'TBD' }, '450.00 (target balance by date)'],
    ['a debt payment', { goal_type: 'DEBT' }, '450.00 (debt payment)'],
    ['an unknown code', { goal_type: 'XYZ' }, '450.00 (XYZ)'],
    ['a code named like a prototype key', { goal_type: 'constructor' }, '450.00 (constructor)'],
    ['half a cent, to even', { goal_type: 'MF', goal_target: 125 }, '0.12 (monthly funding)'],
    ['no goal type', { goal_type: null }, 'no target'],
    ['no amount', { goal_target: null }, 'no target'],
  ] as [string, Partial<YnabCategory>, string][])('%s → %s', (_, over, text) => {
    expect(targetDescription(goal(over), twoDecimals)).toBe(text);
  });
});

describe('urgencyOf', () => {
  it.each([
    [{}, 'repeating'],
    [{ goal_cadence: 2 }, 'repeating'],
    [{ goal_type: 'MF', goal_cadence: null }, 'repeating'],
    [{ goal_type: 'DEBT', goal_cadence: 0, goal_target_date: '2026-10-01' }, 'repeating'],
    [{ goal_cadence: 0, goal_target_date: '2026-10-01' }, 'due_date'],
    [{ goal_cadence: 13 }, 'other'],
    [{ goal_type: 'TB', goal_cadence: null }, 'other'],
  ] as [Partial<YnabCategory>, string][])('%j → %s', (over, urgency) => {
    expect(urgencyOf(goal(over))).toBe(urgency);
  });
});

const month = (categories: YnabCategory[], ready: number | null = 1_729_320): MonthDetail => ({
  month: '2026-09-01',
  ...(ready === null ? {} : { to_be_budgeted: ready }),
  categories,
});

/** The demo's September targets, as the stand-in serves them. */
const september = [
  goal({ id: 'rent', name: 'Rent', category_group_name: 'Bills', goal_target: 950_000 }),
  goal({
    id: 'groceries',
    name: 'Groceries',
    goal_under_funded: 50_000,
    goal_overall_left: 50_000,
    goal_percentage_complete: 88,
  }),
  goal({
    id: 'restaurants',
    name: 'Restaurants',
    goal_target: 150_000,
    goal_under_funded: 30_000,
    goal_overall_left: 30_000,
    goal_percentage_complete: 80,
  }),
  goal({
    id: 'transport',
    name: 'Transport',
    goal_target: 250_000,
    goal_cadence: 0,
    goal_target_date: '2026-10-01',
    goal_under_funded: 35_000,
    goal_overall_left: 160_000,
    goal_percentage_complete: 36,
    goal_months_to_budget: 2,
  }),
  goal({
    id: 'tennis',
    name: 'Tennis',
    category_group_name: 'Fun',
    goal_target: 480_000,
    goal_cadence: 0,
    goal_target_date: '2026-12-01',
    goal_under_funded: 40_000,
    goal_overall_left: 400_000,
    goal_percentage_complete: 16,
    goal_months_to_budget: 4,
  }),
  goal({ id: 'holidays', name: 'Holidays', goal_type: null, goal_target: null }),
];

describe('underfundedTargets', () => {
  it('orders by urgency: dated first by date, then repeating, then the rest; largest need first', () => {
    const extra = [
      goal({ id: 'yearly', name: 'Yearly', goal_cadence: 13, goal_under_funded: 90_000 }),
      goal({ id: 'beta', name: 'Beta', goal_under_funded: 30_000 }),
      goal({ id: 'alpha', name: 'Alpha', goal_under_funded: 30_000 }),
    ];
    const out = underfundedTargets(month([...september, ...extra]), null, twoDecimals);
    expect(out.targets.map((t) => [t.category_id, t.urgency])).toEqual([
      ['transport', 'due_date'],
      ['tennis', 'due_date'],
      ['groceries', 'repeating'],
      ['alpha', 'repeating'],
      ['beta', 'repeating'],
      ['restaurants', 'repeating'],
      ['yearly', 'other'],
    ]);
  });

  it('gives the demo September figures: enough for all of them', () => {
    const out = underfundedTargets(month(september), null, twoDecimals);
    expect(out.message).toBe(
      '4 targets need 155.00 in 2026-09; Ready to Assign holds 1729.32: enough for all of them, with 1574.32 left.',
    );
    expect(out).toMatchObject({
      month: '2026-09-01',
      more: 0,
      needed: 155,
      ready_to_assign: 1729.32,
      enough: true,
      covered: 155,
      short_by: 0,
      on_track: 1,
    });
    expect(out.targets[0]).toEqual({
      category_id: 'transport',
      name: 'Transport',
      group: 'Everyday',
      target: '250.00 by 2026-10-01',
      due: '2026-10-01',
      needed: 35,
      left: 160,
      percent_complete: 36,
      months_left: 2,
      urgency: 'due_date',
    });
    expect(out.notes).toEqual([NOTE_NEEDED, NOTE_ORDER]);
  });

  it.each([
    [
      'one target short, Ready to Assign partly covers it',
      [goal({ goal_under_funded: 50_000 })],
      20_000,
      '1 target needs 50.00 in 2026-09; Ready to Assign holds 20.00: it covers 20.00 of the 50.00, 30.00 short.',
      { needed: 50, covered: 20, short_by: 30, enough: false },
    ],
    [
      'Ready to Assign negative covers nothing',
      [goal({ goal_under_funded: 50_000 }), goal({ id: 'd', goal_under_funded: 10 })],
      -5_000,
      '2 targets need 50.01 in 2026-09; Ready to Assign holds -5.00: it covers 0.00 of the 50.01, 50.01 short.',
      { needed: 50.01, covered: 0, short_by: 50.01, enough: false },
    ],
    [
      'Ready to Assign exactly enough',
      [goal({ goal_under_funded: 50_000 })],
      50_000,
      '1 target needs 50.00 in 2026-09; Ready to Assign holds 50.00: enough for all of them, with 0.00 left.',
      { needed: 50, covered: 50, short_by: 0, enough: true },
    ],
    [
      'a missing Ready to Assign counts as 0',
      [goal({ goal_under_funded: 1_000 })],
      null,
      '1 target needs 1.00 in 2026-09; Ready to Assign holds 0.00: it covers 0.00 of the 1.00, 1.00 short.',
      { ready_to_assign: 0, covered: 0, short_by: 1 },
    ],
    [
      'one target, funded',
      [goal({})],
      0,
      'The 1 target of 2026-09 is funded: nothing more is needed this month.',
      { needed: 0, covered: 0, short_by: 0, enough: true, on_track: 1 },
    ],
    [
      'two targets, funded',
      [goal({}), goal({ id: 'd', goal_under_funded: null })],
      0,
      'The 2 targets of 2026-09 are funded: nothing more is needed this month.',
      { on_track: 2 },
    ],
    ['an empty plan', [], 0, 'No visible category has a target in 2026-09.', { on_track: 0, targets: [] }],
    [
      'hidden, deleted and goal-less categories only',
      [
        goal({ hidden: true, goal_under_funded: 5 }),
        goal({ deleted: true, goal_under_funded: 5 }),
        goal({ goal_type: null }),
      ],
      0,
      'No visible category has a target in 2026-09.',
      { needed: 0, on_track: 0 },
    ],
  ] as [string, YnabCategory[], number | null, string, Record<string, unknown>][])(
    '%s',
    (_, categories, ready, message, figures) => {
      const out = underfundedTargets(month(categories, ready), null, twoDecimals);
      expect(out.message).toBe(message);
      expect(out).toMatchObject(figures);
    },
  );

  it('lists at most `limit` targets, counting the others in more and the totals', () => {
    const out = underfundedTargets(month(september), 3, twoDecimals);
    expect(out.targets.map((t) => t.category_id)).toEqual(['transport', 'tennis', 'groceries']);
    expect(out.more).toBe(1);
    expect(out.needed).toBe(155);
    expect(out.notes).toEqual([
      NOTE_NEEDED,
      NOTE_ORDER,
      '1 more underfunded targets are not listed; the totals count them.',
    ]);
    expect(underfundedTargets(month(september), 1, twoDecimals).notes[2]).toBe(
      '3 more underfunded targets are not listed; the totals count them.',
    );
    expect(underfundedTargets(month(september), 4, twoDecimals).more).toBe(0);
  });

  it('leaves snoozed targets out and names them, cleaned', () => {
    const snoozed = [
      goal({
        id: 's1',
        name: 'Car\nrepair',
        goal_snoozed_at: '2026-09-02T10:00:00Z',
        goal_under_funded: 99_000,
      }),
      goal({ id: 's2', name: 'Gifts', goal_snoozed_at: '2026-09-03T10:00:00Z' }),
    ];
    const out = underfundedTargets(month([...september, ...snoozed]), 2, twoDecimals);
    expect(out.needed).toBe(155);
    expect(out.on_track).toBe(1);
    expect(out.notes).toEqual([
      NOTE_NEEDED,
      NOTE_ORDER,
      '2 more underfunded targets are not listed; the totals count them.',
      'Targets snoozed in YNAB ask for nothing this month and are left out: Car repair, Gifts.',
    ]);
    const onlySnoozed = underfundedTargets(month(snoozed), null, twoDecimals);
    expect(onlySnoozed.message).toBe('No visible category has a target in 2026-09.');
    expect(onlySnoozed.notes).toHaveLength(3);
  });

  it('keeps null YNAB figures as null, and left as 0 when missing', () => {
    const [line] = underfundedTargets(
      month([
        goal({
          goal_under_funded: 1_000,
          goal_overall_left: null,
          goal_percentage_complete: null,
          goal_months_to_budget: null,
        }),
      ]),
      null,
      twoDecimals,
    ).targets;
    // a monthly target without a date is due by the end of the month viewed
    expect(line).toMatchObject({ left: 0, percent_complete: null, months_left: null, due: '2026-09-30' });
  });

  it('gives a target that neither repeats nor has a date no due day', () => {
    const [line] = underfundedTargets(
      month([goal({ goal_type: 'TB', goal_cadence: 0, goal_under_funded: 1_000 })]),
      null,
      twoDecimals,
    ).targets;
    expect(line).toMatchObject({ urgency: 'other', due: null });
  });
});
