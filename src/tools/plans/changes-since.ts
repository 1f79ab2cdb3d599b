/**
 * The reads behind `get_changes` and the digest's "what changed": YNAB's delta requests from the mark's
 * knowledge (transactions, scheduled transactions, categories: 3 requests, none of them a full
 * download) and the plan's money movements (1), turned into changes by src/domain/changes/, and the
 * mark moved when asked. With no mark yet, the first is set from the cached lists (a full download only
 * on a cold cache) and there is nothing to tell.
 */
import type { Deps } from '../../deps.js';
import { Attribution, type Change } from '../../domain/changes/changes.js';
import {
  budgetChanges,
  scheduleChanges,
  targetChanges,
  transactionChanges,
  type Names,
} from '../../domain/changes/diff.js';
import { markOf, moveMark, type Mark } from '../../domain/changes/mark.js';
import { uncategorizedIds } from '../../domain/categories/internal.js';
import type { YnabCategoryGroup, YnabTransaction } from '../../domain/model.js';
import { appliedAt } from '../../safety/journal.js';

export interface ChangesRead {
  /** Null when there was no mark: this call set the first one. */
  since: Mark | null;
  changes: Change[];
  /** Whether the mark now stands at this call. */
  marked: boolean;
}

/** Names of the ids the changes show, from what the answers carry and the lists already cached. */
function namesOf(
  deps: Deps,
  plan: string,
  rows: readonly YnabTransaction[],
  changedGroups: readonly YnabCategoryGroup[],
): Names {
  const accounts = new Map<string, string>();
  const payees = new Map<string, string>();
  const categories = new Map<string, string>();
  const groups = [...(deps.ynab.cache.peekGroups(plan) ?? []), ...changedGroups];
  for (const g of groups) for (const c of g.categories) categories.set(c.id, c.name);
  const cached = deps.ynab.cache.peek<{ id: string; name: string }>(plan, 'accounts') ?? [];
  for (const a of cached) accounts.set(a.id, a.name);
  for (const p of deps.ynab.cache.peek<{ id: string; name: string }>(plan, 'payees') ?? [])
    payees.set(p.id, p.name);
  const all = [...(deps.ynab.cache.peek<YnabTransaction>(plan, 'transactions') ?? []), ...rows];
  for (const t of all) {
    if (t.account_name) accounts.set(t.account_id, t.account_name);
    if (t.payee_id && t.payee_name) payees.set(t.payee_id, t.payee_name);
    if (t.category_id && t.category_name && !categories.has(t.category_id))
      categories.set(t.category_id, t.category_name);
  }
  return { accounts, payees, categories, uncategorized: uncategorizedIds(groups) };
}

/** Sets the first mark (or a mark from whole lists) from the cached lists. */
async function markFromLists(deps: Deps, plan: string): Promise<Mark> {
  const groups = await deps.ynab.categories.groups(plan);
  const scheduled = await deps.ynab.scheduled.list(plan);
  const transactions = await deps.ynab.transactions.list(plan);
  const movements = await deps.ynab.moneyMovements.list(plan);
  // the lowest knowledge the lists were read at: a change between two reads is told again, never lost
  const seen = [
    deps.ynab.cache.listKnowledge(plan, 'scheduled'),
    deps.ynab.cache.listKnowledge(plan, 'transactions'),
  ].filter((k): k is number => k !== undefined && k > 0);
  const mark = markOf({
    knowledge: seen.length > 0 ? Math.min(...seen) : 0,
    at: appliedAt(deps.clock.now()),
    today: deps.clock.today(),
    transactions,
    scheduled,
    groups,
    movements,
  });
  await deps.marks.set(plan, mark);
  return mark;
}

/** What changed in the plan since its mark; moves the mark to now when `mark` is true. */
export async function changesSinceMark(deps: Deps, plan: string, mark: boolean): Promise<ChangesRead> {
  const previous = await deps.marks.get(plan);
  if (previous === null || previous.knowledge === 0) {
    await markFromLists(deps, plan);
    return { since: null, changes: [], marked: true };
  }
  const at = appliedAt(deps.clock.now());
  const transactions = await deps.ynab.transactions.delta(plan, previous.knowledge);
  const scheduled = await deps.ynab.scheduled.delta(plan, previous.knowledge);
  const categories = await deps.ynab.categories.delta(plan, previous.knowledge);
  const movements = await deps.ynab.moneyMovements.list(plan);
  const by = new Attribution(await deps.journal.since(plan, previous.at));
  const names = namesOf(deps, plan, transactions.rows, categories.rows);
  const changes = [
    ...transactionChanges(previous, transactions.rows, names, by),
    ...budgetChanges(previous, movements, names, by),
    ...targetChanges(previous, categories.rows, names, by),
    ...scheduleChanges(previous, scheduled.rows, names, by),
  ];
  if (mark) {
    const knowledge = Math.min(transactions.knowledge, scheduled.knowledge, categories.knowledge);
    await deps.marks.set(
      plan,
      moveMark(previous, {
        knowledge: knowledge > 0 ? knowledge : previous.knowledge,
        at,
        today: deps.clock.today(),
        transactions: transactions.rows,
        scheduled: scheduled.rows,
        groups: categories.rows,
        movements,
      }),
    );
  }
  return { since: previous, changes, marked: mark };
}
