/**
 * Planning `apply_categories`: each assignment checked in the order given, the first failure refusing
 * the whole call; then the change list. Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { changeOf, type Change } from './changes.js';
import { AppError } from '../errors.js';
import type { YnabTransaction } from '../model.js';

export interface Assignment {
  transaction_id: string;
  category_id: string;
}

function checkCategory(categoryId: string, index: CategoryIndex): void {
  if (index.uncategorized.has(categoryId)) {
    throw new AppError(`Category ${categoryId} is YNAB's internal Uncategorized: choose a real category.`);
  }
  if (!index.visible.has(categoryId)) {
    throw new AppError(
      `Category ${categoryId} is not in this plan: use a category_id from the categories returned by suggest_categories.`,
    );
  }
  if (index.cardPayment.has(categoryId)) {
    throw new AppError(
      `Category ${categoryId} pays a credit card: YNAB ignores it on a transaction. Choose the category of what was paid for.`,
    );
  }
}

function checkTransaction(tx: YnabTransaction, offBudget: ReadonlySet<string>): void {
  if ((tx.subtransactions ?? []).some((s) => !s.deleted)) {
    throw new AppError(`Transaction ${tx.id} is split across categories: change its lines in YNAB.`);
  }
  if (offBudget.has(tx.account_id)) {
    throw new AppError(`Transaction ${tx.id} is on an off-budget account: YNAB gives it no category.`);
  }
  if (tx.transfer_account_id) {
    throw new AppError(`Transaction ${tx.id} is a transfer between accounts: YNAB gives it no category.`);
  }
}

/** The changes the assignments make, and how many would change nothing. */
export function planAssignments(
  assignments: readonly Assignment[],
  transactions: readonly YnabTransaction[],
  index: CategoryIndex,
  offBudget: ReadonlySet<string>,
): { changes: Change[]; unchanged: number } {
  const byId = new Map(transactions.filter((t) => !t.deleted).map((t) => [t.id, t]));
  const seen = new Set<string>();
  const changes: Change[] = [];
  let unchanged = 0;
  for (const a of assignments) {
    if (seen.has(a.transaction_id)) {
      throw new AppError(`Transaction ${a.transaction_id} is assigned twice: keep one assignment.`);
    }
    seen.add(a.transaction_id);
    const tx = byId.get(a.transaction_id);
    if (!tx) {
      throw new AppError(
        `Transaction ${a.transaction_id} is not in this plan: use the transaction_id values returned by suggest_categories.`,
      );
    }
    checkCategory(a.category_id, index);
    checkTransaction(tx, offBudget);
    if ((tx.category_id ?? null) === a.category_id) unchanged += 1;
    else changes.push(changeOf(tx, a.category_id, index.names));
  }
  return { changes, unchanged };
}
