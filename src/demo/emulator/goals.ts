/** The computed goal fields of a category in a month and the target writes of `PATCH /categories/<id>`. */
import type { Target } from '../plan-data.js';

export interface GoalFields {
  goal_type: string | null;
  goal_needs_whole_amount: boolean | null;
  goal_day: number | null;
  goal_cadence: number | null;
  goal_cadence_frequency: number | null;
  goal_creation_month: string | null;
  goal_target: number | null;
  goal_target_month: string | null;
  goal_target_date: string | null;
  goal_percentage_complete: number | null;
  goal_months_to_budget: number | null;
  goal_under_funded: number | null;
  goal_overall_funded: number | null;
  goal_overall_left: number | null;
  goal_snoozed_at: string | null;
}

export const NO_GOAL: Readonly<GoalFields> = {
  goal_type: null,
  goal_needs_whole_amount: null,
  goal_day: null,
  goal_cadence: null,
  goal_cadence_frequency: null,
  goal_creation_month: null,
  goal_target: null,
  goal_target_month: null,
  goal_target_date: null,
  goal_percentage_complete: null,
  goal_months_to_budget: null,
  goal_under_funded: null,
  goal_overall_funded: null,
  goal_overall_left: null,
  goal_snoozed_at: null,
};

/** Month number (`YYYY-MM…` → y × 12 + m) for month arithmetic. */
const monthIndex = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** ⌈a ÷ b⌉ for integers, b > 0. */
const ceilDiv = (a: number, b: number): number => -Math.floor(-a / b);

/**
 * The goal fields of a category with `target` in `month`, given that month's budgeted and activity
 * (milliunits). Before the creation month or after the target date's month: every field null.
 */
export function goalFields(
  target: Target | null,
  month: string,
  budgeted: number,
  activity: number,
): GoalFields {
  if (target === null) return { ...NO_GOAL };
  const now = monthIndex(month);
  if (now < monthIndex(target.goal_creation_month)) return { ...NO_GOAL };
  const goal = target.goal_target;
  let underFunded: number;
  let funded: number;
  let monthsToBudget: number;
  if (target.goal_target_date !== null) {
    const monthsLeft = monthIndex(target.goal_target_date) - now + 1;
    if (monthsLeft < 1) return { ...NO_GOAL };
    underFunded = Math.max(ceilDiv(goal, monthsLeft) - budgeted, 0);
    funded = budgeted + activity;
    monthsToBudget = monthsLeft;
  } else {
    underFunded = Math.max(goal - budgeted, 0);
    funded = budgeted;
    monthsToBudget = 1;
  }
  return {
    goal_type: target.goal_type,
    goal_needs_whole_amount: target.goal_needs_whole_amount,
    goal_day: target.goal_day,
    goal_cadence: target.goal_cadence,
    goal_cadence_frequency: target.goal_cadence_frequency,
    goal_creation_month: target.goal_creation_month,
    goal_target: goal,
    goal_target_month: target.goal_target_date,
    goal_target_date: target.goal_target_date,
    goal_percentage_complete: goal > 0 ? Math.min(Math.floor((Math.max(funded, 0) * 100) / goal), 100) : 100,
    goal_months_to_budget: monthsToBudget,
    goal_under_funded: underFunded,
    goal_overall_funded: funded,
    goal_overall_left: Math.max(goal - funded, 0),
    goal_snoozed_at: target.goal_snoozed_at,
  };
}

/** `goal_frequency` of a target write → `goal_cadence` (monthly 1, weekly 2, yearly 13). */
const CADENCES: Readonly<Record<string, number>> = { monthly: 1, weekly: 2, yearly: 13 };

/** What a target write asks, read from the body's `category` (undefined = the key is absent). */
export interface TargetWrite {
  goal_target?: unknown;
  goal_target_date?: unknown;
  goal_frequency?: unknown;
  goal_needs_whole_amount?: unknown;
}

/** Refusals of a target write; the route answers them as 400. */
export class TargetError extends Error {}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

function needsWhole(write: TargetWrite, fallback: boolean | null): boolean | null {
  const v = write.goal_needs_whole_amount;
  if (v === undefined) return fallback;
  if (v === null || typeof v === 'boolean') return v;
  throw new TargetError('goal_needs_whole_amount must be a boolean');
}

/** The checked parts of a write that sets an amount: the amount, and a date or a cadence if given. */
interface AmountWrite {
  amount: number;
  date: string | null;
  cadence: number | null;
}

function checkAmountWrite(write: TargetWrite, amount: unknown): AmountWrite {
  const { goal_target_date: date, goal_frequency: frequency } = write;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
    throw new TargetError('goal_target must be a whole number of milliunits, 0 or more');
  }
  const hasDate = date !== undefined && date !== null;
  const hasFrequency = frequency !== undefined && frequency !== null;
  if (hasDate && hasFrequency)
    throw new TargetError('goal_frequency cannot be combined with goal_target_date');
  if (hasDate && !isDate(date)) throw new TargetError('goal_target_date must be a date YYYY-MM-DD');
  const cadence = typeof frequency === 'string' ? CADENCES[frequency] : undefined;
  if (hasFrequency && cadence === undefined)
    throw new TargetError('goal_frequency must be monthly, weekly or yearly');
  return { amount, date: isDate(date) ? date : null, cadence: cadence ?? null };
}

/**
 * The target after a write: `goal_target: null` removes it; an amount alone keeps an existing target's
 * kind, date, cadence and creation month, or creates a monthly target of `monthlyKind` (YNAB makes
 * it NEED, and MF on a credit card payment category); with a date or a frequency the target is
 * replaced by a NEED, created in `todayMonth`.
 */
export function applyTargetWrite(
  current: Target | null,
  write: TargetWrite,
  todayMonth: string,
  monthlyKind: 'NEED' | 'MF' = 'NEED',
): Target | null {
  const amount = write.goal_target;
  if (amount === null) return null;
  if (amount === undefined) {
    const { goal_target_date: date, goal_frequency: frequency } = write;
    if ((date ?? null) !== null || (frequency ?? null) !== null) {
      throw new TargetError('goal_target_date and goal_frequency require goal_target');
    }
    return current === null
      ? null
      : { ...current, goal_needs_whole_amount: needsWhole(write, current.goal_needs_whole_amount) };
  }
  const checked = checkAmountWrite(write, amount);
  if (checked.date === null && checked.cadence === null && current !== null) {
    return {
      ...current,
      goal_target: checked.amount,
      goal_needs_whole_amount: needsWhole(write, current.goal_needs_whole_amount),
    };
  }
  return {
    goal_type: checked.date === null && checked.cadence === null ? monthlyKind : 'NEED',
    goal_target: checked.amount,
    goal_target_date: checked.date,
    goal_cadence: checked.date !== null ? 0 : (checked.cadence ?? 1),
    goal_cadence_frequency: 1,
    goal_creation_month: todayMonth,
    goal_needs_whole_amount: needsWhole(write, null),
    goal_day: null,
    goal_snoozed_at: null,
  };
}
