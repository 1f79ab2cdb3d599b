/** Category lists of the write tools (deleted categories never listed), pure. */
import type { YnabCategory, YnabCategoryGroup } from '../model.js';
import { internalUncategorizedIds, visibleCategories } from '../categorize/pending.js';
import { CARD_PAYMENT_GROUP } from '../plan-facts.js';
import { clean } from '../text.js';

export interface CategoryIndex {
  /** Not hidden, not deleted: what a tool may assign. */
  visible: Map<string, YnabCategory>;
  /** Every non-deleted category (hidden included) → its sanitised name, for previews. */
  names: Map<string, string>;
  /** YNAB's internal Uncategorized category ids. */
  uncategorized: Set<string>;
  /** Categories of the `Credit Card Payments` group. */
  cardPayment: Set<string>;
  /** Ids of the groups YNAB flags `internal`. */
  internalGroups: Set<string>;
}

export function indexCategories(groups: readonly YnabCategoryGroup[]): CategoryIndex {
  const live = groups.filter((g) => !g.deleted);
  return {
    visible: new Map(visibleCategories(groups).map((c) => [c.id, c])),
    names: new Map(
      live.flatMap((g) => g.categories.filter((c) => !c.deleted).map((c) => [c.id, clean(c.name)] as const)),
    ),
    uncategorized: internalUncategorizedIds(groups),
    cardPayment: new Set(
      live.filter((g) => g.name === CARD_PAYMENT_GROUP).flatMap((g) => g.categories.map((c) => c.id)),
    ),
    internalGroups: new Set(live.filter((g) => g.internal === true).map((g) => g.id)),
  };
}
