/**
 * Checking and building the fields of transaction writes (PATCH and POST `/transactions`): every
 * check runs before anything is applied, so a refused request changes nothing.
 */
import { DATE, asObject, badRequest, notFound } from './http.js';
import { idNumber } from '../household/rows.js';
import type { AccountRow, PayeeRow, PlanState, SubTransactionRow } from '../plan-data.js';

export const CLEARED = ['cleared', 'uncleared', 'reconciled'];
export const FLAGS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];

/** The items of a body list (`{"transactions": [...]}`), each an object; a 400 otherwise. */
export function itemsOf(value: unknown, key: string): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest(`"${key}" must be a non-empty array.`);
  return value.map((item) => {
    const obj = asObject(item);
    if (obj === undefined) throw badRequest(`Every item of "${key}" must be an object.`);
    return obj;
  });
}

/** A category id of a write: null, or a category of the plan not deleted (else 404.2). */
export function checkCategory(state: PlanState, value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw badRequest('category_id must be a string or null.');
  if (!state.categories.some((c) => c.id === value && !c.deleted)) throw notFound();
  return value;
}

/** As YNAB: a transaction on a tracking (off-budget) account carries no category. */
export function checkTrackingCategory(account: AccountRow | undefined, categoryId: string | null): void {
  if (account !== undefined && !account.on_budget && categoryId !== null) {
    throw badRequest('A transaction on a tracking account cannot have a category.');
  }
}

export const categoryName = (state: PlanState, id: string | null): string | null =>
  id === null ? null : (state.categories.find((c) => c.id === id)?.name ?? null);

export function checkAmount(value: unknown, field = 'amount'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw badRequest(`${field} must be whole milliunits.`);
  return value;
}

export function checkMemo(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || [...value].length > 500)
    throw badRequest('memo must be a string of at most 500 characters or null.');
  return value;
}

export function checkCleared(value: unknown): string {
  if (typeof value !== 'string' || !CLEARED.includes(value))
    throw badRequest('cleared must be cleared, uncleared or reconciled.');
  return value;
}

export function checkApproved(value: unknown): boolean {
  if (typeof value !== 'boolean') throw badRequest('approved must be true or false.');
  return value;
}

export function checkFlag(value: unknown): string | null {
  // YNAB's TransactionFlagColor lists "" beside null: both mean no flag
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || !FLAGS.includes(value))
    throw badRequest(`flag_color must be one of ${FLAGS.join(', ')}, "" or null.`);
  return value;
}

export const shiftDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day `years` on; a 29 February lands on the 28th in a common year (YNAB documents no such edge). */
export function shiftYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const common = year % 4 !== 0 || (year % 100 === 0 && year % 400 !== 0);
  const rest = common && date.endsWith('-02-29') ? '-02-28' : date.slice(4);
  return `${String(year).padStart(4, '0')}${rest}`;
}

/**
 * A transaction date as YNAB takes it: from five years back to one day ahead (YNAB allows a day for
 * the time zones ahead of its own), else its 400 with the words bank importers report.
 */
export function checkDate(value: unknown, today: string): string {
  if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
    throw badRequest('date must be a date YYYY-MM-DD.');
  }
  if (value > shiftDays(today, 1) || value < shiftYears(today, -5)) {
    throw badRequest('date must not be in the future or over 5 years ago');
  }
  return value;
}

/** A payee reference: `payee_id` (must exist), else `payee_name` (existing by exact name, or new). */
export type PayeeRef = { payee: PayeeRow } | { name: string } | null;

export function checkPayee(state: PlanState, item: Record<string, unknown>): PayeeRef {
  const id = item['payee_id'];
  if (id !== undefined && id !== null) {
    const payee = state.payees.find((p) => p.id === id && !p.deleted);
    if (payee === undefined) throw notFound();
    return { payee };
  }
  const name = item['payee_name'];
  if (name === undefined || name === null) return null;
  if (typeof name !== 'string' || name.trim() === '' || [...name].length > 200) {
    throw badRequest('payee_name must be a non-empty string of at most 200 characters.');
  }
  // As YNAB: a name resolves to an ordinary payee; a transfer needs the transfer payee's id, and
  // "Transfer : X" given as a name makes a plain payee of that name (a mistake agents often make).
  const existing = state.payees.find((p) => p.name === name && !p.deleted && !p.transfer_account_id);
  return existing === undefined ? { name } : { payee: existing };
}

/** Resolves a payee reference, creating `pay-NNN` for a new name; returns it and whether it is new. */
export function resolvePayee(state: PlanState, ref: PayeeRef): { payee: PayeeRow | null; created: boolean } {
  if (ref === null) return { payee: null, created: false };
  if ('payee' in ref) return { payee: ref.payee, created: false };
  const already = state.payees.find((p) => p.name === ref.name && !p.deleted && !p.transfer_account_id);
  if (already !== undefined) return { payee: already, created: false };
  let n = state.payees.length;
  while (state.payees.some((p) => p.id === `pay-${idNumber(n)}`)) n += 1;
  const payee: PayeeRow = {
    id: `pay-${idNumber(n)}`,
    name: ref.name,
    transfer_account_id: null,
    deleted: false,
  };
  state.payees.push(payee);
  return { payee, created: true };
}

/** A checked split line, before it gets its id. */
export interface SplitLine {
  amount: number;
  category_id: string | null;
  memo: string | null;
  payee: PayeeRef;
}

/** Checks `subtransactions`: objects whose amounts add up to the parent's amount. */
export function checkSplit(state: PlanState, value: unknown, parentAmount: number): SplitLine[] {
  const lines = itemsOf(value, 'subtransactions').map((s) => ({
    amount: checkAmount(s['amount'], 'subtransactions amount'),
    category_id: s['category_id'] === undefined ? null : checkCategory(state, s['category_id']),
    memo: s['memo'] === undefined ? null : checkMemo(s['memo']),
    payee: checkPayee(state, s),
  }));
  if (lines.reduce((sum, l) => sum + l.amount, 0) !== parentAmount) {
    throw badRequest('The amounts of subtransactions must add up to the amount of the transaction.');
  }
  return lines;
}

/** The split lines as stored: ids `<tx-id>-<index>`, not deleted. Creates payees named anew. */
export function buildSplit(state: PlanState, txId: string, lines: SplitLine[]): SubTransactionRow[] {
  return lines.map((line, i) => {
    const { payee } = resolvePayee(state, line.payee);
    return {
      id: `${txId}-${i}`,
      transaction_id: txId,
      amount: line.amount,
      memo: line.memo,
      payee_id: payee?.id ?? null,
      payee_name: payee?.name ?? null,
      category_id: line.category_id,
      category_name: categoryName(state, line.category_id),
      transfer_account_id: null,
      deleted: false,
    };
  });
}
