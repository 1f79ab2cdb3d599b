/**
 * The transaction write routes: bulk PATCH, PUT of one, POST (create), POST import, DELETE. Every item is checked
 * before any is applied; each applied write stamps what it touched (for delta requests).
 */
import { badRequest, bodyObject, notFound, ok } from './http.js';
import type { Reply, RouteContext } from './http.js';
import { presentTransaction } from './present.js';
import { route, type Route } from './router.js';
import { createTransactions } from './transaction-create.js';
import {
  buildSplit,
  categoryName,
  checkAmount,
  checkApproved,
  checkCategory,
  checkDate,
  checkCleared,
  checkFlag,
  checkMemo,
  checkPayee,
  checkSplit,
  checkTrackingCategory,
  itemsOf,
  resolvePayee,
} from './transaction-fields.js';
import type { PayeeRef, SplitLine } from './transaction-fields.js';
import { Touch } from './state.js';
import type { PlanState, TransactionRow } from '../plan-data.js';

/** A transaction is split while it has a live sub-transaction. */
export const isSplit = (t: TransactionRow): boolean => (t.subtransactions ?? []).some((s) => !s.deleted);

interface Changes {
  date?: string;
  amount?: number;
  payee?: PayeeRef;
  category_id?: string | null;
  cleared?: string;
  approved?: boolean;
  flag_color?: string | null;
  memo?: string | null;
  split?: SplitLine[];
}

/** The live transaction an item names, by `id` or else by `import_id`; 404.2 when none. */
function target(state: PlanState, item: Record<string, unknown>): TransactionRow {
  const { id, import_id: importId } = item;
  const found =
    typeof id === 'string'
      ? state.transactions.find((t) => t.id === id)
      : typeof importId === 'string'
        ? state.transactions.find((t) => t.import_id === importId && !t.deleted)
        : undefined;
  if (found === undefined || found.deleted) throw notFound();
  return found;
}

function checkChanges(
  state: PlanState,
  item: Record<string, unknown>,
  row: TransactionRow,
  today: string,
): Changes {
  const changes: Changes = {};
  if (item['date'] !== undefined) changes.date = checkDate(item['date'], today);
  if (item['amount'] !== undefined) {
    changes.amount = checkAmount(item['amount']);
    if (isSplit(row) && changes.amount !== row.amount && item['subtransactions'] === undefined) {
      throw badRequest('The amounts of subtransactions must add up to the amount of the transaction.');
    }
  }
  const payee = checkPayee(state, item);
  if (payee !== null) changes.payee = payee;
  if (item['category_id'] !== undefined) {
    changes.category_id = checkCategory(state, item['category_id']);
    const account = state.accounts.find((a) => a.id === row.account_id);
    checkTrackingCategory(account, changes.category_id);
  }
  if (item['cleared'] !== undefined) changes.cleared = checkCleared(item['cleared']);
  if (item['approved'] !== undefined) changes.approved = checkApproved(item['approved']);
  if (item['flag_color'] !== undefined) changes.flag_color = checkFlag(item['flag_color']);
  if (item['memo'] !== undefined) changes.memo = checkMemo(item['memo']);
  if (item['subtransactions'] !== undefined) {
    if (isSplit(row))
      throw badRequest(`Transaction ${row.id} is already split: its subtransactions cannot be changed.`);
    changes.split = checkSplit(state, item['subtransactions'], row.amount);
  } else if (isSplit(row) && changes.category_id !== undefined && changes.category_id !== null) {
    throw badRequest(`Transaction ${row.id} is split: its category cannot be changed.`);
  }
  return changes;
}

function applyChanges(state: PlanState, row: TransactionRow, changes: Changes, touch: Touch): void {
  const before = structuredClone(row);
  if (changes.date !== undefined) row.date = changes.date;
  if (changes.amount !== undefined) row.amount = changes.amount;
  if (changes.payee !== undefined) {
    const { payee } = resolvePayee(state, changes.payee);
    row.payee_id = payee?.id ?? null;
    row.payee_name = payee?.name ?? null;
  }
  if (changes.category_id !== undefined) {
    row.category_id = changes.category_id;
    row.category_name = categoryName(state, changes.category_id);
  }
  if (changes.cleared !== undefined) row.cleared = changes.cleared;
  if (changes.approved !== undefined) row.approved = changes.approved;
  if (changes.flag_color !== undefined) row.flag_color = changes.flag_color;
  if (changes.memo !== undefined) row.memo = changes.memo;
  if (changes.split !== undefined) {
    row.subtransactions = buildSplit(state, row.id, changes.split);
    row.category_id = null;
    row.category_name = null;
  }
  touch.add('transactions', row.id).add('accounts', row.account_id);
  const moved = before.date !== row.date || before.amount !== row.amount;
  if (before.category_id !== row.category_id || changes.split !== undefined || moved) {
    touch.categoriesOf(before).categoriesOf(row);
  }
}

