import { describe, expect, it } from 'vitest';
import { buildDemoPlan, computeFigures } from '../../src/demo/index.js';
import type { PlanData, Target } from '../../src/demo/index.js';
import { agedPayments, ageOfMoneyByMonth } from '../../src/demo/emulator/age-of-money.js';
import { NO_GOAL, TargetError, applyTargetWrite, goalFields } from '../../src/demo/emulator/goals.js';
import { categoryPresenter } from '../../src/demo/emulator/present.js';
import { createState } from '../../src/demo/emulator/state.js';

const figures = computeFigures(buildDemoPlan());

describe('month figures (budgeted, activity, balance per category and month)', () => {
  it.each([
    ['2026-06-01', 3200000, 1967670, -1382750, 1232330],
    ['2026-07-01', 3200000, 1967670, -1379060, 2464660],
    ['2026-08-01', 3200000, 1967670, -1426280, 3696990],
    ['2026-09-01', 0, 1967670, -1206680, 1729320],
  ])('%s: income, budgeted, activity, to_be_budgeted', (month, income, budgeted, activity, toBeBudgeted) => {
    expect(figures.summaries.get(month)).toMatchObject({
      month,
      income,
      budgeted,
      activity,
      to_be_budgeted: toBeBudgeted,
      note: null,
      deleted: false,
    });
  });

  it('gives no Age of Money for June and a number of days afterwards', () => {
    expect(figures.summaries.get('2026-06-01')!.age_of_money).toBeNull();
    for (const month of ['2026-07-01', '2026-08-01', '2026-09-01']) {
      expect(figures.summaries.get(month)!.age_of_money).toEqual(expect.any(Number));
    }
    // July: the last 10 of July's 12 payments, all paid from the June 28 salary (8…26 days old).
    expect(figures.summaries.get('2026-07-01')!.age_of_money).toBe(17);
  });

  it('computes a category month: balance = budgeted + activity, the inflow category at 0', () => {
    const state = createState(buildDemoPlan());
    const sept = categoryPresenter(state, '2026-09-01');
    const byId = (id: string) => sept(state.categories.find((c) => c.id === id)!);
    expect(byId('cat-restaurants')).toMatchObject({ budgeted: 120000, activity: -142500, balance: -22500 });
    expect(byId('cat-rent')).toMatchObject({ budgeted: 950000, activity: -950000, balance: 0 });
    expect(byId('cat-inflow')).toMatchObject({
      budgeted: 0,
      activity: 0,
      balance: 0,
      category_group_name: 'Internal Master Category',
    });
    expect(byId('cat-groceries')).toMatchObject({ budgeted: 400000, activity: 0, balance: 400000 });
  });

  it('carries inflow received before the first month into Ready to Assign', () => {
    const plan: PlanData = buildDemoPlan();
    const salary = plan.transactions.find((t) => t.id === 'tx-012')!;
    plan.transactions.push({ ...salary, id: 'tx-early', date: '2026-05-28' });
    const early = computeFigures(plan);
    expect(early.summaries.get('2026-06-01')).toMatchObject({ income: 3200000, to_be_budgeted: 4432330 });
  });

  it('counts split lines in their categories', () => {
    const plan = buildDemoPlan();
    const row = plan.transactions.find((t) => t.id === 'tx-055')!;
    row.subtransactions = [
      { ...line('tx-055-0', -50000, 'cat-groceries') },
      { ...line('tx-055-1', -21860, 'cat-restaurants') },
      { ...line('tx-055-2', -999, 'cat-tennis'), deleted: true },
    ];
    const split = computeFigures(plan);
    expect(split.activity.get('2026-09-01|cat-groceries')).toBe(-50000);
    expect(split.activity.get('2026-09-01|cat-restaurants')).toBe(-142500 - 21860);
    expect(split.activity.get('2026-09-01|cat-tennis')).toBeUndefined();
  });
});

function line(id: string, amount: number, category: string) {
  return {
    id,
    transaction_id: id.slice(0, 6),
    amount,
    memo: null,
    payee_id: null,
    payee_name: null,
    category_id: category,
    category_name: null,
    transfer_account_id: null,
    deleted: false,
  };
}

