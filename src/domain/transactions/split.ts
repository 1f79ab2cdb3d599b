/**
 * Planning `split_transaction`: the checks in their order, the preview, the subject, the question and
 * the lines YNAB receives. Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { AppError } from '../errors.js';
import { type MoneyText, toMilli, toUnits } from '../money.js';
import type { YnabTransaction } from '../model.js';
import { clean } from '../text.js';

export interface SplitLineInput {
  amount: number;
  category_id: string;
  memo: string | null;
}

export interface SplitPreview {
  transaction_id: string;
  date: string;
  payee: string;
  amount: number;
  from_category: string | null;
  lines: { amount: number; category: string; memo: string | null }[];
}

/** A line that passed the checks: its amount in milliunits and its category's display name. */
export interface CheckedLine extends SplitLineInput {
  /** The line's amount in milliunits. */
  milli: number;
  category: string;
}

export interface SplitPlan {
  preview: SplitPreview;
  lines: CheckedLine[];
}

export const SPLIT_WARNING =
  'undo_operation cannot revert a split: to undo it, edit the transaction in YNAB.';

const hasMemo = (memo: string | null): memo is string => memo !== null && memo !== '';

function checkTransaction(
  id: string,
  transactions: readonly YnabTransaction[],
  offBudget: ReadonlySet<string>,
): YnabTransaction {
  const tx = transactions.find((t) => t.id === id);
  if (tx === undefined) {
    throw new AppError(
      `Transaction ${id} is not in this plan: use a transaction_id returned by suggest_categories.`,
    );
  }
  if (tx.deleted) throw new AppError(`Transaction ${id} was deleted in YNAB: there is nothing to split.`);
  if ((tx.subtransactions ?? []).some((s) => !s.deleted)) {
    throw new AppError(
      `Transaction ${id} is already split: YNAB's API cannot change its lines, change them in YNAB.`,
    );
  }
  const onBudget = !offBudget.has(tx.account_id);
  const transfer = tx.transfer_account_id;
  // A transfer from a budget account to a tracking one carries a category, but YNAB's API (1.86.0)
  // documents no way to split a transfer: sending lines could break the link between its two sides.
  if (transfer && onBudget && offBudget.has(transfer)) {
    throw new AppError(
      `Transaction ${id} is a transfer to a tracking account: YNAB's API offers no way to split a transfer, so it is left as it is. Split it in YNAB itself.`,
    );
  }
  if (transfer) throw new AppError(`Transaction ${id} is a transfer between accounts: it cannot be split.`);
  if (!onBudget)
    throw new AppError(`Transaction ${id} is on an off-budget account: YNAB does not split those.`);
  return tx;
}

function checkLine(line: SplitLineInput, index: CategoryIndex): CheckedLine {
  const milli = toMilli(line.amount);
  const id = line.category_id;
  if (milli === 0) throw new AppError('A line is zero: leave it out.');
  if (index.uncategorized.has(id)) {
    throw new AppError(`Category ${id} is YNAB's internal Uncategorized: choose a real category.`);
  }
  const category = index.visible.get(id);
  if (category === undefined) {
    throw new AppError(
      `Category ${id} is not in this plan: use a category_id from suggest_categories or get_category_balances.`,
    );
  }
  if (index.cardPayment.has(id)) {
    throw new AppError(
      `Category ${id} pays a credit card: YNAB ignores it on a transaction. Choose the category of what was paid for.`,
    );
  }
  return { ...line, milli, category: clean(category.name) };
}

/** Checks the split in a fixed order (the first failure refuses it) and builds its preview. */
export function planSplit(
  transactionId: string,
  lines: readonly SplitLineInput[],
  transactions: readonly YnabTransaction[],
  index: CategoryIndex,
  offBudget: ReadonlySet<string>,
  money: MoneyText,
): SplitPlan {
  const tx = checkTransaction(transactionId, transactions, offBudget);
  if (lines.length < 2) {
    throw new AppError(
      'Give at least two lines: to give the whole transaction one category, use apply_categories.',
    );
  }
  const checked = lines.map((line) => checkLine(line, index));
  const total = checked.reduce((sum, l) => sum + l.milli, 0);
  if (total !== tx.amount) {
    throw new AppError(
      `The lines add up to ${money(total)}, the transaction is ${money(tx.amount)}: they must match to the cent.`,
    );
  }
  const from = tx.category_id ?? null;
  return {
    lines: checked,
    preview: {
      transaction_id: tx.id,
      date: tx.date,
      payee: clean(tx.payee_name),
      amount: toUnits(tx.amount),
      from_category: from === null ? null : (index.names.get(from) ?? clean(tx.category_name ?? from)),
      lines: checked.map((l) => ({
        amount: toUnits(l.milli),
        category: l.category,
        memo: hasMemo(l.memo) ? clean(l.memo) : null,
      })),
    },
  };
}

/** The subject: the transaction and the lines as given. */
export const splitSubject = (transactionId: string, lines: readonly SplitLineInput[]) => ({
  transaction: transactionId,
  lines: lines.map((l) => ({ amount: l.amount, category_id: l.category_id, memo: l.memo })),
});

/** `Split {date} {payee} {amount:.2f} into {n} lines?`, a line each, then the warning. */
export function splitQuestion(plan: SplitPlan, money: MoneyText): string {
  const p = plan.preview;
  return [
    `Split ${money.date(p.date)} ${p.payee} ${money(toMilli(p.amount))} into ${p.lines.length} lines?`,
    ...p.lines.map(
      (l) => `- ${money(toMilli(l.amount))} ${l.category}${l.memo === null ? '' : ` (${l.memo})`}`,
    ),
    SPLIT_WARNING,
  ].join('\n');
}

/** The PATCH item: no category on the parent, the lines in milliunits, a memo only when non-empty. */
export function splitPatch(transactionId: string, plan: SplitPlan) {
  return {
    id: transactionId,
    category_id: null,
    subtransactions: plan.lines.map((l) => ({
      amount: l.milli,
      category_id: l.category_id,
      ...(hasMemo(l.memo) ? { memo: l.memo } : {}),
    })),
  };
}
