/**
 * The transaction write routes: bulk PATCH, POST (create), POST import, DELETE. Every item is checked
 * before any is applied; each applied write stamps what it touched (for delta requests).
 */
import { badRequest, bodyObject, notFound, ok } from './http.js';
import type { Reply, RouteContext } from './http.js';
import { presentTransaction } from './present.js';
import type { Route } from './router.js';
import { createTransactions } from './transaction-create.js';
import {
  buildSplit,
  categoryName,
  checkApproved,
  checkCategory,
  checkCleared,
  checkFlag,
  checkMemo,
  checkSplit,
  itemsOf,
} from './transaction-fields.js';
import type { SplitLine } from './transaction-fields.js';
import { Touch } from './state.js';
import type { PlanState, TransactionRow } from '../plan-data.js';

/** A transaction is split while it has a live sub-transaction. */
export const isSplit = (t: TransactionRow): boolean => (t.subtransactions ?? []).some((s) => !s.deleted);

interface Changes {
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

function checkChanges(state: PlanState, item: Record<string, unknown>, row: TransactionRow): Changes {
  const changes: Changes = {};
  if (item['category_id'] !== undefined) changes.category_id = checkCategory(state, item['category_id']);
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
  if (before.category_id !== row.category_id || changes.split !== undefined) {
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
    return { row, changes: checkChanges(state, item, row) };
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

/** POST `/transactions/import`: no bank connection, nothing new. */
const importTransactions = (): Reply => ok({ transaction_ids: [] });

/** DELETE `/transactions/<id>`: soft delete, returns the transaction. */
function deleteTransaction(ctx: RouteContext, p: Record<string, string>): Reply {
  const row = target(ctx.state, { id: p['id'] });
  row.deleted = true;
  const knowledge = new Touch(ctx.state).transaction(row).commit();
  return ok({ transaction: presentTransaction(row), server_knowledge: knowledge });
}

export const TRANSACTION_ROUTES: Route[] = [
  { method: 'PATCH', pattern: '/plans/:plan/transactions', handler: patchTransactions },
  { method: 'POST', pattern: '/plans/:plan/transactions', handler: postTransactions },
  { method: 'POST', pattern: '/plans/:plan/transactions/import', handler: importTransactions },
  { method: 'DELETE', pattern: '/plans/:plan/transactions/:id', handler: deleteTransaction },
];