describe('Age of Money (computed as YNAB defines it)', () => {
  const plan = buildDemoPlan();

  it('ignores tracking accounts and transfers between budget accounts', () => {
    const aged = agedPayments(plan.accounts, plan.transactions);
    expect(aged.every((p) => p.date >= '2026-07-01')).toBe(true);
    expect(aged[0]).toEqual({ date: '2026-07-03', age: 5 });
  });

  it('weights a payment over the money it consumes, oldest first', () => {
    const accounts = plan.accounts.slice(0, 1);
    const row = (id: string, date: string, amount: number) => ({
      ...plan.transactions[0]!,
      id,
      date,
      amount,
    });
    const rows = [
      row('a', '2026-01-01', 1000),
      row('b', '2026-01-11', 1000),
      row('c', '2026-01-21', -1500), // 1000 × 20 days + 500 × 10 days → 16.67
      row('d', '2026-01-21', 0),
      row('e', '2026-01-22', -1000), // 500 × 11 days, the other 500 has no money → 11
    ];
    expect(agedPayments(accounts, rows)).toEqual([
      { date: '2026-01-21', age: 25000 / 1500 },
      { date: '2026-01-22', age: 11 },
    ]);
  });

  it('puts inflows before outflows on the same date', () => {
    const row = (id: string, amount: number) => ({
      ...plan.transactions[0]!,
      id,
      date: '2026-01-05',
      amount,
    });
    expect(agedPayments(plan.accounts, [row('out', -10), row('in', 10)])).toEqual([
      { date: '2026-01-05', age: 0 },
    ]);
  });

  it('averages the last 10 aged payments up to the month end, rounded half to even', () => {
    const row = (i: number, date: string, amount: number) => ({
      ...plan.transactions[0]!,
      id: `r${i}`,
      date,
      amount,
    });
    const rows = [row(0, '2026-01-01', 100000)];
    for (let i = 1; i <= 10; i++) rows.push(row(i, `2026-01-${String(i + 1).padStart(2, '0')}`, -1));
    // ages 1…10 → mean 5.5 → 6 (half to even); a month with 9 of them → null
    const ages = ageOfMoneyByMonth(['2025-12-01', '2026-01-01'], plan.accounts, rows);
    expect(ages.get('2025-12-01')).toBeNull();
    expect(ages.get('2026-01-01')).toBe(6);
  });
});

describe('goal fields', () => {
  const monthly: Target = {
    goal_type: 'NEED',
    goal_target: 450000,
    goal_target_date: null,
    goal_cadence: 1,
    goal_cadence_frequency: 1,
    goal_creation_month: '2026-06-01',
    goal_needs_whole_amount: true,
    goal_day: null,
    goal_snoozed_at: null,
  };
  const dated: Target = {
    ...monthly,
    goal_target: 250000,
    goal_target_date: '2026-10-01',
    goal_cadence: 0,
    goal_creation_month: '2026-09-01',
    goal_needs_whole_amount: null,
  };

  it('a monthly target: under-funded = target − budgeted, funded = budgeted', () => {
    expect(goalFields(monthly, '2026-09-01', 400000, -66120)).toEqual({
      goal_type: 'NEED',
      goal_needs_whole_amount: true,
      goal_day: null,
      goal_cadence: 1,
      goal_cadence_frequency: 1,
      goal_creation_month: '2026-06-01',
      goal_target: 450000,
      goal_target_month: null,
      goal_target_date: null,
      goal_percentage_complete: 88,
      goal_months_to_budget: 1,
      goal_under_funded: 50000,
      goal_overall_funded: 400000,
      goal_overall_left: 50000,
      goal_snoozed_at: null,
    });
    expect(goalFields(monthly, '2026-09-01', 500000, 0)).toMatchObject({
      goal_under_funded: 0,
      goal_percentage_complete: 100,
    });
  });

  it('a dated target: a share of the months left, rounded up; funded = budgeted + activity', () => {
    expect(goalFields(dated, '2026-09-01', 90000, 0)).toMatchObject({
      goal_type: 'NEED',
      goal_target_date: '2026-10-01',
      goal_target_month: '2026-10-01',
      goal_months_to_budget: 2,
      goal_under_funded: 35000,
      goal_overall_funded: 90000,
      goal_overall_left: 160000,
      goal_percentage_complete: 36,
    });
    expect(
      goalFields({ ...dated, goal_target: 100000, goal_target_date: '2026-11-01' }, '2026-09-01', 0, 0),
    ).toMatchObject({
      goal_under_funded: 33334,
      goal_months_to_budget: 3,
    });
    expect(goalFields(dated, '2026-10-01', 0, -5000)).toMatchObject({
      goal_overall_funded: -5000,
      goal_percentage_complete: 0,
    });
  });

  it('is all null before the creation month, after the date, and without target', () => {
    expect(goalFields(dated, '2026-08-01', 90000, 0)).toEqual(NO_GOAL);
    expect(goalFields(dated, '2026-11-01', 90000, 0)).toEqual(NO_GOAL);
    expect(goalFields(null, '2026-09-01', 90000, 0)).toEqual(NO_GOAL);
  });

  it('serves the demo targets in the month categories', () => {
    const state = createState(buildDemoPlan());
    const cat = (month: string, id: string) =>
      categoryPresenter(state, month)(state.categories.find((c) => c.id === id)!);
    expect(cat('2026-09-01', 'cat-tennis')).toMatchObject({
      goal_under_funded: 40000,
      goal_months_to_budget: 4,
      goal_percentage_complete: 16,
    });
    expect(cat('2026-08-01', 'cat-tennis').goal_type).toBeNull();
    expect(cat('2026-06-01', 'cat-rent')).toMatchObject({
      goal_type: 'NEED',
      goal_under_funded: 0,
      goal_percentage_complete: 100,
    });
    expect(cat('2026-09-01', 'cat-holidays').goal_type).toBeNull();
  });
});

