/**
 * The reconciliation gap analysis: pure, every sum in integer milliunits, over one account's live
 * transactions (a split counts once, by its parent).
 */
import { toUnits, type MoneyText } from '../money.js';
import type { YnabTransaction } from '../model.js';
import { merchant } from '../payees/merchant.js';
import { clean } from '../text.js';
import {
  explainedByNote,
  gapInWords,
  higherSide,
  towardBank,
  type HigherSide,
} from './reconcile-direction.js';

/** At most this many uncleared transactions are listed. */
export const UNCLEARED_SHOWN = 50;
/** Duplicates are looked for among transactions dated on or after today − this many days. */
export const DUPLICATE_WINDOW_DAYS = 60;
/** Two charges at most this many days apart can be a duplicate pair. */
export const DUPLICATE_GAP_DAYS = 3;

export const isCleared = (t: YnabTransaction): boolean =>
  t.cleared === 'cleared' || t.cleared === 'reconciled';

/** The gap between YNAB's cleared balance and the bank's, in milliunits, with what may explain it. */
export interface Gap {
  bank: number;
  cleared: number;
  working: number;
  /** bank − cleared. */
  difference: number;
  /** Ids of the transactions whose status is exactly `cleared`, in list order. */
  toReconcile: string[];
  /** Transactions neither cleared nor reconciled, in list order. */
  uncleared: YnabTransaction[];
  /** Ids of the uncleared transactions whose amount is exactly the difference. */
  explainedBy: string[];
  /** Only pairs whose deletion would move YNAB toward the bank. */
  possibleDuplicates: [string, string][];
  /** Why `explainedBy` holds what it holds (above all, why it is empty). */
  explainedByNote: string;
}

const MS_PER_DAY = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / MS_PER_DAY;

/**
 * Same amount and same merchant, at most 3 days apart, among the transactions of the last 60 days
 * (by date, stable): every pair, overlapping ones included, whatever their status or direction.
 */
export function duplicatePairs(live: readonly YnabTransaction[], today: string): [string, string][] {
  const from = dayNumber(today) - DUPLICATE_WINDOW_DAYS;
  const window = live
    .map((t) => ({ t, day: dayNumber(t.date), key: merchant(t.payee_name) }))
    .filter((x) => x.day >= from)
    .sort((a, b) => a.day - b.day);
  const pairs: [string, string][] = [];
  window.forEach((a, i) => {
    for (const b of window.slice(i + 1)) {
      if (b.day - a.day > DUPLICATE_GAP_DAYS) break;
      if (a.t.amount === b.t.amount && a.key === b.key) pairs.push([a.t.id, b.t.id]);
    }
  });
  return pairs;
}

/** The gap analysis of an account, given the bank's balance in milliunits and today's date. */
export function analyseGap(
  transactions: readonly YnabTransaction[],
  accountId: string,
  bank: number,
  today: string,
  money: MoneyText,
): Gap {
  const live = transactions.filter((t) => t.account_id === accountId && !t.deleted);
  const sum = (rows: readonly YnabTransaction[]): number => rows.reduce((total, t) => total + t.amount, 0);
  const cleared = sum(live.filter(isCleared));
  const difference = bank - cleared;
  const uncleared = live.filter((t) => !isCleared(t));
  const explainedBy =
    difference === 0 ? [] : uncleared.filter((t) => t.amount === difference).map((t) => t.id);
  const duplicates = towardBank(duplicatePairs(live, today), live, difference, isCleared);
  const amountOf = new Map(live.map((t) => [t.id, t.amount]));
  const duplicateAmounts = duplicates.map(([id]) => amountOf.get(id) ?? 0);
  return {
    bank,
    cleared,
    working: sum(live),
    difference,
    toReconcile: live.filter((t) => t.cleared === 'cleared').map((t) => t.id),
    uncleared,
    explainedBy,
    possibleDuplicates: duplicates,
    explainedByNote: explainedByNote(difference, explainedBy, duplicates, duplicateAmounts, money),
  };
}

/** An uncleared transaction as the result lists it. */
export interface UnclearedItem {
  transaction_id: string;
  date: string;
  amount: number;
  payee: string;
}

/** The `analysis` object of the result (currency units, payees sanitised). */
export interface Analysis {
  account_id: string;
  bank_balance: number;
  cleared_balance: number;
  working_balance: number;
  difference: number;
  higher: HigherSide;
  gap: string;
  to_reconcile_count: number;
  uncleared_count: number;
  uncleared: UnclearedItem[];
  explained_by: string[];
  explained_by_note: string;
  possible_duplicates: [string, string][];
}

/** The analysis as the agent reads it; `bankBalance` is the balance as given. */
export function analysisOf(accountId: string, bankBalance: number, gap: Gap, money: MoneyText): Analysis {
  return {
    account_id: accountId,
    bank_balance: bankBalance,
    cleared_balance: toUnits(gap.cleared),
    working_balance: toUnits(gap.working),
    difference: toUnits(gap.difference),
    higher: higherSide(gap.difference),
    gap: gapInWords(gap.difference, money),
    to_reconcile_count: gap.toReconcile.length,
    uncleared_count: gap.uncleared.length,
    uncleared: gap.uncleared.slice(0, UNCLEARED_SHOWN).map((t) => ({
      transaction_id: t.id,
      date: t.date,
      amount: toUnits(t.amount),
      payee: clean(t.payee_name),
    })),
    explained_by: gap.explainedBy,
    explained_by_note: gap.explainedByNote,
    possible_duplicates: gap.possibleDuplicates,
  };
}
