/**
 * The read routes of the stand-in: plans, accounts, categories, payees, months, transactions and
 * scheduled transactions, with delta requests.
 */
import { badRequest, notFound, ok, queryDate, resolveMonth, since, todayMonth } from './http.js';
import type { Reply, RouteContext } from './http.js';
import {
  accountPresenter,
  categoryPresenter,
  isInternalGroup,
  monthDetail,
  monthSummary,
  orderedCategories,
  presentTransaction,
} from './present.js';
import { route, type Route } from './router.js';
import { selectVersioned } from './state.js';
import type { PlanState, TransactionRow } from '../plan-data.js';

/** Finds a row by id or answers 404.2. */
export function byId<T extends { id: string }>(rows: readonly T[], id: string): T {
  const row = rows.find((r) => r.id === id);
  if (row === undefined) throw notFound();
  return row;
}

function plans(ctx: RouteContext): Reply {
  return ok({ plans: ctx.plans.map((s) => ({ ...s.plan })) });
}

/** `GET /user`: the id of the person the token belongs to, YNAB's only user field. */
function user(ctx: RouteContext): Reply {
  return ok({ user: { id: ctx.userId } });
}

function accounts(ctx: RouteContext): Reply {
  const present = accountPresenter(ctx.state);
  const rows = selectVersioned(ctx.state, 'accounts', ctx.state.accounts, since(ctx));
  return ok({ accounts: rows.map(present), server_knowledge: ctx.state.knowledge });
}

function account(ctx: RouteContext, p: { id: string }): Reply {
  return ok({ account: accountPresenter(ctx.state)(byId(ctx.state.accounts, p.id)) });
}

function categories(ctx: RouteContext): Reply {
  const { state } = ctx;
  const present = categoryPresenter(state, todayMonth(ctx));
  const chosen = new Set(selectVersioned(state, 'categories', state.categories, since(ctx)).map((c) => c.id));
  const ordered = orderedCategories(state).filter((c) => chosen.has(c.id));
  const delta = since(ctx) > 0;
  const groups = state.category_groups
    .filter((g) => (delta ? ordered.some((c) => c.category_group_id === g.id) : !g.deleted))
    .map((g) => ({
      id: g.id,
      name: g.name,
      hidden: g.hidden,
      // YNAB flags its own group (Ready to Assign, Uncategorized) as internal
      internal: isInternalGroup(g),
      deleted: g.deleted,
      categories: ordered.filter((c) => c.category_group_id === g.id).map(present),
    }));
  return ok({ category_groups: groups, server_knowledge: state.knowledge });
}

function category(ctx: RouteContext, p: { id: string }): Reply {
  const row = byId(ctx.state.categories, p.id);
  return ok({ category: categoryPresenter(ctx.state, todayMonth(ctx))(row) });
}

function payees(ctx: RouteContext): Reply {
  const rows = selectVersioned(ctx.state, 'payees', ctx.state.payees, since(ctx));
  return ok({ payees: rows.map((r) => ({ ...r })), server_knowledge: ctx.state.knowledge });
}

function payee(ctx: RouteContext, p: { id: string }): Reply {
  return ok({ payee: { ...byId(ctx.state.payees, p.id) } });
}

/** The plan's months as summaries, newest first (YNAB's order, which the tools must not rely on). */
function months(ctx: RouteContext): Reply {
  const { state } = ctx;
  const summaries = [...state.months]
    .sort()
    .reverse()
    .map((m) => ({ id: m, deleted: false }));
  const chosen = selectVersioned(state, 'months', summaries, since(ctx));
  const list = chosen.map((m) => monthSummary(state, m.id)).filter((s) => s !== undefined);
  return ok({ months: list, server_knowledge: state.knowledge });
}

function month(ctx: RouteContext, p: { month: string }): Reply {
  const summary = monthSummary(ctx.state, resolveMonth(ctx, p.month));
  if (summary === undefined) throw notFound();
  return ok({ month: monthDetail(ctx.state, summary) });
}

function monthCategory(ctx: RouteContext, p: { month: string; id: string }): Reply {
  const m = resolveMonth(ctx, p.month);
  const row = byId(ctx.state.categories, p.id);
  return ok({ category: categoryPresenter(ctx.state, m)(row) });
}

/**
 * `type=uncategorized`: on a budget account, no category, not a transfer, not split (like YNAB, where
 * tracking-account rows need no category). `type=unapproved`: not approved.
 */
function typeFilter(ctx: RouteContext): (t: TransactionRow) => boolean {
  const type = ctx.query['type'];
  if (type === undefined || type === '') return () => true;
  if (type === 'unapproved') return (t) => !t.approved;
  if (type === 'uncategorized') {
    const onBudget = new Set(ctx.state.accounts.filter((a) => a.on_budget).map((a) => a.id));
    return (t) =>
      t.category_id === null &&
      t.transfer_account_id === null &&
      onBudget.has(t.account_id) &&
      !(t.subtransactions ?? []).some((s) => !s.deleted);
  }
  throw badRequest('type must be uncategorized or unapproved.');
}

/** The transactions a list request selects: delta or full, then the date and type filters. */
export function selectTransactions(ctx: RouteContext, state: PlanState): TransactionRow[] {
  const from = queryDate(ctx, 'since_date');
  const until = queryDate(ctx, 'until_date');
  const ofType = typeFilter(ctx);
  return selectVersioned(state, 'transactions', state.transactions, since(ctx)).filter(
    (t) => (from === undefined || t.date >= from) && (until === undefined || t.date <= until) && ofType(t),
  );
}

function transactions(ctx: RouteContext): Reply {
  const rows = selectTransactions(ctx, ctx.state).map(presentTransaction);
  return ok({ transactions: rows, server_knowledge: ctx.state.knowledge });
}

function transaction(ctx: RouteContext, p: { id: string }): Reply {
  const row = byId(ctx.state.transactions, p.id);
  return ok({ transaction: presentTransaction(row), server_knowledge: ctx.state.knowledge });
}

function scheduled(ctx: RouteContext): Reply {
  const rows = selectVersioned(ctx.state, 'scheduled', ctx.state.scheduled_transactions, since(ctx));
  return ok({
    scheduled_transactions: rows.map((r) => structuredClone(r)),
    server_knowledge: ctx.state.knowledge,
  });
}

function scheduledOne(ctx: RouteContext, p: { id: string }): Reply {
  const row = byId(ctx.state.scheduled_transactions, p.id);
  return ok({ scheduled_transaction: structuredClone(row) });
}

export const READ_ROUTES: Route[] = [
  { method: 'GET', pattern: '/user', handler: user },
  { method: 'GET', pattern: '/plans', handler: plans },
  { method: 'GET', pattern: '/plans/:plan/accounts', handler: accounts },
  route('GET', '/plans/:plan/accounts/:id', account),
  { method: 'GET', pattern: '/plans/:plan/categories', handler: categories },
  route('GET', '/plans/:plan/categories/:id', category),
  { method: 'GET', pattern: '/plans/:plan/payees', handler: payees },
  route('GET', '/plans/:plan/payees/:id', payee),
  { method: 'GET', pattern: '/plans/:plan/months', handler: months },
  route('GET', '/plans/:plan/months/:month', month),
  route('GET', '/plans/:plan/months/:month/categories/:id', monthCategory),
  { method: 'GET', pattern: '/plans/:plan/transactions', handler: transactions },
  route('GET', '/plans/:plan/transactions/:id', transaction),
  { method: 'GET', pattern: '/plans/:plan/scheduled_transactions', handler: scheduled },
  route('GET', '/plans/:plan/scheduled_transactions/:id', scheduledOne),
];
