/**
 * YNAB's internal categories: `Inflow: Ready to Assign`, `Uncategorized` and whatever else sits in the
 * internal group. YNAB refuses budgeting them, moving money to or from them and giving them a target,
 * so the writes refuse them before any preview instead of letting the user say yes to a write YNAB
 * then refuses. They are recognised by the API's `internal` flag (on the category or its group), and by
 * YNAB's fixed names only where the flag is absent (an older answer, a month's category list).
 */
import { AppError } from '../errors.js';
import { INTERNAL_GROUP } from '../plan-facts.js';
import { clean } from '../text.js';

const INTERNAL_NAMES: ReadonlySet<string> = new Set(['Inflow: Ready to Assign', 'Uncategorized']);

interface CategoryLike {
  name: string;
  internal?: unknown;
  category_group_name?: unknown;
}

/** True for YNAB's internal categories; `groupInternal` is the group's flag when the caller has it. */
export function isInternalCategory(c: CategoryLike, groupInternal?: unknown): boolean {
  if (c.internal === true || groupInternal === true) return true;
  if (c.internal === false || groupInternal === false) return false;
  if (c.category_group_name === INTERNAL_GROUP) return true;
  return c.category_group_name === undefined && INTERNAL_NAMES.has(c.name);
}

/** Throws the refusal for an internal category, naming what to do instead. */
export function refuseInternal(c: CategoryLike & { id: string }, groupInternal?: unknown): void {
  if (!isInternalCategory(c, groupInternal)) return;
  throw new AppError(
    `${clean(c.name)} (${c.id}) is one of YNAB's internal categories: it cannot be budgeted, given a target or have money moved to or from it. Choose a category of the user's own groups (get_category_balances lists them).`,
  );
}
