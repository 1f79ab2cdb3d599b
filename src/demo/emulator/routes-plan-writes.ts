/**
 * The plan write routes other than transactions: a month category's budget, a category's target, name
 * and group, a new category, a payee rename.
 */
import { TargetError, applyTargetWrite } from './goals.js';
import type { TargetWrite } from './goals.js';
import { badRequest, bodyObject, notFound, ok, resolveMonth, todayMonth } from './http.js';
import type { Reply, RouteContext } from './http.js';
import { isCardPaymentGroup } from '../../domain/categories/internal.js';
import { categoryPresenter, isInternalGroup } from './present.js';
import { route, type Route } from './router.js';
import { recordAssignment } from './routes-money-movements.js';
import { byId } from './routes-read.js';
import { Touch } from './state.js';
import type { CategoryRow, PlanState } from '../plan-data.js';

/** PATCH `/months/<month>/categories/<id>`: `{"category": {"budgeted": milliunits}}` (absolute). */
function patchMonthCategory(ctx: RouteContext, p: { month: string; id: string }): Reply {
  const { state } = ctx;
  const month = resolveMonth(ctx, p.month);
  const row = byId(state.categories, p.id);
  const group = state.category_groups.find((g) => g.id === row.category_group_id);
  // as YNAB does: its internal categories (Ready to Assign, Uncategorized) take no budget
  if (group !== undefined && isInternalGroup(group))
    throw badRequest('An internal category cannot be budgeted.');
  const budgeted = bodyObject(ctx, 'category')['budgeted'];
  if (typeof budgeted !== 'number' || !Number.isSafeInteger(budgeted)) {
    throw badRequest('budgeted must be whole milliunits.');
  }
  const before = state.budgets[month]?.[row.id] ?? 0;
  state.budgets[month] = { ...state.budgets[month], [row.id]: budgeted };
  recordAssignment(state, month, row.id, budgeted - before, `${ctx.today}T12:00:00Z`);
  const knowledge = new Touch(state).add('categories', row.id).monthAndLater(month).commit();
  return ok({ category: categoryPresenter(state, month)(row), server_knowledge: knowledge });
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || [...value].length > 50) {
    throw badRequest('name must be a non-empty string of at most 50 characters.');
  }
  return value;
}

function checkGroup(state: PlanState, value: unknown): string {
  if (typeof value !== 'string') throw badRequest('category_group_id must be a string.');
  if (!state.category_groups.some((g) => g.id === value && !g.deleted)) throw notFound();
  return value;
}

const GOAL_KEYS = ['goal_target', 'goal_target_date', 'goal_frequency', 'goal_needs_whole_amount'] as const;

/** PATCH `/categories/<id>`: target fields, `name` and `category_group_id`. */
function patchCategory(ctx: RouteContext, p: { id: string }): Reply {
  const { state } = ctx;
  const row = byId(state.categories, p.id);
  const body = bodyObject(ctx, 'category');
  const name = body['name'] === undefined ? undefined : checkName(body['name']);
  const group =
    body['category_group_id'] === undefined ? undefined : checkGroup(state, body['category_group_id']);
  let target = row.target;
  if (GOAL_KEYS.some((k) => body[k] !== undefined)) {
    const write: TargetWrite = {};
    for (const k of GOAL_KEYS) if (body[k] !== undefined) write[k] = body[k];
    try {
      // YNAB's default for a new target on a credit card payment category is monthly funding
      const card = state.category_groups.some((g) => g.id === row.category_group_id && isCardPaymentGroup(g));
      target = applyTargetWrite(row.target, write, todayMonth(ctx), card ? 'MF' : 'NEED');
    } catch (e) {
      if (e instanceof TargetError) throw badRequest(e.message);
      throw e;
    }
  }
  if (name !== undefined) row.name = name;
  if (group !== undefined) row.category_group_id = group;
  row.target = target;
  const knowledge = new Touch(state).add('categories', row.id).commit();
  return ok({ category: categoryPresenter(state, todayMonth(ctx))(row), server_knowledge: knowledge });
}

/** POST `/categories`: `{"category": {"name", "category_group_id"}}`; the new id is `cat-new-<n>`. */
function postCategory(ctx: RouteContext): Reply {
  const { state } = ctx;
  const body = bodyObject(ctx, 'category');
  const name = checkName(body['name']);
  const group = checkGroup(state, body['category_group_id']);
  let n = state.created_categories + 1;
  while (state.categories.some((c) => c.id === `cat-new-${n}`)) n += 1;
  state.created_categories = n;
  const row: CategoryRow = {
    id: `cat-new-${n}`,
    name,
    category_group_id: group,
    hidden: false,
    deleted: false,
    note: null,
    target: null,
  };
  state.categories.push(row);
  const knowledge = new Touch(state).add('categories', row.id).commit();
  return ok({ category: categoryPresenter(state, todayMonth(ctx))(row), server_knowledge: knowledge }, 201);
}

/** PATCH `/payees/<id>`: `{"payee": {"name"}}`; every transaction naming the payee follows. */
function patchPayee(ctx: RouteContext, p: { id: string }): Reply {
  const { state } = ctx;
  const payee = byId(state.payees, p.id);
  if (payee.deleted) throw notFound();
  const name = bodyObject(ctx, 'payee')['name'];
  if (typeof name !== 'string' || name.trim() === '' || [...name].length > 500) {
    throw badRequest('name must be a non-empty string of at most 500 characters.');
  }
  payee.name = name;
  const touch = new Touch(state).add('payees', payee.id);
  for (const t of state.transactions) {
    if (t.payee_id !== payee.id) continue;
    t.payee_name = name;
    touch.add('transactions', t.id);
  }
  for (const s of state.scheduled_transactions) {
    if (s.payee_id !== payee.id) continue;
    s.payee_name = name;
    touch.add('scheduled', s.id);
  }
  const knowledge = touch.commit();
  return ok({ payee: { ...payee }, server_knowledge: knowledge });
}

export const PLAN_WRITE_ROUTES: Route[] = [
  route('PATCH', '/plans/:plan/months/:month/categories/:id', patchMonthCategory),
  route('PATCH', '/plans/:plan/categories/:id', patchCategory),
  { method: 'POST', pattern: '/plans/:plan/categories', handler: postCategory },
  route('PATCH', '/plans/:plan/payees/:id', patchPayee),
];
