/**
 * One budgeted-amount write that ends in a known state: sent once, verified against YNAB's answer,
 * and, when the answer is lost, checked with one read of the month.
 */
import type { Deps } from '../../deps.js';
import { monthIndex } from '../../domain/categories/budget-writes.js';
import { milliOf } from '../../domain/months/month-categories.js';
import { fmtMoney } from '../../domain/money.js';
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import { readBack } from '../seam/outcome.js';

export type BudgetOutcome =
  | { state: 'applied'; note: string }
  | { state: 'not_applied'; note: string }
  | { state: 'unknown'; note: string };

/** Sets `categoryId` from `from` to `to`; refusals (YNAB's errors, pacing) are thrown as they are. */
export async function setBudgetedChecked(
  deps: Deps,
  plan: string,
  month: string,
  categoryId: string,
  from: number,
  to: number,
): Promise<BudgetOutcome> {
  let shown: number | null;
  try {
    shown = await deps.ynab.months.setBudgeted(plan, month, categoryId, to);
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    const read = await readBack(() => deps.ynab.months.get(plan, month));
    if ('why' in read) return { state: 'unknown', note: `${reasonOf(error)}; ${read.why}` };
    const c = monthIndex(read.value.categories).get(categoryId);
    const held = c === undefined ? null : milliOf(c.budgeted);
    if (held === to)
      return { state: 'applied', note: "YNAB's answer was lost, but a read-back shows the change in place." };
    if (held === from) {
      return {
        state: 'not_applied',
        note: `YNAB's answer was lost, and a read-back shows the amount still at ${fmtMoney(from)}: nothing changed. It is safe to ask again.`,
      };
    }
    return {
      state: 'unknown',
      note: `${reasonOf(error)}; a read-back shows ${held === null ? 'no such category' : fmtMoney(held)}, neither the old nor the new amount`,
    };
  }
  // YNAB may answer 200 and hold something else: say so rather than claim the change
  if (shown !== null && shown !== to) {
    return {
      state: 'unknown',
      note: `YNAB answered the change but shows ${fmtMoney(shown)} instead of ${fmtMoney(to)}`,
    };
  }
  return { state: 'applied', note: '' };
}
