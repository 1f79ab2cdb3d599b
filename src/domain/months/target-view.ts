/**
 * A category's target as data an assistant can read back, whether or not the category still needs money
 * (so the result of set_category_target can be checked): its kind, amount, date or cadence, and what YNAB
 * wants this month. Pure; amounts in currency units.
 */
import type { YnabCategory } from '../model.js';
import { toUnits, type MoneyText } from '../money.js';
import { milliOf } from './month-categories.js';
import { hasGoalType, targetDescription } from './targets.js';

export type TargetKind =
  'monthly_funding' | 'target_balance' | 'target_balance_by_date' | 'debt_payment' | 'spending';

const KIND_OF: Readonly<Record<string, TargetKind>> = {
  MF: 'monthly_funding',
  TB: 'target_balance',
  TBD: 'target_balance_by_date',
  DEBT: 'debt_payment',
  NEED: 'spending',
};

/** YNAB's `goal_cadence` values the API can express. */
const CADENCE_OF: Readonly<Record<number, 'monthly' | 'weekly' | 'yearly'>> = {
  1: 'monthly',
  2: 'weekly',
  13: 'yearly',
};

export interface TargetView {
  kind: TargetKind | null;
  description: string;
  amount: number | null;
  date: string | null;
  cadence: 'monthly' | 'weekly' | 'yearly' | null;
  every: number | null;
  needed_this_month: number;
  left: number;
  percent_complete: number | null;
  snoozed: boolean;
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The target of a category, or null when it has none. */
export function targetView(c: YnabCategory, money: MoneyText): TargetView | null {
  if (!hasGoalType(c)) return null;
  const goal = finite(c.goal_target);
  const cadence = finite(c.goal_cadence);
  return {
    kind: KIND_OF[c.goal_type as string] ?? null,
    // a field of the data: plain numbers and ISO dates, as the other figures
    description: targetDescription(c, money.plain),
    amount: goal === null ? null : toUnits(goal),
    date: c.goal_target_date ?? null,
    cadence: cadence === null ? null : (CADENCE_OF[cadence] ?? null),
    every: finite(c.goal_cadence_frequency),
    needed_this_month: toUnits(milliOf(c.goal_under_funded)),
    left: toUnits(milliOf(c.goal_overall_left)),
    percent_complete: finite(c.goal_percentage_complete),
    snoozed: Boolean(c.goal_snoozed_at),
  };
}
