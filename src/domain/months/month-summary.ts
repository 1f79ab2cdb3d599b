/**
 * One month's figures for `get_monthly_summary`, `get_category_balances` and `get_budget_vs_actual`.
 * Pure: a YNAB month detail in milliunits in, currency units out.
 */
import { milliOf, usableCategories } from './month-categories.js';
import type { MonthDetail } from './month-categories.js';
import { roundHalfEven, toUnits, type MoneyText } from '../money.js';
import { clean } from '../text.js';
import { targetView, type TargetView } from './target-view.js';

export interface OverspentLine {
  category_id: string;
  name: string;
  group: string;
  balance: number;
}

export interface MonthSummaryOut {
  month: string;
  income: number;
  budgeted: number;
  activity: number;
  ready_to_assign: number;
  age_of_money: number | null;
  overspent: OverspentLine[];
}

/** The month at a glance: YNAB's totals and the usable categories whose balance is below zero. */
export function summarizeMonth(detail: MonthDetail): MonthSummaryOut {
  const age = detail.age_of_money;
  return {
    month: detail.month,
    income: toUnits(milliOf(detail.income)),
    budgeted: toUnits(milliOf(detail.budgeted)),
    activity: toUnits(milliOf(detail.activity)),
    ready_to_assign: toUnits(milliOf(detail.to_be_budgeted)),
    age_of_money: typeof age === 'number' && Number.isFinite(age) ? age : null,
    overspent: usableCategories(detail)
      .filter((c) => milliOf(c.balance) < 0)
      .map((c) => ({
        category_id: c.id,
        name: clean(c.name),
        group: clean(c.category_group_name),
        balance: toUnits(milliOf(c.balance)),
      })),
  };
}

export interface CategoryBalance {
  category_id: string;
  name: string;
  group: string;
  budgeted: number;
  activity: number;
  balance: number;
  target: TargetView | null;
}

/** False for a category with nothing budgeted, spent or available and no target. */
export const hasFigures = (c: CategoryBalance): boolean =>
  c.budgeted !== 0 || c.activity !== 0 || c.balance !== 0 || c.target !== null;

/**
 * Budgeted, activity, balance and target per usable category; those without figures (`hasFigures`)
 * dropped unless `includeEmpty` (a target just set stays readable).
 */
export function categoryBalances(
  detail: MonthDetail,
  includeEmpty: boolean,
  money: MoneyText,
): CategoryBalance[] {
  const every = usableCategories(detail).map((c) => ({
    category_id: c.id,
    name: clean(c.name),
    group: clean(c.category_group_name),
    budgeted: toUnits(milliOf(c.budgeted)),
    activity: toUnits(milliOf(c.activity)),
    balance: toUnits(milliOf(c.balance)),
    target: targetView(c, money),
  }));
  return includeEmpty ? every : every.filter(hasFigures);
}

/**
 * `utilization_pct`: 0.0 when nothing is budgeted, else round(actual ÷ budgeted × 100, 1) computed on
 * currency units (actual = |activity|), half to even on the exact value.
 */
export function utilizationPct(activity: number, budgeted: number): number {
  if (budgeted === 0) return 0;
  return roundHalfEven((toUnits(Math.abs(activity)) / toUnits(budgeted)) * 100, 1);
}

export interface BudgetLine {
  id: string;
  name: string;
  group: string;
  budgeted: number;
  actual: number;
  balance: number;
  utilization_pct: number;
}

/** Every usable category (no empty filter) with its share of the budget spent. */
export function budgetVsActual(detail: MonthDetail): BudgetLine[] {
  return usableCategories(detail).map((c) => {
    const budgeted = milliOf(c.budgeted);
    const activity = milliOf(c.activity);
    return {
      id: c.id,
      name: clean(c.name),
      group: clean(c.category_group_name),
      budgeted: toUnits(budgeted),
      actual: toUnits(Math.abs(activity)),
      balance: toUnits(milliOf(c.balance)),
      utilization_pct: utilizationPct(activity, budgeted),
    };
  });
}
