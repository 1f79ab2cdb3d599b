/**
 * The response shapes of the stand-in, in YNAB's field names: accounts with their computed balances,
 * categories with goal fields and month figures, month details, transactions.
 */
import { goalFields } from './goals.js';
import type { GoalFields } from './goals.js';
import { activityOf, budgetedOf, figuresOf } from './month-figures.js';
import type { MonthSummary } from './month-figures.js';
import type { AccountRow, CategoryGroupRow, CategoryRow, PlanState, TransactionRow } from '../plan-data.js';
import { INTERNAL_GROUP } from '../../domain/plan-facts.js';

/** YNAB's own group (Ready to Assign, Uncategorized), which its API flags `internal`. */
export const isInternalGroup = (g: CategoryGroupRow): boolean => g.internal ?? g.name === INTERNAL_GROUP;

export interface AccountOut {
  id: string;
  name: string;
  type: string;
  on_budget: boolean;
  closed: boolean;
  note: string | null;
  balance: number;
  cleared_balance: number;
  uncleared_balance: number;
  transfer_payee_id: string | null;
  direct_import_linked: boolean;
  direct_import_in_error: boolean;
  last_reconciled_at: string | null;
  debt_original_balance: number | null;
  debt_interest_rates: Record<string, number> | null;
  debt_minimum_payments: Record<string, number> | null;
  debt_escrow_amounts: Record<string, number> | null;
  deleted: boolean;
}

type Sums = ReadonlyMap<string, { readonly balance: number; readonly cleared: number }>;
const summed = new WeakMap<PlanState, { knowledge: number; sums: Sums }>();

/**
 * Balances of every account from its non-deleted transactions (cleared = not `uncleared`): once per
 * server knowledge (every write bumps it), as YNAB keeps them, rather than over every transaction of a
 * large plan at each accounts request.
 */
export function balances(state: PlanState): Sums {
  const hit = summed.get(state);
  if (hit !== undefined && hit.knowledge === state.knowledge) return hit.sums;
  const sums = sumBalances(state);
  summed.set(state, { knowledge: state.knowledge, sums });
  return sums;
}

function sumBalances(state: PlanState): Sums {
  const sums = new Map<string, { balance: number; cleared: number }>();
  for (const t of state.transactions) {
    if (t.deleted) continue;
    const s = sums.get(t.account_id) ?? { balance: 0, cleared: 0 };
    s.balance += t.amount;
    if (t.cleared !== 'uncleared') s.cleared += t.amount;
    sums.set(t.account_id, s);
  }
  return sums;
}

/** A presenter of accounts, computing the balances once. */
export function accountPresenter(state: PlanState): (a: AccountRow) => AccountOut {
  const sums = balances(state);
  const transferPayee = new Map<string, string>();
  for (const p of state.payees) {
    if (p.transfer_account_id !== null && !p.deleted) transferPayee.set(p.transfer_account_id, p.id);
  }
  return (a) => {
    const s = sums.get(a.id) ?? { balance: 0, cleared: 0 };
    return {
      id: a.id,
      name: a.name,
      type: a.type,
      on_budget: a.on_budget,
      closed: a.closed,
      note: a.note,
      balance: s.balance,
      cleared_balance: s.cleared,
      uncleared_balance: s.balance - s.cleared,
      transfer_payee_id: transferPayee.get(a.id) ?? null,
      direct_import_linked: a.direct_import_linked,
      direct_import_in_error: a.direct_import_in_error,
      last_reconciled_at: a.last_reconciled_at,
      debt_original_balance: a.debt_original_balance,
      debt_interest_rates: a.debt_interest_rates === null ? null : { ...a.debt_interest_rates },
      debt_minimum_payments: a.debt_minimum_payments === null ? null : { ...a.debt_minimum_payments },
      debt_escrow_amounts: a.debt_escrow_amounts === null ? null : { ...a.debt_escrow_amounts },
      deleted: a.deleted,
    };
  };
}

export type CategoryOut = {
  id: string;
  category_group_id: string;
  category_group_name: string;
  name: string;
  hidden: boolean;
  internal: boolean;
  note: string | null;
  budgeted: number;
  activity: number;
  balance: number;
} & GoalFields & { deleted: boolean };

/** A presenter of categories as they stand in `month` (budgeted, activity, balance, goal fields). */
export function categoryPresenter(state: PlanState, month: string): (c: CategoryRow) => CategoryOut {
  const figures = figuresOf(state);
  const groupName = new Map(state.category_groups.map((g) => [g.id, g.name]));
  const internal = new Set(state.category_groups.filter(isInternalGroup).map((g) => g.id));
  return (c) => {
    const budgeted = budgetedOf(state, month, c.id);
    const activity = activityOf(state, figures, month, c.id);
    return {
      id: c.id,
      category_group_id: c.category_group_id,
      category_group_name: groupName.get(c.category_group_id) ?? '',
      name: c.name,
      hidden: c.hidden,
      // as YNAB, every category of its own group (Ready to Assign, Uncategorized) is internal
      internal: internal.has(c.category_group_id),
      note: c.note,
      budgeted,
      activity,
      balance: budgeted + activity,
      ...goalFields(c.target, month, budgeted, activity),
      deleted: c.deleted,
    };
  };
}

/** The categories in display order: grouped in the order of the groups. */
export function orderedCategories(state: PlanState): CategoryRow[] {
  const rank = new Map(state.category_groups.map((g, i) => [g.id, i]));
  return state.categories
    .map((c, i) => ({ c, i }))
    .sort(
      (a, b) => (rank.get(a.c.category_group_id) ?? 0) - (rank.get(b.c.category_group_id) ?? 0) || a.i - b.i,
    )
    .map(({ c }) => c);
}

/** A month summary (`GET /months`), or undefined when the plan has no such month. */
export function monthSummary(state: PlanState, month: string): MonthSummary | undefined {
  const s = figuresOf(state).summaries.get(month);
  return s === undefined ? undefined : { ...s };
}

/** A month with its categories (`GET /months/<month>`); the month must be one of the plan's. */
export function monthDetail(
  state: PlanState,
  summary: MonthSummary,
): MonthSummary & { categories: CategoryOut[] } {
  const present = categoryPresenter(state, summary.month);
  const categories = orderedCategories(state)
    .filter((c) => !c.deleted)
    .map(present);
  return { ...summary, categories };
}

/**
 * A transaction as served: the row itself, keys exactly as stored, and, as YNAB's TransactionDetail
 * requires, `subtransactions: []` when it is not split. No copy is needed otherwise: a reply is
 * serialised synchronously, before any other request can change the row.
 */
export const presentTransaction = (t: TransactionRow): TransactionRow =>
  t.subtransactions === undefined ? { ...t, subtransactions: [] } : t;
