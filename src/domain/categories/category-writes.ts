/**
 * Planning `update_category` and `create_category`: every check in a fixed order (the first failure
 * refuses), the new name and group, and what differs. Pure; errors are `AppError` texts.
 */
import { indexCategories } from './category-lists.js';
import { AppError } from '../errors.js';
import type { YnabCategoryGroup } from '../model.js';
import { isCardPaymentGroup, isInternalGroup, isInternalCategory } from './internal.js';
import { casefold, clean, nameKey, oneLineError, quote } from '../text.js';

/** A group a category may be created in or moved to (`list_category_groups`' groups). */
export interface GroupRef {
  id: string;
  name: string;
}

const groupError = (id: string): AppError =>
  new AppError(`Group ${id} is not in this plan: use an id from list_category_groups.`);

/** The trimmed name, refused when empty (`empty` is the tool's text) or not on one line. */
export function checkName(name: string, empty: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError(empty);
  const error = oneLineError(trimmed);
  if (error !== null) throw new AppError(error);
  return trimmed;
}

/**
 * Refuses `name` when a visible category of the group (other than `except`) has the same name,
 * whatever its case: `{name:q} already exists in {group}.`
 */
export function checkUnique(
  groups: readonly YnabCategoryGroup[],
  group: GroupRef,
  name: string,
  except: string | null,
): void {
  const folded = casefold(name);
  const visible = indexCategories(groups).visible.values();
  for (const c of visible) {
    if (c.category_group_id === group.id && c.id !== except && nameKey(c.name) === folded) {
      throw new AppError(`${quote(clean(name))} already exists in ${clean(group.name)}.`);
    }
  }
}

export interface UpdateAsk {
  category_id: string;
  name: string | null;
  category_group_id: string | null;
}

/** What `update_category` would do; names as YNAB holds them (the tool sanitises them for display). */
export interface UpdatePlan {
  category_id: string;
  from_name: string;
  to_name: string;
  from_group: string;
  /** The destination group's name, `''` when it is not among the visible groups. */
  to_group: string;
  to_group_id: string;
  /** Only the fields that differ, as sent to YNAB. */
  patch: { name?: string; category_group_id?: string };
}

/** Checks an update (the first failing check refuses it) and plans it. */
export function planUpdate(
  groups: readonly YnabCategoryGroup[],
  visibleGroups: readonly GroupRef[],
  ask: UpdateAsk,
): UpdatePlan {
  const category = indexCategories(groups).visible.get(ask.category_id);
  if (!category) {
    throw new AppError(
      `Category ${ask.category_id} is not in this plan: use a category_id from suggest_categories.`,
    );
  }
  // YNAB's own categories (internal, card payments): YNAB manages their names and groups
  const home = groups.find((g) => g.id === category.category_group_id);
  const fromGroup = home?.name ?? category.category_group_name ?? '';
  const own =
    isInternalCategory(category, home === undefined ? undefined : isInternalGroup(home)) ||
    isCardPaymentGroup(home ?? { name: fromGroup });
  if (own) {
    throw new AppError(
      `Category ${ask.category_id} is one of YNAB's own categories: YNAB manages its name and group.`,
    );
  }
  if (ask.category_group_id !== null && !visibleGroups.some((g) => g.id === ask.category_group_id)) {
    throw groupError(ask.category_group_id);
  }
  const toName =
    ask.name === null
      ? category.name
      : checkName(ask.name, 'The new name is empty: give a name, or omit it to keep the current one.');
  const toGroupId = ask.category_group_id ?? category.category_group_id;
  const toGroup = visibleGroups.find((g) => g.id === toGroupId)?.name ?? '';
  const destination = toGroup === '' ? fromGroup : toGroup;
  checkUnique(groups, { id: toGroupId, name: destination }, toName, category.id);
  const patch: UpdatePlan['patch'] = {};
  if (toName !== category.name) patch.name = toName;
  if (toGroupId !== category.category_group_id) patch.category_group_id = toGroupId;
  return {
    category_id: category.id,
    from_name: category.name,
    to_name: toName,
    from_group: fromGroup,
    to_group: toGroup,
    to_group_id: toGroupId,
    patch,
  };
}

export interface CreateAsk {
  category_group_id: string;
  name: string;
}

/** Checks a new category: its group and its trimmed name. */
export function planCreate(
  groups: readonly YnabCategoryGroup[],
  visibleGroups: readonly GroupRef[],
  ask: CreateAsk,
): { group: GroupRef; name: string } {
  const group = visibleGroups.find((g) => g.id === ask.category_group_id);
  if (!group) throw groupError(ask.category_group_id);
  const name = checkName(ask.name, 'The name is empty: give the new category a name.');
  checkUnique(groups, group, name, null);
  return { group, name };
}
