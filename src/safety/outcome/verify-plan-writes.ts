/**
 * Verified writes of payees and categories (see verify.ts): a rename, a category's name, group or
 * target, and a new category — which, having no id until YNAB answers, is found again after a lost
 * answer as the one category of that name in that group that was not there before.
 */
import type { Deps } from '../../deps.js';
import { categoriesOf, categoryField } from '../../domain/categories/category-rows.js';
import type { CategoryPatch, YnabCategory, YnabCategoryGroup, YnabPayee } from '../../domain/model.js';
import type { Row } from '../../domain/write-verify.js';
import { UnknownOutcome } from '../../domain/write-outcome.js';
import type { CheckedWrite, Shown } from './checked-step.js';

const row = (o: object): Row => o as unknown as Row;

/** The rename of one payee, judged against its name before. */
export function renameWrite(deps: Deps, plan: string, payee: YnabPayee, name: string): CheckedWrite {
  return {
    asked: [{ key: payee.id, label: `payee ${payee.id}`, fields: { name } }],
    before: new Map([[payee.id, row(payee)]]),
    send: async () => {
      const shown = await deps.ynab.payees.rename(plan, payee.id, name);
      return shown === null ? null : new Map([[payee.id, row(shown)]]);
    },
    read: async () => new Map((await deps.ynab.payees.list(plan)).map((p) => [p.id, row(p)])),
  };
}

/** A change of one category's name, group or target fields (`groups`: as read for the preview). */
export function categoryWrite(
  deps: Deps,
  plan: string,
  groups: readonly YnabCategoryGroup[],
  id: string,
  fields: CategoryPatch,
): CheckedWrite {
  const asked = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const before = categoriesOf(groups).get(id);
  return {
    asked: [{ key: id, label: `category ${id}`, fields: asked }],
    before: new Map(before === undefined ? [] : [[id, row(before)]]),
    project: categoryField,
    send: async () => {
      const shown = await deps.ynab.categories.update(plan, id, fields);
      return shown === null ? null : new Map([[id, row(shown)]]);
    },
    read: async () =>
      new Map([...categoriesOf(await deps.ynab.categories.groups(plan))].map(([id, c]) => [id, row(c)])),
  };
}

/** The create of a category `name` in `groupId`; `created` holds it once known. */
export function newCategoryWrite(
  deps: Deps,
  plan: string,
  groups: readonly YnabCategoryGroup[],
  name: string,
  groupId: string,
): CheckedWrite & { created: { id: string | null } } {
  const existing = new Set(categoriesOf(groups).keys());
  const created: { id: string | null } = { id: null };
  const keep = (c: YnabCategory | undefined): Shown => {
    if (c === undefined) return new Map();
    created.id = c.id;
    return new Map([['new', row(c)]]);
  };
  return {
    asked: [
      { key: 'new', label: `the new category '${name}'`, fields: { name, category_group_id: groupId } },
    ],
    before: new Map(),
    created,
    send: async () => {
      const shown = await deps.ynab.categories.create(plan, name, groupId);
      // a success that does not show the category has no id to give: settled like a lost answer
      if (shown === null) throw new UnknownOutcome('YNAB answered success without the new category');
      return keep(shown);
    },
    read: async () => {
      const now = [...categoriesOf(await deps.ynab.categories.groups(plan)).values()];
      return keep(now.find((c) => !existing.has(c.id) && c.name === name && c.category_group_id === groupId));
    },
  };
}
