/** Pieces the write tests plant into the demo plan. */
import type { CategoryGroupRow, CategoryRow, PlanData } from '../../src/demo/index.js';

/** YNAB's credit-card payment group (absent from the demo plan). */
export const CARD_GROUP: CategoryGroupRow = {
  id: 'grp-cc',
  name: 'Credit Card Payments',
  hidden: false,
  deleted: false,
};

/** A category to add to a planted plan, without a target unless given. */
export const extraCategory = (id: string, name: string, group: string, hidden = false): CategoryRow => ({
  id,
  name,
  category_group_id: group,
  hidden,
  deleted: false,
  note: null,
  target: null,
});

/** Adds the card-payment group to a plan and returns the plan. */
export function withCardGroup(plan: PlanData): PlanData {
  plan.category_groups.push({ ...CARD_GROUP });
  return plan;
}
