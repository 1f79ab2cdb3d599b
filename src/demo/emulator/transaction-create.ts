/**
 * POST `/transactions`, with YNAB's transaction rules: new ids `tx-NNN` continuing after the current
 * count, payees resolved by exact name or created, a transfer payee makes the linked pair, a repeated
 * `import_id` on the same account is skipped (a 409 for a single transaction).
 */
import { badRequest, conflict, notFound } from './http.js';
import type { RouteContext } from './http.js';
import { idNumber } from '../household/rows.js';
import {
  buildSplit,
  categoryName,
  checkAmount,
  checkApproved,
  checkCategory,
  checkTrackingCategory,
  checkCleared,
  checkDate,
  checkFlag,
  checkMemo,
  checkPayee,
  checkSplit,
  resolvePayee,
} from './transaction-fields.js';
import type { PayeeRef, SplitLine } from './transaction-fields.js';
import { Touch } from './state.js';
import type { AccountRow, PlanState, TransactionRow } from '../plan-data.js';

interface NewItem {
  account: AccountRow;
  date: string;
  amount: number;
  payee: PayeeRef;
  category_id: string | null;
  memo: string | null;
  cleared: string;
  approved: boolean;
  flag_color?: string | null;
  import_id?: string;
  split?: SplitLine[];
}

function checkImportId(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > 36) {
    throw badRequest('import_id must be a string of 1 to 36 characters.');
  }
  return value;
}

function checkItem(ctx: RouteContext, item: Record<string, unknown>): NewItem {
  const { state } = ctx;
  const account = state.accounts.find((a) => a.id === item['account_id'] && !a.deleted);
  if (account === undefined) throw notFound();
  const amount = checkAmount(item['amount']);
  const checked: NewItem = {
    account,
    date: checkDate(item['date'], ctx.today),
    amount,
    payee: checkPayee(state, item),
    category_id: item['category_id'] === undefined ? null : checkCategory(state, item['category_id']),
    memo: item['memo'] === undefined ? null : checkMemo(item['memo']),
    cleared: item['cleared'] === undefined ? 'uncleared' : checkCleared(item['cleared']),
    approved: item['approved'] === undefined ? false : checkApproved(item['approved']),
  };
  checkTrackingCategory(account, checked.category_id);
  if (item['flag_color'] !== undefined) checked.flag_color = checkFlag(item['flag_color']);
  const importId = checkImportId(item['import_id']);
  if (importId !== undefined) checked.import_id = importId;
  const subs = item['subtransactions'];
  if (Array.isArray(subs) && subs.length > 0) checked.split = checkSplit(state, subs, amount);
  const ref = checked.payee;
  if (ref !== null && 'payee' in ref && ref.payee.transfer_account_id === account.id) {
    throw badRequest('A transfer needs two different accounts.');
  }
  return checked;
}

/** The next free `tx-NNN` id: the number continues after the current count of transactions. */
function nextId(state: PlanState): string {
  let n = state.transactions.length;
  const taken = new Set(state.transactions.map((t) => t.id));
  while (taken.has(`tx-${idNumber(n)}`)) n += 1;
  return `tx-${idNumber(n)}`;
}

function buildRow(state: PlanState, item: NewItem, id: string): TransactionRow {
  const { payee } = resolvePayee(state, item.payee);
  const row: TransactionRow = {
    id,
    date: item.date,
    amount: item.amount,
    memo: item.memo,
    cleared: item.cleared,
    approved: item.approved,
    account_id: item.account.id,
    account_name: item.account.name,
    payee_id: payee?.id ?? null,
    payee_name: payee?.name ?? null,
    category_id: item.split === undefined ? item.category_id : null,
    category_name: item.split === undefined ? categoryName(state, item.category_id) : null,
    transfer_account_id: payee?.transfer_account_id ?? null,
    deleted: false,
  };
  if (item.flag_color !== undefined) row.flag_color = item.flag_color;
  if (item.import_id !== undefined) row.import_id = item.import_id;
  if (item.split !== undefined) row.subtransactions = buildSplit(state, id, item.split);
  return row;
}

/** The other side of a transfer: on the target account, the opposite amount, the source's transfer payee. */
function counterpart(state: PlanState, row: TransactionRow, id: string): TransactionRow | undefined {
  const other = state.accounts.find((a) => a.id === row.transfer_account_id);
  if (other === undefined) return undefined;
  const payee = state.payees.find((p) => p.transfer_account_id === row.account_id && !p.deleted);
  return {
    id,
    date: row.date,
    amount: -row.amount,
    memo: row.memo,
    cleared: row.cleared,
    approved: row.approved,
    account_id: other.id,
    account_name: other.name,
    payee_id: payee?.id ?? null,
    payee_name: payee?.name ?? `Transfer : ${row.account_name}`,
    category_id: null,
    category_name: null,
    transfer_account_id: row.account_id,
    deleted: false,
  };
}

function isDuplicate(state: PlanState, item: NewItem): boolean {
  return (
    item.import_id !== undefined &&
    state.transactions.some(
      (t) => !t.deleted && t.account_id === item.account.id && t.import_id === item.import_id,
    )
  );
}

/** Creates the checked items; returns the created rows (not their transfer counterparts). */
export function createTransactions(
  ctx: RouteContext,
  items: Record<string, unknown>[],
  single: boolean,
): { rows: TransactionRow[]; duplicates: string[]; knowledge: number } {
  const { state } = ctx;
  const checked = items.map((item) => checkItem(ctx, item));
  if (single && checked[0] !== undefined && isDuplicate(state, checked[0])) {
    throw conflict('A transaction on the same account with the same import_id already exists.');
  }
  const touch = new Touch(state);
  const payeesBefore = state.payees.length;
  const rows: TransactionRow[] = [];
  const duplicates: string[] = [];
  for (const item of checked) {
    if (isDuplicate(state, item)) {
      duplicates.push(item.import_id ?? '');
      continue;
    }
    const row = buildRow(state, item, nextId(state));
    state.transactions.push(row);
    rows.push(row);
    touch.transaction(row);
    const pair = row.transfer_account_id === null ? undefined : counterpart(state, row, nextId(state));
    if (pair !== undefined) {
      // each side names the other, as YNAB's transfer_transaction_id does
      row.transfer_transaction_id = pair.id;
      pair.transfer_transaction_id = row.id;
      state.transactions.push(pair);
      touch.transaction(pair);
    }
  }
  for (const p of state.payees.slice(payeesBefore)) touch.add('payees', p.id);
  return { rows, duplicates, knowledge: touch.commit() };
}