/** PATCH `/transactions`: `{"transactions": [{id, ...}]}`; 404.2 for an unknown id, nothing applied. */
function patchTransactions(ctx: RouteContext): Reply {
  const { state } = ctx;
  const body = ctx.body as Record<string, unknown> | undefined;
  const items = itemsOf(body?.['transactions'], 'transactions');
  const planned = items.map((item) => {
    const row = target(state, item);
    return { row, changes: checkChanges(state, item, row, ctx.today) };
  });
  const touch = new Touch(state);
  const payeesBefore = state.payees.length;
  for (const { row, changes } of planned) applyChanges(state, row, changes, touch);
  for (const p of state.payees.slice(payeesBefore)) touch.add('payees', p.id);
  const knowledge = touch.commit();
  return ok({
    transaction_ids: planned.map(({ row }) => row.id),
    transactions: planned.map(({ row }) => presentTransaction(row)),
    server_knowledge: knowledge,
  });
}

/** POST `/transactions`: `{"transactions": [...]}` or `{"transaction": {...}}`; 201. */
function postTransactions(ctx: RouteContext): Reply {
  const body = ctx.body as Record<string, unknown> | undefined;
  const single = body?.['transaction'] !== undefined && body['transactions'] === undefined;
  const items = single ? [bodyObject(ctx, 'transaction')] : itemsOf(body?.['transactions'], 'transactions');
  const result = createTransactions(ctx, items, single);
  const created = result.rows.map(presentTransaction);
  return ok(
    {
      transaction_ids: created.map((t) => t.id),
      ...(single ? { transaction: created[0] ?? null } : { transactions: created }),
      duplicate_import_ids: result.duplicates,
      server_knowledge: result.knowledge,
    },
    201,
  );
}

/**
 * POST `/transactions/import`: brings in what the linked banks hold (`bank_feed`, empty for the demo
 * household) unless a live transaction of the account already carries its import id, as YNAB never
 * imports a transaction twice. Imports arrive unapproved.
 */
function importTransactions(ctx: RouteContext): Reply {
  const { state } = ctx;
  const touch = new Touch(state);
  const ids: string[] = [];
  for (const row of state.bank_feed ?? []) {
    const known = state.transactions.some(
      (t) => !t.deleted && t.account_id === row.account_id && t.import_id === row.import_id,
    );
    if (known) continue;
    const imported: TransactionRow = { ...structuredClone(row), approved: false, deleted: false };
    state.transactions.push(imported);
    touch.transaction(imported);
    ids.push(imported.id);
  }
  touch.commit();
  return ok({ transaction_ids: ids }, ids.length > 0 ? 201 : 200);
}

/** PUT `/transactions/<id>`: `{"transaction": {...}}`, the same fields and checks as one PATCH item. */
function putTransaction(ctx: RouteContext, p: { id: string }): Reply {
  const { state } = ctx;
  const item = bodyObject(ctx, 'transaction');
  const row = target(state, { id: p.id });
  const changes = checkChanges(state, item, row, ctx.today);
  const touch = new Touch(state);
  const payeesBefore = state.payees.length;
  applyChanges(state, row, changes, touch);
  for (const payee of state.payees.slice(payeesBefore)) touch.add('payees', payee.id);
  return ok({ transaction: presentTransaction(row), server_knowledge: touch.commit() });
}

/** The other side of a transfer: on the other account, linked back, opposite amount, same date. */
function linkedSide(state: PlanState, row: TransactionRow): TransactionRow | undefined {
  if (row.transfer_account_id === null) return undefined;
  return state.transactions.find(
    (t) =>
      !t.deleted &&
      t.id !== row.id &&
      t.account_id === row.transfer_account_id &&
      t.transfer_account_id === row.account_id &&
      t.amount === -row.amount &&
      t.date === row.date,
  );
}

/**
 * DELETE `/transactions/<id>`: soft delete; returns it. A transfer loses both sides, as in YNAB's app
 * (the API does not document it), unless a fault keeps the other side.
 */
function deleteTransaction(ctx: RouteContext, p: { id: string }): Reply {
  const row = target(ctx.state, { id: p.id });
  const linked = ctx.keepTransferSide === true ? undefined : linkedSide(ctx.state, row);
  row.deleted = true;
  const touch = new Touch(ctx.state).transaction(row);
  if (linked !== undefined) {
    linked.deleted = true;
    touch.transaction(linked);
  }
  return ok({ transaction: presentTransaction(row), server_knowledge: touch.commit() });
}

export const TRANSACTION_ROUTES: Route[] = [
  { method: 'PATCH', pattern: '/plans/:plan/transactions', handler: patchTransactions },
  { method: 'POST', pattern: '/plans/:plan/transactions', handler: postTransactions },
  { method: 'POST', pattern: '/plans/:plan/transactions/import', handler: importTransactions },
  route('PUT', '/plans/:plan/transactions/:id', putTransaction),
  route('DELETE', '/plans/:plan/transactions/:id', deleteTransaction),
];
