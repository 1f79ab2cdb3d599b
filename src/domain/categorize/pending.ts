/**
 * What waits for a category: the assignable categories, the pending transactions, and the transfer
 * halves imported as two transactions. Shared with `apply_categories`.
 */
import { cardPaymentIds, uncategorizedIds } from '../categories/internal.js';
import type { YnabAccount, YnabCategory, YnabCategoryGroup, YnabTransaction } from '../model.js';

/** The visible categories: not hidden, not deleted, in group order, YNAB's fields kept. */
export function visibleCategories(groups: readonly YnabCategoryGroup[]): YnabCategory[] {
  return groups.filter((g) => !g.deleted).flatMap((g) => g.categories.filter((c) => !c.hidden && !c.deleted));
}

/**
 * The categories a transaction can be given (the only ones ever suggested): the visible ones minus the
 * internal Uncategorized and minus the credit-card payment categories; `Inflow: Ready to Assign`
 * included. In group order.
 */
export function assignableCategories(groups: readonly YnabCategoryGroup[]): YnabCategory[] {
  const uncategorized = uncategorizedIds(groups);
  const cardPayments = cardPaymentIds(groups);
  return visibleCategories(groups).filter((c) => !uncategorized.has(c.id) && !cardPayments.has(c.id));
}

/** Ids of the off-budget (tracking) accounts: their transactions take no category. */
export function offBudgetIds(accounts: readonly YnabAccount[]): Set<string> {
  return new Set(accounts.filter((a) => !a.on_budget).map((a) => a.id));
}

/**
 * Waiting for a category: not deleted; no category or the internal Uncategorized; not a transfer;
 * not split (a non-empty list of lines counts, even if they are all deleted); on a budget account.
 */
export function isPending(
  tx: YnabTransaction,
  offBudget: ReadonlySet<string>,
  uncategorized: ReadonlySet<string>,
): boolean {
  return (
    !tx.deleted &&
    (!tx.category_id || uncategorized.has(tx.category_id)) &&
    !tx.transfer_account_id &&
    (tx.subtransactions ?? []).length === 0 &&
    !offBudget.has(tx.account_id)
  );
}

/** The pending transactions, most recent first (ISO dates compared as text; ties keep list order). */
export function pendingTransactions(
  transactions: readonly YnabTransaction[],
  offBudget: ReadonlySet<string>,
  uncategorized: ReadonlySet<string>,
): YnabTransaction[] {
  return transactions
    .filter((t) => isPending(t, offBudget, uncategorized))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

const MS_PER_DAY = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

/** At most this many days apart, either way, for two halves of one transfer. */
export const TRANSFER_WINDOW_DAYS = 3;

/**
 * Likely transfer halves imported as two plain transactions, over the pending list in its order: each
 * outflow not yet paired takes the first inflow of exactly the opposite amount, not yet paired, on
 * another account, at most 3 days apart. Paired both ways; zero amounts never pair.
 */
export function transferPairs(pending: readonly YnabTransaction[]): Map<string, string> {
  const inflows = new Map<number, YnabTransaction[]>();
  for (const t of pending) {
    if (t.amount <= 0) continue;
    const bucket = inflows.get(t.amount);
    if (bucket) bucket.push(t);
    else inflows.set(t.amount, [t]);
  }
  const pairs = new Map<string, string>();
  for (const out of pending) {
    // An outflow is paired only in its own turn (as `out`), so none is paired yet here.
    if (out.amount >= 0) continue;
    const day = dayNumber(out.date);
    const match = (inflows.get(-out.amount) ?? []).find(
      (inn) =>
        !pairs.has(inn.id) &&
        inn.account_id !== out.account_id &&
        Math.abs(dayNumber(inn.date) - day) <= TRANSFER_WINDOW_DAYS,
    );
    if (match === undefined) continue;
    pairs.set(out.id, match.id);
    pairs.set(match.id, out.id);
  }
  return pairs;
}
