/**
 * The writes of an undo of budgeted amounts, one category after the other, as undo steps (steps.ts):
 * each write's lost answer is read in the month; a stop halfway names the categories back and
 * journals the rest as `budget` operations, which the next undo_operation finishes.
 */
import { clean } from '../../domain/text.js';
import { type MoneyText } from '../../domain/money.js';
import { unseenText } from '../../domain/write-outcome.js';
import type { YnabClient } from '../../ynab/api.js';
import { budgetedStep } from '../outcome/budgeted-step.js';
import { budgetedHeld } from '../recognise.js';
import { runSteps } from './steps.js';

/** One write: set `category_id` back to `from` (it holds `to`, as the operation left it). */
export interface BudgetStep {
  category_id: string;
  name: string;
  from: number;
  to: number;
}

/** A step of a budget undo: the write of one category back to `from`, read in the month. */
const budgetStep = (ynab: YnabClient, plan: string, month: string, step: BudgetStep) => ({
  ...step,
  ...budgetedStep(ynab, plan, {
    month,
    categoryId: step.category_id,
    // the undo sets the amount the operation found, from the one it left
    from: step.to,
    to: step.from,
    neither: () => 'the amount is neither',
  }),
  recognise: budgetedHeld(month, step.category_id, step.from),
});

const back = (s: BudgetStep, money: MoneyText): string => `${clean(s.name)} back to ${money(s.from)}`;

export async function writeSteps(
  ynab: YnabClient,
  plan: string,
  month: string,
  steps: readonly BudgetStep[],
  money: MoneyText,
): Promise<void> {
  await runSteps(
    steps.map((s) => budgetStep(ynab, plan, month, s)),
    {
      check: 'get_category_balances',
      // not shown after the window: it may land late; the next undo compares each category anew
      firstUnseen: (s, seconds) =>
        `${unseenText(`${clean(s.name)} back at ${money(s.from)}`, 'get_category_balances', seconds)} The operation is still in the journal: undo_operation re-reads the month first and puts back only what is still to put back.`,
      halfway: (done, left, failure) => {
        const restored = done.map((s) => `${clean(s.name)} is back to ${money(s.from)}`).join(', ');
        const pending = left.map((s) => back(s, money)).join(' and ');
        const why =
          'refused' in failure
            ? `setting ${pending} failed (${failure.refused})`
            : 'unseen' in failure
              ? `YNAB's answer to setting ${pending} was lost, and reads over ${failure.seconds} s do not show it yet (YNAB may still apply it late)`
              : `YNAB's answer to setting ${pending} was lost, and ${failure.unknown}`;
        return `${restored === '' ? '' : `${restored}; `}${why}.`;
      },
      remainder: (left) =>
        left.map((s) => ({
          kind: 'budget' as const,
          details: { month, category_id: s.category_id, from: s.from, to: s.to },
        })),
    },
  );
}
