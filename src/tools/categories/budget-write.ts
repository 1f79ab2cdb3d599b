/**
 * One budgeted-amount write that ends in a known state: sent once, verified against YNAB's answer,
 * and, when the answer is lost, checked by reading the month over the settling window (a write that
 * no read shows is unknown: YNAB may still apply it late).
 */
import type { Deps } from '../../deps.js';
import { type MoneyText } from '../../domain/money.js';
import { unknownMessage, unseenText } from '../../domain/write-outcome.js';
import { budgetedStep, type BudgetedWrite } from '../../safety/outcome/budgeted-step.js';
import { settleSeconds } from '../../safety/outcome/settle.js';
import { keepStepForLater, sendStep } from '../../safety/outcome/step.js';

export type BudgetOutcome = { state: 'applied'; note: string } | { state: 'unknown'; note: string };

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
  money: MoneyText,
): Promise<BudgetOutcome> {
  const sent = await sendStep(
    budgetedStep(deps.ynab, plan, {
      month,
      categoryId,
      from,
      to,
      neither: (held) =>
        `a read-back shows ${held === null ? 'no such category' : money(held)}, neither the old nor the new amount`,
    }),
  );
  switch (sent.end) {
    case 'answered':
      // YNAB may answer 200 and hold something else: say so rather than claim the change
      return sent.answer !== null && sent.answer !== to
        ? {
            state: 'unknown',
            note: mayBe(`YNAB answered the change but shows ${money(sent.answer)} instead of ${money(to)}`),
          }
        : { state: 'applied', note: '' };
    case 'shown':
      return { state: 'applied', note: "YNAB's answer was lost, but a read-back shows the change in place." };
    case 'unseen':
      // the write may still be in flight: not "not applied"
      return {
        state: 'unknown',
        note: unseenText(
          `the new amount (it still shows ${money(from)})`,
          'get_category_balances',
          settleSeconds(),
        ),
      };
    case 'other':
      return { state: 'unknown', note: mayBe(`${sent.lost}; ${sent.held}`) };
    case 'unread':
      return { state: 'unknown', note: mayBe(`${sent.lost}; ${sent.why}`) };
  }
}

/**
 * Keeps a budgeted amount whose write is unknown for the next call on the plan: one read of the
 * month, and once it shows `to`, `landed` journals it (a move's target: nothing more to journal).
 */
export function keepBudgetForLater(
  deps: Deps,
  plan: string,
  w: Omit<BudgetedWrite, 'neither'>,
  landed: () => Promise<unknown>,
): void {
  keepStepForLater(budgetedStep(deps.ynab, plan, { ...w, neither: () => 'neither' }), landed);
}
