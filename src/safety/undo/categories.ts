/**
 * Undo of the category kinds: `budget` and `move` re-read the month and put the amounts back only when
 * they are still exactly as the operation left them; `target` sends the stored fields that restore the
 * previous target, only while the category still holds the target the operation set.
 */
import type { MoneyText } from '../../domain/money.js';
import { indexCategories } from '../../domain/categories/category-lists.js';
import {
  monthIndex,
  planBudgetUndo,
  planMoveUndo,
  type BudgetUndoPlan,
} from '../../domain/categories/budget-writes.js';
import { targetDescription } from '../../domain/months/targets.js';
import { clean } from '../../domain/text.js';
import type { YnabClient } from '../../ynab/api.js';
import type { JournalEntry } from '../journal.js';
import type { YnabCategory } from '../../domain/model.js';
import { budgetedHeld, fieldsHeld } from '../recognise.js';
import { writeSteps, type BudgetStep } from './budget-steps.js';
import type { UndoHandler, UndoPlan } from './types.js';

interface Change {
  category_id: string;
  from: number;
  to: number;
}

function toUndoPlan(
  ynab: YnabClient,
  plan: string,
  month: string,
  entry: JournalEntry,
  undo: BudgetUndoPlan,
  message: string,
  index: ReadonlyMap<string, YnabCategory>,
  changes: readonly Change[],
  money: MoneyText,
): UndoPlan {
  // each write as a step that knows what the operation left, so a half-done undo can be journaled;
  // a write is planned only for a category the month still holds as the operation left it
  const steps: BudgetStep[] = undo.writes.map((w) => {
    const c = changes.find((x) => x.category_id === w.category_id) as Change;
    return { ...c, name: index.get(w.category_id)!.name };
  });
  const [only] = steps;
  return {
    sends: Math.max(1, steps.length),
    // one amount set back: recognised from its request, whichever process reads the month next
    ...(steps.length === 1 && only !== undefined
      ? { recognise: () => budgetedHeld(month, only.category_id, only.from) }
      : {}),
    conflicts: undo.conflicts,
    changes: [],
    fullConflict: undo.fullConflict,
    question: undo.question,
    subject: { undo: entry.operation_id, items: undo.items },
    flow: 'merge',
    apply: async () => {
      await writeSteps(ynab, plan, month, steps, money);
      return message;
    },
  };
}

export const undoBudget: UndoHandler<'budget'> = async (ynab, plan, entry, details, money) => {
  const index = monthIndex((await ynab.months.get(plan, details.month)).categories);
  const undo = planBudgetUndo(index, details.month, details, money);
  return toUndoPlan(
    ynab,
    plan,
    details.month,
    entry,
    undo,
    'Budgeted amount restored.',
    index,
    [details],
    money,
  );
};

export const undoMove: UndoHandler<'move'> = async (ynab, plan, entry, details, money) => {
  const index = monthIndex((await ynab.months.get(plan, details.month)).categories);
  const [source, target] = details.changes;
  const undo = planMoveUndo(index, details.month, source, target, money);
  const message =
    undo.writes.length === 1
      ? `${clean(index.get(undo.writes[0]!.category_id)!.name)} restored; the other amount was already back.`
      : 'Both amounts restored.';
  return toUndoPlan(ynab, plan, details.month, entry, undo, message, index, [source, target], money);
};

export const TARGET_CHANGED = 'The target changed since: left alone.';

export const undoTarget: UndoHandler<'target'> = async (ynab, plan, entry, details, money) => {
  const categoryId = details.category_id;
  const category = indexCategories(await ynab.categories.groups(plan)).visible.get(categoryId);
  // the journal keeps the target in plain words (domain/categories/target-writes.ts)
  const intact = category !== undefined && targetDescription(category, money.plain) === details.after;
  return {
    conflicts: intact ? [] : [categoryId],
    changes: [],
    fullConflict: intact ? null : TARGET_CHANGED,
    question: `Undo: set the target of ${clean(category?.name ?? categoryId)} back${details.before === undefined ? '' : ` to ${details.before}`}?`,
    subject: { undo: entry.operation_id, items: [categoryId] },
    flow: 'merge',
    readBack: async () => {
      const now = indexCategories(await ynab.categories.groups(plan)).visible.get(categoryId);
      if (now === undefined) return 'the category gone';
      const held = targetDescription(now, money.plain);
      if (held === details.after) return false;
      return held === details.before
        ? true
        : `the target neither as set nor as before (${targetDescription(now, money)})`;
    },
    recognise: () => fieldsHeld([{ id: categoryId, ...details.undo }], null, 'categories'),
    apply: async () => {
      await ynab.categories.update(plan, categoryId, details.undo);
      return 'Target restored.';
    },
  };
};
