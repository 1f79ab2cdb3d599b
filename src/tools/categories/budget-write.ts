/**
 * One budgeted-amount write that ends in a known state: sent once, verified against YNAB's answer,
 * and, when the answer is lost, checked by reading the month over the settling window (a write that
 * no read shows is unknown: YNAB may still apply it late).
 */
import type { Deps } from '../../deps.js';
import type { YnabMonthDetail } from '../../domain/model.js';
import { monthIndex } from '../../domain/categories/budget-writes.js';
import { milliOf } from '../../domain/months/month-categories.js';
import { fmtMoney } from '../../domain/money.js';
import { isUnknownOutcome, reasonOf, unknownMessage, unseenText } from '../../domain/write-outcome.js';
import { keepUntilShown } from '../../safety/outcome/run.js';
import { settleRead, settleSeconds } from '../../safety/outcome/settle.js';

export type BudgetOutcome = { state: 'applied'; note: string } | { state: 'unknown'; note: string };

/** A category's budgeted amount in a month as YNAB shows it (milliunits), or null when it is not there. */
function budgetedIn(m: YnabMonthDetail, categoryId: string): number | null {
  const c = monthIndex(m.categories).get(categoryId);
  return c === undefined ? null : milliOf(c.budgeted);
}

/** The message of an unknown outcome whose reason is `why`. */
const mayBe = (why: string): string =>
  unknownMessage(
    `the change may or may not be applied (${why}). Check with get_category_balances before trying again; do not repeat it blindly.`,
  );

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
    // the write may still be in flight: the month is read until it shows the new amount
    const heldNow = (m: YnabMonthDetail) => budgetedIn(m, categoryId);
    const read = await settleRead(
      () => deps.ynab.months.get(plan, month),
      (m) => heldNow(m) === to,
    );
    if ('why' in read) return { state: 'unknown', note: mayBe(`${reasonOf(error)}; ${read.why}`) };
    const held = heldNow(read.value);
    if (held === to)
      return { state: 'applied', note: "YNAB's answer was lost, but a read-back shows the change in place." };
    if (held === from) {
      return {
        state: 'unknown',
        note: unseenText(
          `the new amount (it still shows ${fmtMoney(from)})`,
          'get_category_balances',
          settleSeconds(),
        ),
      };
    }
    return {
      state: 'unknown',
      note: mayBe(
        `${reasonOf(error)}; a read-back shows ${held === null ? 'no such category' : fmtMoney(held)}, neither the old nor the new amount`,
      ),
    };
  }
  // YNAB may answer 200 and hold something else: say so rather than claim the change
  if (shown !== null && shown !== to) {
    return {
      state: 'unknown',
      note: mayBe(`YNAB answered the change but shows ${fmtMoney(shown)} instead of ${fmtMoney(to)}`),
    };
  }
  return { state: 'applied', note: '' };
}

/**
 * Keeps a budgeted amount whose write is unknown for the next call on the plan: one read of the
 * month, and once it shows `to`, `landed` journals it (a move's target: nothing more to journal).
 */
export function keepBudgetForLater(
  deps: Deps,
  plan: string,
  month: string,
  categoryId: string,
  to: number,
  landed: () => Promise<unknown>,
): void {
  keepUntilShown(async () => {
    return budgetedIn(await deps.ynab.months.get(plan, month), categoryId) === to ? true : null;
  }, landed);
}