describe('target writes (set through the stand-in as YNAB does)', () => {
  const rent: Target = {
    goal_type: 'NEED',
    goal_target: 950000,
    goal_target_date: null,
    goal_cadence: 1,
    goal_cadence_frequency: 1,
    goal_creation_month: '2026-06-01',
    goal_needs_whole_amount: true,
    goal_day: null,
    goal_snoozed_at: null,
  };
  const today = '2026-09-01';

  it('removes a target with goal_target null', () => {
    expect(applyTargetWrite(rent, { goal_target: null }, today)).toBeNull();
  });

  it('changes only the amount of an existing target', () => {
    expect(applyTargetWrite(rent, { goal_target: 1000000 }, today)).toEqual({
      ...rent,
      goal_target: 1000000,
    });
    expect(applyTargetWrite(rent, { goal_target: 1, goal_needs_whole_amount: false }, today)).toMatchObject({
      goal_needs_whole_amount: false,
    });
  });

  it('creates a monthly NEED target from an amount alone', () => {
    expect(applyTargetWrite(null, { goal_target: 5000 }, today)).toEqual({
      ...rent,
      goal_target: 5000,
      goal_creation_month: today,
      goal_needs_whole_amount: null,
    });
  });

  it('replaces a target with a date or a frequency, created this month', () => {
    expect(
      applyTargetWrite(rent, { goal_target: 5000, goal_target_date: '2027-01-15' }, today),
    ).toMatchObject({
      goal_target_date: '2027-01-15',
      goal_cadence: 0,
      goal_creation_month: today,
      goal_needs_whole_amount: null,
    });
    expect(applyTargetWrite(null, { goal_target: 5000, goal_frequency: 'weekly' }, today)!.goal_cadence).toBe(
      2,
    );
    expect(applyTargetWrite(null, { goal_target: 5000, goal_frequency: 'yearly' }, today)!.goal_cadence).toBe(
      13,
    );
    expect(
      applyTargetWrite(
        null,
        { goal_target: 5000, goal_frequency: 'monthly', goal_needs_whole_amount: true },
        today,
      ),
    ).toMatchObject({
      goal_cadence: 1,
      goal_needs_whole_amount: true,
    });
  });

  it('updates goal_needs_whole_amount alone on an existing target only', () => {
    expect(applyTargetWrite(rent, { goal_needs_whole_amount: false }, today)!.goal_needs_whole_amount).toBe(
      false,
    );
    expect(applyTargetWrite(null, { goal_needs_whole_amount: false }, today)).toBeNull();
  });

  it.each([
    [{ goal_target: 5000, goal_target_date: '2027-01-01', goal_frequency: 'monthly' }],
    [{ goal_target_date: '2027-01-01' }],
    [{ goal_frequency: 'monthly' }],
    [{ goal_target: 5000, goal_frequency: 'daily' }],
    [{ goal_target: 5000, goal_target_date: 'soon' }],
    [{ goal_target: -1 }],
    [{ goal_target: 1.5 }],
    [{ goal_target: '5000' }],
    [{ goal_target: 5000, goal_needs_whole_amount: 'yes' }],
  ])('refuses %j', (write) => {
    expect(() => applyTargetWrite(rent, write, today)).toThrow(TargetError);
  });
});
