/**
 * What apply_rules would assign: each transaction waiting for a category or an approval that a rule
 * setting a category decides, when that category can be given and differs from its own. Pure.
 */
import type { Assignment } from '../categorize/assignments.js';
import { assignableCategories, isPending, offBudgetIds, visibleCategories } from '../categorize/pending.js';
import { uncategorizedIds } from '../categories/internal.js';
import type { YnabAccount, YnabCategoryGroup, YnabTransaction } from '../model.js';
import { matchRule } from './order.js';
import type { Rule } from './rule.js';

/** At most this many in one call, as apply_categories takes them. */
export const MAX_RULED = 100;

export interface Ruled {
  assignments: Assignment[];
  /** The rule deciding each transaction assigned, by id. */
  by: Map<string, Rule>;
  /** Transactions a rule decides beyond MAX_RULED, left for the next call. */
  more: number;
}

/** Waiting for a category (isPending), or categorised and not approved yet, on a budget account. */
function waiting(
  t: YnabTransaction,
  offBudget: ReadonlySet<string>,
  uncategorized: ReadonlySet<string>,
): boolean {
  if (isPending(t, offBudget, uncategorized)) return true;
  return (
    !t.deleted &&
    !t.approved &&
    !t.transfer_account_id &&
    (t.subtransactions ?? []).length === 0 &&
    !offBudget.has(t.account_id)
  );
}

export function ruledAssignments(
  rules: readonly Rule[],
  transactions: readonly YnabTransaction[],
  groups: readonly YnabCategoryGroup[],
  accounts: readonly YnabAccount[],
): Ruled {
  const assignable = new Set(assignableCategories(groups).map((c) => c.id));
  const offBudget = offBudgetIds(accounts);
  const uncategorized = uncategorizedIds(groups);
  const ruled: Ruled = { assignments: [], by: new Map(), more: 0 };
  if (rules.length === 0 || visibleCategories(groups).length === 0) return ruled;
  for (const t of transactions) {
    if (!waiting(t, offBudget, uncategorized)) continue;
    const rule = matchRule(rules, t, (a) => a.category_id !== null);
    const category = rule?.action.category_id ?? null;
    if (rule === null || category === null || !assignable.has(category) || t.category_id === category)
      continue;
    if (ruled.assignments.length === MAX_RULED) {
      ruled.more += 1;
      continue;
    }
    ruled.assignments.push({ transaction_id: t.id, category_id: category });
    ruled.by.set(t.id, rule);
  }
  return ruled;
}
