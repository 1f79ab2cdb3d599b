/**
 * Draft transaction rows: what the demo tables describe before ids, payee ids and names are given.
 * Shared by the budget rows and the tracking history.
 */
import { toMilli } from '../../domain/money.js';

/** One transaction before it gets its id and its payee id. Amount in milliunits. */
export interface DraftRow {
  date: string;
  payee: string;
  amount: number;
  category_id: string | null;
  account_id: string;
  transfer_account_id: string | null;
  memo: string | null;
}

export const CHECKING = 'acc-checking';
export const SAVINGS = 'acc-savings';
export const JOINT_SAVINGS = 'acc-joint-savings';
export const CAR_LOAN = 'acc-car-loan';
export const STUDENT_LOAN = 'acc-student-loan';
export const FORMER_BANK = 'acc-former-bank';

/** Account names, used for the `Transfer : <name>` payees. */
export const ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  [CHECKING]: 'Checking',
  [SAVINGS]: 'Savings',
  [JOINT_SAVINGS]: 'Joint savings',
  [CAR_LOAN]: 'Car loan',
  [STUDENT_LOAN]: 'Student loan',
  [FORMER_BANK]: 'Former bank',
};

/** Zero-padded id number: `tx-007`, `pay-042` (at least three digits). */
export const idNumber = (n: number): string => String(n).padStart(3, '0');

/** Currency units (as the tables write them) → milliunits, exactly. */
export const m = (units: number): number => toMilli(units);

/** A row with no category, no memo and no transfer. */
export function plain(date: string, payee: string, amount: number, account_id: string): DraftRow {
  return { date, payee, amount, category_id: null, account_id, transfer_account_id: null, memo: null };
}

/** The payee label a transfer row carries: `Transfer : <other account name>`. */
export function transferPayee(accountId: string): string {
  return `Transfer : ${ACCOUNT_NAMES[accountId] ?? accountId}`;
}

/** A transfer of `amount` milliunits (> 0) from one account to another: the source row, then the target row. */
export function transfer(date: string, from: string, to: string, amount: number): [DraftRow, DraftRow] {
  return [
    { ...plain(date, transferPayee(to), -amount, from), transfer_account_id: to },
    { ...plain(date, transferPayee(from), amount, to), transfer_account_id: from },
  ];
}

export { compareCodePoints } from '../../domain/text.js';

/** The last day of the month of `YYYY-MM`, as `YYYY-MM-DD`. */
export function lastDayOf(month: string): string {
  const [y = 0, mo = 0] = month.split('-').map(Number);
  const day = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM` of the month `offset` months after `YYYY-MM`. */
export function addMonths(month: string, offset: number): string {
  const [y = 0, mo = 0] = month.split('-').map(Number);
  const index = y * 12 + (mo - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
