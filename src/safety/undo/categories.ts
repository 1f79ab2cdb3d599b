/**
 * Undo of the `budget` and `move` kinds (spec core.md §4.4–4.5, write-tools.md §4.14): re-read the
 * month, put the amounts back only when they are still exactly as the operation left them (D4, D7).
 * Registered by importing this module (tools/budget-writes.ts does).
 */
import {
  budgetDetails,
  monthIndex,
  moveDetails,
  planBudgetUndo,
  planMoveUndo,
  type BudgetUndoPlan,
} from '../../domain/categories/budget-writes.js';
import { AppError } from '../../domain/errors.js';
import type { YnabCategory } from '../../domain/model.js';
import type { YnabClient } from '../../ynab/api.js';
import type { JournalEntry } from '../journal.js';
import { registerUndo, type UndoPlan } from './categorize.js';

/** The month's categories by id (one request, never cached). */
export async function readMonth(
  ynab: YnabClient,
  plan: string,
  month: string,
): Promise<Map<string, YnabCategory>> {
  return monthIndex((await ynab.month(plan, month)).categories);
}

/** Sets a category's budgeted amount for a month (absolute, milliunits): one PATCH. */
export async function patchBudgeted(
  ynab: YnabClient,
  plan: string,
  month: string,
  categoryId: string,
  budgeted: number,
): Promise<void> {
  await ynab.request('PATCH', ['plans', plan, 'months', month, 'categories', categoryId], {
    body: { category: { budgeted } },
  });
}

const unreadable = (entry: JournalEntry): AppError =>
  new AppError(
    `Operation ${entry.operation_id} of the journal lacks the amounts its undo needs: nothing was changed. Set the amounts back in YNAB.`,
  );

function toUndoPlan(
  ynab: YnabClient,
  plan: string,
  month: string,
  entry: JournalEntry,
  undo: BudgetUndoPlan,
  message: string,
): UndoPlan {
  return {
    conflicts: undo.conflicts,
    changes: [],
    fullConflict: undo.fullConflict,
    question: undo.question,
    subject: { undo: entry.operation_id, items: undo.items },
    flow: 'merge',
    apply: async () => {
      for (const w of undo.writes) await patchBudgeted(ynab, plan, month, w.category_id, w.budgeted);
      return message;
    },
  };
}

registerUndo('budget', async (ynab, plan, entry) => {
  const details = budgetDetails(entry.details);
  if (!details) throw unreadable(entry);
  const index = await readMonth(ynab, plan, details.month);
  const undo = planBudgetUndo(index, details.month, details.change);
  return toUndoPlan(ynab, plan, details.month, entry, undo, 'Budgeted amount restored.');
});

registerUndo('move', async (ynab, plan, entry) => {
  const details = moveDetails(entry.details);
  if (!details) throw unreadable(entry);
  const index = await readMonth(ynab, plan, details.month);
  const undo = planMoveUndo(index, details.month, details.source, details.target);
  return toUndoPlan(ynab, plan, details.month, entry, undo, 'Both amounts restored.');
});
