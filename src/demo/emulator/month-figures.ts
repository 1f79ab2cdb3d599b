/**
 * Month figures: per category and month budgeted / activity / balance, per month income, budgeted,
 * activity, carried Ready to Assign and Age of Money. Pure: computed from plan data.
 */
import { ageOfMoneyByMonth } from './age-of-money.js';
import type { PlanData, PlanState, TransactionRow } from '../plan-data.js';

/** A month summary as `GET /months` serves it (no `categories`). */
export interface MonthSummary {
  month: string;
  note: string | null;
  income: number;
  budgeted: number;
  activity: number;
  to_be_budgeted: number;
  age_of_money: number | null;
  deleted: boolean;
}

export interface Figures {
  summaries: Map<string, MonthSummary>;
  /** Activity in milliunits keyed by `<month>|<category id>`. */
  activity: Map<string, number>;
}

/** `YYYY-MM-01` of a `YYYY-MM-DD` date. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

const key = (month: string, categoryId: string): string => `${month}|${categoryId}`;

/** The lines that carry categories: a split's live sub-transactions, else the transaction itself. */
export function categoryLines(t: TransactionRow): { amount: number; category_id: string | null }[] {
  const subs = (t.subtransactions ?? []).filter((s) => !s.deleted);
  return subs.length > 0 ? subs : [t];
}

/** Budgeted milliunits of a category in a month (the inflow category is always 0). */
export function budgetedOf(plan: PlanData, month: string, categoryId: string): number {
  if (categoryId === plan.inflow_category_id) return 0;
  return plan.budgets[month]?.[categoryId] ?? 0;
}

/** Activity of a category in a month (the inflow category always shows 0). */
export function activityOf(plan: PlanData, figures: Figures, month: string, categoryId: string): number {
  if (categoryId === plan.inflow_category_id) return 0;
  return figures.activity.get(key(month, categoryId)) ?? 0;
}

/** Activity per (month, category) and inflow per month, from the live transactions. */
function sums(plan: PlanData): { activity: Map<string, number>; inflowByMonth: Map<string, number> } {
  const activity = new Map<string, number>();
  const inflowByMonth = new Map<string, number>();
  for (const t of plan.transactions) {
    if (t.deleted) continue;
    const month = monthOf(t.date);
    for (const line of categoryLines(t)) {
      if (line.category_id === null) continue;
      if (line.category_id === plan.inflow_category_id) {
        inflowByMonth.set(month, (inflowByMonth.get(month) ?? 0) + line.amount);
      } else {
        const k = key(month, line.category_id);
        activity.set(k, (activity.get(k) ?? 0) + line.amount);
      }
    }
  }
  return { activity, inflowByMonth };
}

/** A month's budgeted and activity totals over the categories (the inflow category left out). */
function monthTotals(
  plan: PlanData,
  activity: Map<string, number>,
  month: string,
): { budgeted: number; spent: number } {
  let budgeted = 0;
  let spent = 0;
  for (const c of plan.categories) {
    if (c.deleted || c.id === plan.inflow_category_id) continue;
    budgeted += budgetedOf(plan, month, c.id);
    spent += activity.get(key(month, c.id)) ?? 0;
  }
  return { budgeted, spent };
}

/** Every figure of every month of the plan. */
export function computeFigures(plan: PlanData): Figures {
  const { activity, inflowByMonth } = sums(plan);
  const months = [...plan.months].sort();
  const ages = ageOfMoneyByMonth(months, plan.accounts, plan.transactions);
  // the months of a map are distinct: no two compare equal
  const inflowMonths = [...inflowByMonth.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const summaries = new Map<string, MonthSummary>();
  let inflowSoFar = 0;
  let next = 0;
  let assignedSoFar = 0;
  for (const month of months) {
    // below the length, the entry is there
    for (; next < inflowMonths.length && inflowMonths[next]![0] <= month; next++) {
      inflowSoFar += inflowMonths[next]![1];
    }
    const { budgeted, spent } = monthTotals(plan, activity, month);
    assignedSoFar += budgeted;
    summaries.set(month, {
      month,
      note: null,
      income: inflowByMonth.get(month) ?? 0,
      budgeted,
      activity: spent,
      to_be_budgeted: inflowSoFar - assignedSoFar,
      age_of_money: ages.get(month) ?? null,
      deleted: false,
    });
  }
  return { summaries, activity };
}

const cache = new WeakMap<PlanState, { knowledge: number; figures: Figures }>();

/** The figures of a live state, computed once per server knowledge (every write bumps it). */
export function figuresOf(state: PlanState): Figures {
  const hit = cache.get(state);
  if (hit !== undefined && hit.knowledge === state.knowledge) return hit.figures;
  const figures = computeFigures(state);
  cache.set(state, { knowledge: state.knowledge, figures });
  return figures;
}
