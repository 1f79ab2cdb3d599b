/**
 * The items of one charge, placed and allocated, turned into what a write takes: a split with a line
 * per category (its memo naming the items), in the shape split_transaction takes, or, when every
 * item has the same category, the one category the transaction gets. An item left for the person
 * keeps a line of its own, with no category yet. Pure.
 */
import { toUnits } from '../money.js';
import { cleanFull } from '../text.js';
import type { Placed } from './place.js';

/** The longest memo YNAB keeps on a split line. */
const MEMO_MAX = 500;

export interface ItemShare extends Placed {
  text: string;
  quantity: number | null;
  /** Its share of the charge, in milliunits, signed as the charge. */
  amount: number;
}

export interface PlanLine {
  amount: number;
  category_id: string | null;
  memo: string;
}

/** What the items of a transaction come to: a split (two lines or more) or one category. */
export interface ItemPlan {
  split: { transaction_id: string; lines: PlanLine[] } | null;
  category: { transaction_id: string; category_id: string | null } | null;
}

/** `2 × Milk`: an item as a memo names it, one clean line. */
export const itemWords = (item: { text: string; quantity: number | null }): string => {
  const text = cleanFull(item.text);
  return item.quantity !== null && item.quantity !== 1 ? `${String(item.quantity)} × ${text}` : text;
};

/** The memo naming `items`, cut at YNAB's length with an ellipsis. */
function memoOf(items: readonly ItemShare[]): string {
  const memo = items.map(itemWords).join(', ');
  const points = Array.from(memo);
  return points.length > MEMO_MAX ? `${points.slice(0, MEMO_MAX - 1).join('')}…` : memo;
}

/** Items grouped by category in the order first seen; an item without a category stands alone. */
function groups(items: readonly ItemShare[]): ItemShare[][] {
  const byCategory = new Map<string, ItemShare[]>();
  const out: ItemShare[][] = [];
  for (const item of items) {
    if (item.category_id === null) {
      out.push([item]);
      continue;
    }
    const group = byCategory.get(item.category_id);
    if (group !== undefined) group.push(item);
    else {
      const fresh = [item];
      byCategory.set(item.category_id, fresh);
      out.push(fresh);
    }
  }
  return out;
}

export function itemPlan(transactionId: string, items: readonly ItemShare[]): ItemPlan {
  const lines = groups(items).map((group): PlanLine => ({
    amount: toUnits(group.reduce((s, i) => s + i.amount, 0)),
    category_id: group[0]!.category_id,
    memo: memoOf(group),
  }));
  if (lines.length === 1) {
    return { split: null, category: { transaction_id: transactionId, category_id: lines[0]!.category_id } };
  }
  return { split: { transaction_id: transactionId, lines }, category: null };
}
