/**
 * The scheduled-transaction write routes, with YNAB's rules: POST and PUT take the whole object
 * (`{"scheduled_transaction": {...}}`, the PUT replacing every field), the date is the next date and
 * must lie no more than a week in the past (the first date of an old schedule is refused, as YNAB
 * does) and at most five years ahead; DELETE soft-deletes. Each answers the schedule as stored.
 */
import { DATE, badRequest, bodyObject, notFound, ok } from './http.js';
import type { Reply, RouteContext } from './http.js';
import { route, type Route } from './router.js';
import { Touch } from './state.js';
import {
  categoryName,
  checkAmount,
  checkCategory,
  checkFlag,
  checkMemo,
  checkPayee,
  resolvePayee,
  shiftDays,
  shiftYears,
} from './transaction-fields.js';
import { FREQUENCIES as SCHEDULE_FREQUENCIES } from '../../domain/transactions/scheduled-writes.js';
import { idNumber } from '../household/rows.js';
import type { PlanState, ScheduledRow } from '../plan-data.js';

/** YNAB's 13 frequencies: the same list the tools check against. */
const FREQUENCIES: ReadonlySet<string> = new Set(SCHEDULE_FREQUENCIES);

function checkScheduledDate(value: unknown, today: string): string {
  if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
    throw badRequest('date must be a date YYYY-MM-DD.');
  }
  if (value < shiftDays(today, -7)) throw badRequest('date must not be more than a week in the past.');
  if (value > shiftYears(today, 5)) throw badRequest('date must not be more than 5 years in the future.');
  return value;
}

/** Builds the stored row from a complete body (every field checked before anything changes). */
function rowOf(
  ctx: RouteContext,
  item: Record<string, unknown>,
  id: string,
  first: string | null,
): ScheduledRow {
  const { state } = ctx;
  const account = state.accounts.find((a) => a.id === item['account_id'] && !a.deleted);
  if (account === undefined) throw notFound();
  const date = checkScheduledDate(item['date'], ctx.today);
  const frequency = item['frequency'];
  if (typeof frequency !== 'string' || !FREQUENCIES.has(frequency))
    throw badRequest('frequency is not valid.');
  const amount = checkAmount(item['amount']);
  const ref = checkPayee(state, item);
  const category = item['category_id'] === undefined ? null : checkCategory(state, item['category_id']);
  const memo = item['memo'] === undefined ? null : checkMemo(item['memo']);
  const flag = item['flag_color'] === undefined ? null : checkFlag(item['flag_color']);
  if (ref !== null && 'payee' in ref && ref.payee.transfer_account_id === account.id) {
    throw badRequest('A transfer needs two different accounts.');
  }
  const { payee } = resolvePayee(state, ref);
  return {
    id,
    date_first: first ?? date,
    date_next: date,
    frequency,
    amount,
    memo,
    flag_color: flag,
    account_id: account.id,
    account_name: account.name,
    payee_id: payee?.id ?? null,
    payee_name: payee?.name ?? null,
    category_id: category,
    category_name: categoryName(state, category),
    transfer_account_id: payee?.transfer_account_id ?? null,
    deleted: false,
    subtransactions: [],
  };
}

function stamp(state: PlanState, row: ScheduledRow, payeesBefore: number): number {
  const touch = new Touch(state).add('scheduled', row.id);
  for (const p of state.payees.slice(payeesBefore)) touch.add('payees', p.id);
  return touch.commit();
}

function nextId(state: PlanState): string {
  let n = state.scheduled_transactions.length;
  while (state.scheduled_transactions.some((s) => s.id === `sch-${idNumber(n)}`)) n += 1;
  return `sch-${idNumber(n)}`;
}

/** POST `/scheduled_transactions`: 201 with the new schedule. */
function postScheduled(ctx: RouteContext): Reply {
  const payeesBefore = ctx.state.payees.length;
  const row = rowOf(ctx, bodyObject(ctx, 'scheduled_transaction'), nextId(ctx.state), null);
  ctx.state.scheduled_transactions.push(row);
  return ok(
    { scheduled_transaction: structuredClone(row), server_knowledge: stamp(ctx.state, row, payeesBefore) },
    201,
  );
}

function existing(state: PlanState, id: string): ScheduledRow {
  const row = state.scheduled_transactions.find((s) => s.id === id && !s.deleted);
  if (row === undefined) throw notFound();
  return row;
}

/** PUT `/scheduled_transactions/<id>`: replaces every field; the first date stays. */
function putScheduled(ctx: RouteContext, p: { id: string }): Reply {
  const row = existing(ctx.state, p.id);
  const payeesBefore = ctx.state.payees.length;
  const next = rowOf(ctx, bodyObject(ctx, 'scheduled_transaction'), row.id, row.date_first);
  Object.assign(row, next);
  return ok({
    scheduled_transaction: structuredClone(row),
    server_knowledge: stamp(ctx.state, row, payeesBefore),
  });
}

/** DELETE `/scheduled_transactions/<id>`: soft delete, returns it. */
function deleteScheduled(ctx: RouteContext, p: { id: string }): Reply {
  const row = existing(ctx.state, p.id);
  row.deleted = true;
  return ok({
    scheduled_transaction: structuredClone(row),
    server_knowledge: stamp(ctx.state, row, ctx.state.payees.length),
  });
}

export const SCHEDULED_ROUTES: Route[] = [
  { method: 'POST', pattern: '/plans/:plan/scheduled_transactions', handler: postScheduled },
  route('PUT', '/plans/:plan/scheduled_transactions/:id', putScheduled),
  route('DELETE', '/plans/:plan/scheduled_transactions/:id', deleteScheduled),
];
