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
import { isUnknownOutcome, reasonOf, UnknownOutcome, unseenText } from '../../domain/write-outcome.js';
import { settleRead, settleSeconds } from '../outcome/settle.js';
import type { YnabClient } from '../../ynab/api.js';
import { HalfUndone } from './types.js';

/** One write: set `category_id` back to `from` (it holds `to`, as the operation left it). */
export interface BudgetStep {
  category_id: string;
  name: string;
  from: number;
  to: number;
}

/**
 * Whether the lost write landed, read over the settling window: 'yes', 'no' (still as the operation
 * left it: it may land late), or the reason it could not be checked.
 */
async function landed(ynab: YnabClient, plan: string, month: string, step: BudgetStep) {
  const heldIn = (m: Awaited<ReturnType<YnabClient['months']['get']>>) => {
    const c = monthIndex(m.categories).get(step.category_id);
    return c === undefined ? null : milliOf(c.budgeted);
  };
  const read = await settleRead(
    () => ynab.months.get(plan, month),
    (m) => heldIn(m) === step.from,
  );
  if ('why' in read) return `it could not be checked (${read.why})`;
  const held = heldIn(read.value);
  return held === step.from ? 'yes' : held === step.to ? 'no' : 'the amount is neither';
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
      const lost = isUnknownOutcome(error);
      const check = lost ? await landed(ynab, plan, month, step) : 'no';
      if (check === 'yes') continue;
      if (i === 0 && !lost) throw error; // refused: nothing was restored
      if (i === 0 && check === 'no') {
        // not shown after the window: it may land late; the next undo compares each category anew
        const unseen = new UnknownOutcome(
          `${unseenText(`${clean(step.name)} back at ${fmtMoney(step.from)}`, 'get_category_balances', settleSeconds())} The operation is still in the journal: undo_operation re-reads the month first and puts back only what is still to put back.`,
        );
        // a later call settles it once the month shows the category back
        unseen.recheck = async () => (await landed(ynab, plan, month, step)) === 'yes';
        throw unseen;
      }
      const done = steps.slice(0, i);
      const left = steps.slice(i);
      const restored = done.map((s) => `${clean(s.name)} is back to ${fmtMoney(s.from)}`).join(', ');
      const pending = left.map((s) => `${clean(s.name)} back to ${fmtMoney(s.from)}`).join(' and ');
      const failure = !lost
        ? `setting ${pending} failed (${reasonOf(error)})`
        : check === 'no'
          ? `YNAB's answer to setting ${pending} was lost, and reads over ${settleSeconds()} s do not show it yet (YNAB may still apply it late)`
          : `YNAB's answer to setting ${pending} was lost, and ${check}`;
      const opening = restored === '' ? '' : `${restored}; `;
      throw new HalfUndone(
        `${opening}${failure}.`,
        left.map((s) => ({
          kind: 'budget' as const,
          details: { month, category_id: s.category_id, from: s.from, to: s.to },
        })),
        lost,
      );
    }
  }
}
