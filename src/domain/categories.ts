/** Category lists of the write tools (spec write-tools.md §1.3, D10), pure. */
import type { YnabCategory, YnabCategoryGroup } from './model.js';
import { CARD_PAYMENT_GROUP, INTERNAL_GROUP } from './plan.js';
import { clean } from './text.js';

export interface CategoryIndex {
  /** Not hidden, not deleted: what a tool may assign. */
  visible: Map<string, YnabCategory>;
  /** Every non-deleted category (hidden included) → its sanitised name, for previews. */
  names: Map<string, string>;
  /** YNAB's internal Uncategorized category ids. */
  uncategorized: Set<string>;
  /** Categories of the `Credit Card Payments` group. */
  cardPayment: Set<string>;
}

export function indexCategories(groups: readonly YnabCategoryGroup[]): CategoryIndex {
  const index: CategoryIndex = { visible: new Map(), names: new Map(), uncategorized: new Set(), cardPayment: new Set() };
  for (const group of groups) {
    if (group.deleted) continue;
    for (const c of group.categories) {
      if (c.deleted) continue;
      index.names.set(c.id, clean(c.name));
      if (!c.hidden) index.visible.set(c.id, c);
      if (group.name === INTERNAL_GROUP && c.name === 'Uncategorized') index.uncategorized.add(c.id);
      if (group.name === CARD_PAYMENT_GROUP) index.cardPayment.add(c.id);
    }
  }
  return index;
}
