/** Shared building blocks of the read tools, pure. */
import type { YnabSubTransaction, YnabTransaction } from './model.js';

/** YNAB's internal group (holds `Inflow: Ready to Assign` and `Uncategorized`). */
export const INTERNAL_GROUP = 'Internal Master Category';
export const CARD_PAYMENT_GROUP = 'Credit Card Payments';

/** Account types that hold debt; every other type is an asset. */
export const DEBT_TYPES: ReadonlySet<string> = new Set([
  'creditCard',
  'lineOfCredit',
  'otherLiability',
  'mortgage',
  'autoLoan',
  'studentLoan',
  'personalLoan',
  'medicalDebt',
  'otherDebt',
]);

export const isDebt = (type: string): boolean => DEBT_TYPES.has(type);

/** A debt other than a card or a line of credit: its monthly interest is the loan's cost, not a charge. */
export const isLoan = (type: string): boolean =>
  isDebt(type) && type !== 'creditCard' && type !== 'lineOfCredit';

/** The ids of the loan accounts among `accounts`. */
export const loanAccountIds = (accounts: readonly { id: string; type: string }[]): string[] =>
  accounts.filter((a) => isLoan(a.type)).map((a) => a.id);

/** Ids of off-budget accounts whose type is not a debt type. */
export function trackingAssets(
  accounts: readonly { id: string; on_budget: boolean; type: string }[],
): Set<string> {
  return new Set(accounts.filter((a) => !a.on_budget && !isDebt(a.type)).map((a) => a.id));
}

/** Not deleted and no `transfer_account_id`: money really in or out. */
export const isUsable = (t: YnabTransaction): boolean => !t.deleted && !t.transfer_account_id;

/** A transaction's non-deleted split lines, or the transaction itself when it has none. */
export function linesOf(t: YnabTransaction): (YnabTransaction | YnabSubTransaction)[] {
  const subs = (t.subtransactions ?? []).filter((s) => !s.deleted);
  return subs.length > 0 ? subs : [t];
}

/** `YYYY-MM` of a date or month. */
export const ym = (date: string): string => date.slice(0, 7);

/** Adds months to a `YYYY-MM` (or `YYYY-MM-DD`) value, giving `YYYY-MM`. */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}`;
}

/** The `count` complete months before today's month, as `YYYY-MM`, oldest first. */
export function completeMonths(today: string, count: number): string[] {
  const out: string[] = [];
  for (let i = count; i >= 1; i--) out.push(addMonths(today, -i));
  return out;
}

/** Days in a `YYYY-MM` month. */
export function daysInMonth(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** The months from `since` (`YYYY-MM`) to today's, as a count (0 when `since` is after today). */
export function monthsSince(since: string, today: string): number {
  const [y, m] = [Number(since.slice(0, 4)), Number(since.slice(5, 7))];
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return Math.max(0, (ty - y) * 12 + (tm - m) + 1);
}

/** The day a month-end figure is at, and whether the month is still under way (today's month). */
export function monthEnd(month: string, today: string): { end: string; partial: boolean } {
  if (month.slice(0, 7) === today.slice(0, 7)) return { end: today, partial: true };
  return {
    end: `${month.slice(0, 7)}-${String(daysInMonth(month.slice(0, 7))).padStart(2, '0')}`,
    partial: false,
  };
}

/** What a series of complete months says of today's month, left out so that half a month pulls no average down. */
export const PARTIAL_LEFT_OUT =
  'The current month, still under way, is not counted: only complete months are.';
