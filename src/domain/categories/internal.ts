/**
 * YNAB's own categories, recognised in one place: the internal ones (`Inflow: Ready to Assign`,
 * `Uncategorized` and whatever else YNAB keeps in its internal group) and the credit-card payment group.
 * The API flags the internal ones `internal`, on the category and on its group; YNAB's fixed names
 * are only the fallback where the flag is absent (an older answer, a month's category list). Which
 * internal category is which (income or "no category yet") only the names say.
 *
 * YNAB refuses budgeting them, moving money to or from them and giving them a target, so the writes
 * refuse them before any preview instead of letting the user say yes to a write YNAB then refuses.
 */
import { AppError } from '../errors.js';
import type { YnabCategory, YnabCategoryGroup } from '../model.js';
import { CARD_PAYMENT_GROUP, INTERNAL_GROUP } from '../plan-facts.js';
import { clean } from '../text.js';

/** The internal category money comes in to: income. */
export const READY_TO_ASSIGN = 'Inflow: Ready to Assign';
/** The internal category of transactions that have none. */
export const UNCATEGORIZED = 'Uncategorized';

const INTERNAL_NAMES: ReadonlySet<string> = new Set([READY_TO_ASSIGN, UNCATEGORIZED]);

interface CategoryLike {
  name: string;
  internal?: unknown;
  category_group_name?: unknown;
}

interface GroupLike {
  name: string;
  internal?: unknown;
}

/** True for YNAB's internal group: its `internal` flag, else its fixed name. */
export function isInternalGroup(g: GroupLike): boolean {
  if (typeof g.internal === 'boolean') return g.internal;
  return g.name === INTERNAL_GROUP;
}

/** YNAB's group of credit-card payment categories (the API gives it no flag: its fixed name). */
export const isCardPaymentGroup = (g: GroupLike): boolean => g.name === CARD_PAYMENT_GROUP;

/** True for YNAB's internal categories; `groupInternal` is the group's flag when the caller has it. */
export function isInternalCategory(c: CategoryLike, groupInternal?: unknown): boolean {
  if (c.internal === true || groupInternal === true) return true;
  if (c.internal === false || groupInternal === false) return false;
  if (c.category_group_name === INTERNAL_GROUP) return true;
  return c.category_group_name === undefined && INTERNAL_NAMES.has(c.name);
}

/** The internal categories of live groups (deleted ones left out), in YNAB's order. */
export function internalCategories(groups: readonly YnabCategoryGroup[]): YnabCategory[] {
  return groups
    .filter((g) => !g.deleted)
    .flatMap((g) => {
      const groupInternal = isInternalGroup(g);
      return g.categories.filter((c) => !c.deleted && isInternalCategory(c, groupInternal));
    });
}

/** Ids of YNAB's internal Uncategorized. */
export function uncategorizedIds(groups: readonly YnabCategoryGroup[]): Set<string> {
  return new Set(
    internalCategories(groups)
      .filter((c) => c.name === UNCATEGORIZED)
      .map((c) => c.id),
  );
}

/**
 * Ready to Assign: the internal category of that name; failing that, the first internal one not named
 * Uncategorized; else null.
 */
export function readyToAssign(groups: readonly YnabCategoryGroup[]): YnabCategory | null {
  const internal = internalCategories(groups);
  return (
    internal.find((c) => c.name === READY_TO_ASSIGN) ?? internal.find((c) => c.name !== UNCATEGORIZED) ?? null
  );
}

/** Ids of the categories in YNAB's credit-card payment group. */
export function cardPaymentIds(groups: readonly YnabCategoryGroup[]): Set<string> {
  return new Set(
    groups.filter((g) => !g.deleted && isCardPaymentGroup(g)).flatMap((g) => g.categories.map((c) => c.id)),
  );
}

/** Throws the refusal for an internal category, naming what to do instead. */
export function refuseInternal(c: CategoryLike & { id: string }, groupInternal?: unknown): void {
  if (!isInternalCategory(c, groupInternal)) return;
  throw new AppError(
    `${clean(c.name)} (${c.id}) is one of YNAB's internal categories: it cannot be budgeted, given a target or have money moved to or from it. Choose a category of the user's own groups (get_category_balances lists them).`,
  );
}
