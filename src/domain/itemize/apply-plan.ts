/**
 * Planning apply_itemization: several splits and recategorisations checked as split_transaction and
 * apply_categories check them, a transaction named once, and the question that says, before the yes,
 * which lines undo_operation can revert (the recategorisations) and which it cannot (the splits).
 * Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { planAssignments } from '../categorize/assignments.js';
import { changeQuestion, type Change } from '../categorize/changes.js';
import { AppError } from '../errors.js';
import { toMilli, type MoneyText } from '../money.js';
import type { YnabTransaction } from '../model.js';
import { SPLIT_WARNING, planSplit, type SplitLineInput, type SplitPlan } from '../transactions/split.js';

export interface ItemizationInput {
  /** A line's category may still be null in what the read tools proposed: refused, asking for it. */
  splits: {
    transaction_id: string;
    lines: (Omit<SplitLineInput, 'category_id'> & { category_id: string | null })[];
  }[];
  categories: { transaction_id: string; category_id: string }[];
}

export interface ItemizationPlan {
  splits: { transaction_id: string; lines: SplitLineInput[]; plan: SplitPlan }[];
  changes: Change[];
  unchanged: number;
}

export function planItemization(
  input: ItemizationInput,
  transactions: readonly YnabTransaction[],
  index: CategoryIndex,
  offBudget: ReadonlySet<string>,
  money: MoneyText,
): ItemizationPlan {
  const ids = [...input.splits, ...input.categories].map((x) => x.transaction_id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined)
    throw new AppError(`Transaction ${twice} is named twice: give it one split or one category.`);
  if (ids.length === 0)
    throw new AppError('Give splits or categories to apply (from itemize_transaction or match_orders).');
  const splits = input.splits.map((s, i) => {
    const lines = s.lines.map((l, j): SplitLineInput => {
      if (l.category_id === null)
        throw new AppError(
          `splits[${i}].lines[${j}] has no category yet: ask the person for one, then give its category_id.`,
        );
      return { ...l, category_id: l.category_id };
    });
    return {
      transaction_id: s.transaction_id,
      lines,
      plan: planSplit(s.transaction_id, lines, transactions, index, offBudget, money),
    };
  });
  const { changes, unchanged } = planAssignments(input.categories, transactions, index, offBudget);
  return { splits, changes, unchanged };
}

/** The split lines of a question: `Split {date} {payee} {amount}:` then a line each. */
function splitLines(plan: SplitPlan, money: MoneyText): string[] {
  const p = plan.preview;
  return [
    `Split ${money.date(p.date)} ${p.payee} ${money(toMilli(p.amount))} into ${String(p.lines.length)} lines:`,
    ...p.lines.map(
      (l) => `- ${money(toMilli(l.amount))} ${l.category}${l.memo === null ? '' : ` (${l.memo})`}`,
    ),
  ];
}

/** The question: what each part does, then what undo can and cannot revert. */
export function itemizationQuestion(plan: ItemizationPlan, money: MoneyText): string {
  const parts = [
    `Apply ${String(plan.splits.length)} split(s) and ${String(plan.changes.length)} category change(s)?`,
  ];
  for (const s of plan.splits) parts.push(...splitLines(s.plan, money));
  if (plan.changes.length > 0) parts.push(changeQuestion('Recategorise', plan.changes, money));
  if (plan.changes.length > 0) parts.push('undo_operation can revert the category changes.');
  if (plan.splits.length > 0) parts.push(`The splits cannot be undone: ${SPLIT_WARNING}`);
  return parts.join('\n');
}
