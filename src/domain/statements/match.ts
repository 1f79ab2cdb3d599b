/**
 * A statement's lines held against the account's YNAB transactions, as a person does at month end:
 * each line paired with one transaction of the same amount within a few days (the nearest date
 * first, then the most alike payee; no transaction paired twice, a split by its total), then what is
 * left told apart: a second YNAB copy of a paired line, a transaction whose amount or date differs
 * from a line that is plainly the same payment, a line YNAB never saw, a transaction in the period
 * the bank does not show.
 */
import type { YnabTransaction } from '../model.js';
import { addDays } from '../transactions/date-bounds.js';
import { similarity } from './similarity.js';
import type { StatementLine } from './statement.js';

/** Days a card payment may settle after (or be entered before) the date YNAB holds. */
export const DEFAULT_WINDOW_DAYS = 4;
/** How alike a label and a payee must be for a different amount or date to be the same payment. */
const SAME_PAYMENT = 0.6;
/** The furthest a mistyped date is looked for. */
const DATE_REACH_DAYS = 31;

export interface Pair {
  line: number;
  transaction: YnabTransaction;
  days: number;
}

export interface Mismatch {
  line: number;
  transaction: YnabTransaction;
  field: 'amount' | 'date';
  /** A split's amount, and either side of a transfer, cannot be corrected through YNAB's API. */
  fixable: boolean;
}

export interface Duplicate {
  line: number;
  kept: YnabTransaction;
  duplicate: YnabTransaction;
}

export interface Matching {
  matched: Pair[];
  /** Indexes of lines YNAB does not hold. */
  missing: number[];
  duplicates: Duplicate[];
  mismatches: Mismatch[];
  /** Transactions of the period the statement does not show. */
  extra: YnabTransaction[];
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const daysBetween = (a: string, b: string): number => Math.round(dayNumber(b) - dayNumber(a));

const isSplit = (t: YnabTransaction): boolean => (t.subtransactions?.length ?? 0) > 0;
const isTransfer = (t: YnabTransaction): boolean => typeof t.transfer_account_id === 'string';

/** The best pair per line and transaction, one to one, from candidates scored best first. */
function assign<T extends { line: number; transaction: YnabTransaction }>(
  candidates: T[],
  usedLines: Set<number>,
  usedIds: Set<string>,
): T[] {
  const kept: T[] = [];
  for (const c of candidates) {
    if (usedLines.has(c.line) || usedIds.has(c.transaction.id)) continue;
    usedLines.add(c.line);
    usedIds.add(c.transaction.id);
    kept.push(c);
  }
  return kept;
}

export function matchStatement(
  lines: readonly StatementLine[],
  account: readonly YnabTransaction[],
  period: { from: string; to: string },
  windowDays = DEFAULT_WINDOW_DAYS,
): Matching {
  const near = account.filter(
    (t) =>
      !t.deleted &&
      t.date >= addDays(period.from, -DATE_REACH_DAYS) &&
      t.date <= addDays(period.to, DATE_REACH_DAYS),
  );
  const usedLines = new Set<number>();
  const usedIds = new Set<string>();
  const alike = (i: number, t: YnabTransaction) =>
    similarity(lines[i]!.label, t.payee_name ?? t.import_payee_name);

  // 1. the same amount within the window: nearest date, then the most alike payee, then YNAB's order
  const exact = lines.flatMap((l, line) =>
    near
      .filter((t) => t.amount === l.amount && Math.abs(daysBetween(l.date, t.date)) <= windowDays)
      .map((transaction) => ({ line, transaction, days: daysBetween(l.date, transaction.date) })),
  );
  exact.sort(
    (a, b) =>
      Math.abs(a.days) - Math.abs(b.days) ||
      alike(b.line, b.transaction) - alike(a.line, a.transaction) ||
      a.transaction.date.localeCompare(b.transaction.date) ||
      a.line - b.line,
  );
  const matched = assign(exact, usedLines, usedIds);

  // 2. a second copy of a paired line: same amount, within the window, alike payee
  const duplicates: Duplicate[] = [];
  for (const pair of matched) {
    for (const t of near) {
      if (usedIds.has(t.id) || t.amount !== pair.transaction.amount) continue;
      if (Math.abs(daysBetween(lines[pair.line]!.date, t.date)) > windowDays) continue;
      if (alike(pair.line, t) < SAME_PAYMENT && similarity(t.payee_name, pair.transaction.payee_name) < 1)
        continue;
      usedIds.add(t.id);
      duplicates.push({ line: pair.line, kept: pair.transaction, duplicate: t });
    }
  }

  // 3. the same payment written differently: the amount within the window, or the date further off
  interface Loose {
    line: number;
    transaction: YnabTransaction;
    field: 'amount' | 'date';
    score: number;
    days: number;
  }
  const loose = lines.flatMap((l, line): Loose[] =>
    usedLines.has(line)
      ? []
      : near.flatMap((transaction): Loose[] => {
          if (usedIds.has(transaction.id) || Math.sign(transaction.amount) !== Math.sign(l.amount)) return [];
          const days = Math.abs(daysBetween(l.date, transaction.date));
          const score = alike(line, transaction);
          if (score < SAME_PAYMENT) return [];
          if (transaction.amount !== l.amount && days <= windowDays) {
            return [{ line, transaction, field: 'amount', score, days }];
          }
          if (transaction.amount === l.amount && days <= DATE_REACH_DAYS) {
            return [{ line, transaction, field: 'date', score, days }];
          }
          return [];
        }),
  );
  loose.sort((a, b) => b.score - a.score || a.days - b.days || a.line - b.line);
  const mismatches = assign(loose, usedLines, usedIds).map(({ line, transaction, field }): Mismatch => ({
    line,
    transaction,
    field,
    fixable: !isTransfer(transaction) && !(field === 'amount' && isSplit(transaction)),
  }));

  const missing = lines.map((_, i) => i).filter((i) => !usedLines.has(i));
  const extra = near.filter((t) => !usedIds.has(t.id) && t.date >= period.from && t.date <= period.to);
  return {
    matched: matched.map(({ line, transaction, days }) => ({ line, transaction, days })),
    missing,
    duplicates,
    mismatches,
    extra,
  };
}
