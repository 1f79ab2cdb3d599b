/**
 * The classifier: how each merchant was categorised before, money in and money out apart, and the
 * suggestion it supports for a pending transaction.
 */
import type { YnabAccount, YnabCategory, YnabCategoryGroup, YnabTransaction } from '../model.js';
import { roundHalfEven, toUnits } from '../money.js';
import { uncategorizedIds } from '../categories/internal.js';
import { merchant } from '../payees/merchant.js';
import { assignableCategories, offBudgetIds, pendingTransactions, transferPairs } from './pending.js';
import { perSnapshot } from '../memo.js';
import { clean } from '../text.js';
import { duplicateCopies, payeeFields, type DuplicateEvidence } from '../transactions/row-payee.js';

/** Category uses per merchant key: merchant → category id → count, both in first-seen order. */
export type MerchantHistory = Map<string, Map<string, number>>;

/** The history of each direction: money out (amount < 0) and money in (amount ≥ 0). */
export interface History {
  out: MerchantHistory;
  in: MerchantHistory;
}

export interface Suggestion {
  category_id: string;
  category_name: string;
  /** Share of the merchant's past uses that went to this category, rounded to 2 decimals. */
  confidence: number;
}

/**
 * Counts the categories each merchant was given, from the transactions that are not deleted and not
 * transfers, each direction apart. Transactions without a category or a merchant key are skipped (a
 * split parent carries no category; its lines are not read).
 */
export function buildHistory(transactions: readonly YnabTransaction[]): History {
  const history: History = { out: new Map(), in: new Map() };
  for (const t of transactions) {
    if (t.deleted || t.transfer_account_id || !t.category_id) continue;
    const key = merchant(t.payee_name);
    if (key === '') continue;
    const side = t.amount < 0 ? history.out : history.in;
    let counts = side.get(key);
    if (!counts) {
      counts = new Map();
      side.set(key, counts);
    }
    counts.set(t.category_id, (counts.get(t.category_id) ?? 0) + 1);
  }
  return history;
}

/**
 * The suggestion for a transaction: the history of its direction under its merchant key, counting only
 * assignable categories (so a suggestion can always be applied). The most used one (ties: first seen) is
 * suggested when its share of the kept uses reaches the threshold; otherwise, or with no kept use, null.
 */
export function suggest(
  history: History,
  tx: Pick<YnabTransaction, 'amount' | 'payee_name'>,
  assignable: ReadonlyMap<string, Pick<YnabCategory, 'name'>>,
  threshold: number,
): Suggestion | null {
  const counts = (tx.amount < 0 ? history.out : history.in).get(merchant(tx.payee_name));
  if (!counts) return null;
  let total = 0;
  let top: { id: string; count: number } | null = null;
  for (const [id, count] of counts) {
    if (!assignable.has(id)) continue;
    total += count;
    if (top === null || count > top.count) top = { id, count };
  }
  if (top === null) return null;
  const confidence = top.count / total;
  if (confidence < threshold) return null;
  return {
    category_id: top.id,
    category_name: clean(assignable.get(top.id)?.name),
    confidence: roundHalfEven(confidence, 2),
  };
}

/** One pending transaction as `suggest_categories` lists it (amounts in currency units). */
export interface PendingItem {
  transaction_id: string;
  date: string;
  amount: number;
  payee: string;
  payee_id: string | null;
  merchant: string;
  memo: string | null;
  account: string;
  suggestion: Suggestion | null;
  possible_transfer_with: string | null;
  possible_duplicate_of: string | null;
  /** Present with possible_duplicate_of. */
  duplicate_evidence?: DuplicateEvidence;
}

/** Everything pending, before paging. */
export interface PendingReview {
  items: readonly PendingItem[];
  suggested_count: number;
  /** The assignable categories to choose from, YNAB's fields kept. */
  categories: readonly YnabCategory[];
}

/**
 * Builds every pending item with its suggestion and transfer pairing, from one read of the plan: once
 * per snapshot of the transactions, groups and accounts (and threshold), since the per-merchant
 * history of a large plan is the costly part and pages of one review share it. Frozen: pages share it.
 */
export const reviewPending = perSnapshot(review);

function review(
  transactions: readonly YnabTransaction[],
  groups: readonly YnabCategoryGroup[],
  accounts: readonly YnabAccount[],
  threshold: number,
): PendingReview {
  const categories = assignableCategories(groups);
  const assignable = new Map(categories.map((c) => [c.id, c]));
  const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
  const history = buildHistory(transactions);
  const pending = pendingTransactions(transactions, offBudgetIds(accounts), uncategorizedIds(groups));
  const pairs = transferPairs(pending);
  const copies = duplicateCopies(transactions);
  const items = pending.map((t): PendingItem => {
    const memo = clean(t.memo);
    const copy = copies.get(t.id);
    return {
      transaction_id: t.id,
      date: t.date,
      amount: toUnits(t.amount),
      payee: clean(t.payee_name),
      ...payeeFields(t),
      memo: memo === '' ? null : memo,
      account: clean(accountNames.get(t.account_id) ?? t.account_name),
      suggestion: suggest(history, t, assignable, threshold),
      possible_transfer_with: pairs.get(t.id) ?? null,
      possible_duplicate_of: copy?.of ?? null,
      ...(copy && { duplicate_evidence: copy.evidence }),
    };
  });
  return Object.freeze({
    items: Object.freeze(items.map((i) => Object.freeze(i))),
    suggested_count: items.filter((i) => i.suggestion !== null).length,
    categories: Object.freeze(categories),
  });
}
