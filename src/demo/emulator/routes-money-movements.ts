/**
 * The money-movement routes of the stand-in: every movement and group of the plan, or those of one
 * month, in YNAB's shapes. YNAB takes no delta request here, so each answer is whole; it still carries
 * the server knowledge, as YNAB's does. A budget write records its movement (see `recordAssignment`).
 */
import { ok, resolveMonth } from './http.js';
import type { Reply, RouteContext } from './http.js';
import { route, type Route } from './router.js';
import type { MoneyMovementRow, PlanState } from '../plan-data.js';

/** The month a request names, when the plan has it (YNAB answers 404 for another). */
const planMonth = (ctx: RouteContext, p: { month: string }): string => resolveMonth(ctx, p.month);

const inMonth = (month: string | undefined) => (row: { month: string }) =>
  month === undefined || row.month === month;

function movements(ctx: RouteContext, month?: string): Reply {
  const rows = (ctx.state.money_movements ?? []).filter(inMonth(month)).map((r) => ({ ...r }));
  return ok({ money_movements: rows, server_knowledge: ctx.state.knowledge });
}

function groups(ctx: RouteContext, month?: string): Reply {
  const rows = (ctx.state.money_movement_groups ?? []).filter(inMonth(month)).map((r) => ({ ...r }));
  return ok({ money_movement_groups: rows, server_knowledge: ctx.state.knowledge });
}

/**
 * Records the movement a budget write makes, as YNAB does: an increase moves money from Ready to
 * Assign into the category, a decrease moves it back; each write is its own group.
 */
export function recordAssignment(
  state: PlanState,
  month: string,
  categoryId: string,
  change: number,
  at: string,
): void {
  if (change === 0) return;
  const list = (state.money_movements ??= []);
  const groupList = (state.money_movement_groups ??= []);
  const group = `mmg-w${groupList.length}`;
  groupList.push({ id: group, group_created_at: at, month, note: null });
  const row: MoneyMovementRow = {
    id: `mm-w${list.length}`,
    month,
    moved_at: at,
    note: null,
    money_movement_group_id: group,
    from_category_id: change > 0 ? null : categoryId,
    to_category_id: change > 0 ? categoryId : null,
    amount: Math.abs(change),
  };
  list.push(row);
}

export const MONEY_MOVEMENT_ROUTES: Route[] = [
  { method: 'GET', pattern: '/plans/:plan/money_movements', handler: (ctx) => movements(ctx) },
  route('GET', '/plans/:plan/months/:month/money_movements', (ctx, p) => movements(ctx, planMonth(ctx, p))),
  { method: 'GET', pattern: '/plans/:plan/money_movement_groups', handler: (ctx) => groups(ctx) },
  route('GET', '/plans/:plan/months/:month/money_movement_groups', (ctx, p) =>
    groups(ctx, planMonth(ctx, p)),
  ),
];
