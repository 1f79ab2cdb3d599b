/**
 * A category named the way a person names it: its id, its exact name (case-insensitive, character
 * references decoded), or `Group: Name` where a name repeats across groups. One match or a refusal
 * that lists the candidates, so that an assistant never needs a lookup call only to learn an id.
 */
import { AppError } from '../errors.js';
import type { YnabCategoryGroup } from '../model.js';
import { clean, nameKey, quote } from '../text.js';
import { isInternalGroup } from './internal.js';

interface Candidate {
  id: string;
  name: string;
  group: string;
}

/** Every visible category (not hidden, not deleted, not in YNAB's internal group), with its group. */
function candidates(groups: readonly YnabCategoryGroup[]): Candidate[] {
  return groups
    .filter((g) => !g.deleted && !g.hidden && !isInternalGroup(g))
    .flatMap((g) =>
      g.categories
        .filter((c) => !c.deleted && !c.hidden)
        .map((c) => ({ id: c.id, name: c.name, group: g.name })),
    );
}

const labelOf = (c: Candidate): string => `${clean(c.group)}: ${clean(c.name)}`;

/**
 * The id of the visible category `given` is or names, as `resolveCategory` finds it; null when it is
 * neither, a refusal when the name is ambiguous.
 */
export function findCategory(
  groups: readonly YnabCategoryGroup[],
  given: string,
  what: string,
): string | null {
  const all = candidates(groups);
  if (all.some((c) => c.id === given)) return given;
  const key = nameKey(given);
  const named = all.filter((c) => nameKey(c.name) === key);
  const found = named.length > 0 ? named : all.filter((c) => nameKey(`${c.group}: ${c.name}`) === key);
  if (found.length > 1) {
    throw new AppError(
      `${what} ${quote(clean(given))} names ${found.length} categories: give one as ${found.map((c) => quote(labelOf(c))).join(' or ')}, or its id.`,
    );
  }
  return found[0]?.id ?? null;
}

/**
 * The id of the category `given` names: an id as it is, else the one visible category of that name, else
 * the one whose `Group: Name` it is. `what` names the parameter in the refusals.
 */
export function resolveCategory(groups: readonly YnabCategoryGroup[], given: string, what: string): string {
  const found = findCategory(groups, given, what);
  if (found !== null) return found;
  throw unknownCategory(given, what);
}

/** The refusal of a value that is neither a category's id nor a visible category's name. */
export const unknownCategory = (given: string, what: string): AppError =>
  new AppError(
    `${what} ${quote(clean(given))} is neither a category id nor the name of a visible category: use a name or id from get_category_balances.`,
  );

/**
 * The id of the category group `given` is or names: an id of any group as it is (the write decides
 * what it accepts), else the one visible group of that name; null when neither, a refusal when the
 * name is ambiguous.
 */
export function findGroup(groups: readonly YnabCategoryGroup[], given: string, what: string): string | null {
  if (groups.some((g) => g.id === given)) return given;
  const key = nameKey(given);
  const found = groups.filter(
    (g) => !g.deleted && !g.hidden && !isInternalGroup(g) && nameKey(g.name) === key,
  );
  if (found.length > 1) {
    throw new AppError(
      `${what} ${quote(clean(given))} names ${found.length} category groups: give one by its id, ${found.map((g) => quote(g.id)).join(' or ')}.`,
    );
  }
  return found[0]?.id ?? null;
}

/** The refusal of a value that is neither a group's id nor a visible group's name. */
export const unknownGroup = (given: string, what: string): AppError =>
  new AppError(
    `${what} ${quote(clean(given))} is neither a category group id nor the name of a visible group: use a name or id from list_category_groups.`,
  );
