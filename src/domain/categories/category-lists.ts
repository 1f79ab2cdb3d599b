/** Category lists of the write tools (deleted categories never listed), pure. */
import type { YnabCategory, YnabCategoryGroup } from '../model.js';
import { visibleCategories } from '../categorize/pending.js';
import { cardPaymentIds, isInternalGroup, uncategorizedIds } from './internal.js';
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
  /** Ids of YNAB's internal groups (its `internal` flag, else its name). */
  internalGroups: Set<string>;
}

export function indexCategories(groups: readonly YnabCategoryGroup[]): CategoryIndex {
  const live = groups.filter((g) => !g.deleted);
  return {
    visible: new Map(visibleCategories(groups).map((c) => [c.id, c])),
    names: new Map(
      live.flatMap((g) => g.categories.filter((c) => !c.deleted).map((c) => [c.id, clean(c.name)] as const)),
    ),
    uncategorized: uncategorizedIds(groups),
    cardPayment: cardPaymentIds(groups),
    internalGroups: new Set(live.filter(isInternalGroup).map((g) => g.id)),
  };
}
