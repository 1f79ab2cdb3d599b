/**
 * One charge itemised: the items' prices spread over what was charged, each item placed in a
 * category, and the write that applies it. Shared by receipts and orders. Pure.
 */
import { allocate } from './allocate.js';
import { placeItems, type Charge, type Evidence } from './place.js';
import { itemPlan, type ItemPlan, type ItemShare } from './split-plan.js';

export interface Item {
  text: string;
  /** What the receipt or the order says it cost, in milliunits, above 0. */
  price: number;
  quantity: number | null;
}

export interface Itemized {
  items: ItemShare[];
  /** Null when no transaction was chosen. */
  plan: ItemPlan | null;
}

/**
 * `charge.amount` (milliunits, signed as YNAB holds it) spread over `items`; `transactionId` null when
 * the charge is the receipt's own total and no transaction was chosen.
 */
export function itemize(
  items: readonly Item[],
  charge: Charge,
  transactionId: string | null,
  digits: number,
  evidence: Evidence,
): Itemized {
  const shares = allocate(
    items.map((i) => i.price),
    charge.amount,
    digits,
  );
  const placed = placeItems(
    items.map((item, i) => ({ text: item.text, amount: shares[i]! })),
    charge,
    evidence,
  );
  const shared = items.map((item, i): ItemShare => ({
    ...placed[i]!,
    text: item.text,
    quantity: item.quantity,
    amount: shares[i]!,
  }));
  return { items: shared, plan: transactionId === null ? null : itemPlan(transactionId, shared) };
}
