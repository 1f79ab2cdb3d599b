/**
 * The YNAB transactions a receipt can belong to: money out on a budget account, neither a transfer
 * nor already split, for the receipt's total (within a rounding step, or above it by up to a tip
 * when the bill leaves room for one), dated from the day before the receipt to a few days after it
 * (a card settles late), ranked by how alike the payee is to the merchant, then the nearest amount,
 * then the nearest date. Pure.
 */
import type { YnabTransaction } from '../model.js';
import { similarity } from '../statements/similarity.js';
import { roundHalfEven } from '../money.js';

/** Days a card charge may be booked after the receipt, and before it (a time zone apart). */
export const DAYS_AFTER = 5;
const DAYS_BEFORE = 1;
/** The most a tip added on the terminal may add to a bill, as a share of it. */
export const TIP_SHARE = 0.3;
/** How alike a payee must be to the merchant for the best candidate to be taken without asking. */
export const ALIKE = 0.6;

export interface Candidate {
  transaction: YnabTransaction;
  /** The payee's likeness to the merchant, 0 to 1, two decimals. */
  score: number;
  days: number;
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Whether a transaction can take a split or a category at all. */
export const splittable = (t: YnabTransaction, offBudget: ReadonlySet<string>): boolean =>
  !t.deleted &&
  !t.transfer_account_id &&
  !offBudget.has(t.account_id) &&
  !(t.subtransactions ?? []).some((s) => !s.deleted);

/**
 * The candidates for a charge of `total` (milliunits, positive) made on `date` at `merchant`, best
 * first. `tip` allows a charge above the total (a bill where a tip may be added at the terminal);
 * `step` is the currency's smallest amount, the rounding allowed either way.
 */
export function chargeCandidates(
  receipt: { merchant: string; date: string; total: number; tip: boolean },
  transactions: readonly YnabTransaction[],
  offBudget: ReadonlySet<string>,
  step: number,
): Candidate[] {
  const most = receipt.tip ? receipt.total * (1 + TIP_SHARE) + step : receipt.total + step;
  const day = dayNumber(receipt.date);
  const found = transactions.flatMap((transaction): Candidate[] => {
    const paid = -transaction.amount;
    const days = Math.round(dayNumber(transaction.date) - day);
    if (paid < receipt.total - step || paid > most || days < -DAYS_BEFORE || days > DAYS_AFTER) return [];
    if (!splittable(transaction, offBudget)) return [];
    const score = roundHalfEven(
      similarity(receipt.merchant, transaction.payee_name ?? transaction.import_payee_name),
      2,
    );
    return [{ transaction, score, days }];
  });
  const off = (c: Candidate) => Math.abs(-c.transaction.amount - receipt.total);
  return found.sort(
    (a, b) =>
      b.score - a.score ||
      off(a) - off(b) ||
      Math.abs(a.days) - Math.abs(b.days) ||
      a.transaction.id.localeCompare(b.transaction.id),
  );
}

/**
 * The candidate the plan is made for without asking: the only one, or the first when its payee is
 * alike and the next one's is not as alike. Null when the person must choose (or none matches).
 */
export function chosen(candidates: readonly Candidate[]): Candidate | null {
  const [first, second] = candidates;
  if (first === undefined) return null;
  if (second === undefined) return first;
  return first.score >= ALIKE && first.score > second.score ? first : null;
}
