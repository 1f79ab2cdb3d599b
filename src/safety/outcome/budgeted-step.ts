/**
 * The write of one category's budgeted amount in one month, as a step (step.ts): it sends the new
 * amount, and a read of the month tells whether the category holds it (in place), still the amount
 * it had (not in place), or something else — which the caller names in its own words. Set a budget,
 * each half of a move, and each write of their undos are this step.
 */
import { monthIndex } from '../../domain/categories/budget-writes.js';
import { milliOf } from '../../domain/months/month-categories.js';
import type { YnabClient } from '../../ynab/api.js';
import type { Step } from './step.js';

export interface BudgetedWrite {
  month: string;
  categoryId: string;
  /** The amount it holds before the write (milliunits). */
  from: number;
  /** The amount the write sets. */
  to: number;
  /** What a read that shows neither amount holds, in the caller's words (null: no such category). */
  neither: (held: number | null) => string;
}

/** The step; its answer is the amount YNAB's answer shows (null when it shows none). */
export function budgetedStep(ynab: YnabClient, plan: string, w: BudgetedWrite): Step<number | null> {
  return {
    send: () => ynab.months.setBudgeted(plan, w.month, w.categoryId, w.to),
    check: async () => {
      const c = monthIndex((await ynab.months.get(plan, w.month)).categories).get(w.categoryId);
      const held = c === undefined ? null : milliOf(c.budgeted);
      return held === w.to ? true : held === w.from ? false : w.neither(held);
    },
  };
}
