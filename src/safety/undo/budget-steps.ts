/**
 * The writes of an undo of budgeted amounts, one category after the other, so that it always ends in
 * a known state: a write whose answer was lost is checked with one read of the month; when a later
 * write fails after an earlier one landed, the undo stops with HalfUndone, which names the half
 * restored and carries the rest for the journal (the next undo_operation finishes it).
 */
import { monthIndex } from '../../domain/categories/budget-writes.js';
import { clean } from '../../domain/text.js';
import { milliOf } from '../../domain/months/month-categories.js';
import { fmtMoney } from '../../domain/money.js';
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import type { YnabClient } from '../../ynab/api.js';
import { HalfUndone } from './types.js';

/** One write: set `category_id` back to `from` (it holds `to`, as the operation left it). */
export interface BudgetStep {
  category_id: string;
  name: string;
  from: number;
  to: number;
}

/** Whether the lost write landed: 'yes', 'no', or the reason it could not be checked. */
async function landed(ynab: YnabClient, plan: string, month: string, step: BudgetStep) {
  try {
    const c = monthIndex((await ynab.months.get(plan, month)).categories).get(step.category_id);
    const held = c === undefined ? null : milliOf(c.budgeted);
    return held === step.from ? 'yes' : held === step.to ? 'no' : 'the amount is neither';
  } catch (error) {
    return `it could not be checked (${reasonOf(error)})`;
  }
}

export async function writeSteps(
  ynab: YnabClient,
  plan: string,
  month: string,
  steps: readonly BudgetStep[],
): Promise<void> {
  for (const [i, step] of steps.entries()) {
    try {
      await ynab.months.setBudgeted(plan, month, step.category_id, step.from);
      continue;
    } catch (error) {
      const check = isUnknownOutcome(error) ? await landed(ynab, plan, month, step) : 'no';
      if (check === 'yes') continue;
      if (i === 0 && check === 'no') throw error; // nothing was restored: refused, or lost and not applied
      const done = steps.slice(0, i);
      const left = steps.slice(i);
      const restored = done.map((s) => `${clean(s.name)} is back to ${fmtMoney(s.from)}`).join(', ');
      const pending = left.map((s) => `${clean(s.name)} back to ${fmtMoney(s.from)}`).join(' and ');
      const failure =
        check === 'no'
          ? `setting ${pending} failed (${reasonOf(error)})`
          : `YNAB's answer to setting ${pending} was lost, and ${check}`;
      const opening = restored === '' ? '' : `${restored}; `;
      throw new HalfUndone(
        `${opening}${failure}.`,
        left.map((s) => ({
          kind: 'budget' as const,
          details: { month, category_id: s.category_id, from: s.from, to: s.to },
        })),
        check !== 'no',
      );
    }
  }
}
