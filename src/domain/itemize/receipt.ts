/**
 * A receipt as the client read it (a photo or a PDF read by its model, handed over as text): its
 * item lines, and its tax, discount, tip and fee lines told apart by their kind; checked against its
 * own total, a negative item line (a discount on one item) folded into the item above it; and the
 * message telling which charge it matched. Pure.
 */
import { AppError } from '../errors.js';
import { toMilli, type MoneyText } from '../money.js';
import { clean } from '../text.js';
import type { Item } from './itemize.js';

export const LINE_KINDS = ['tax', 'discount', 'tip', 'fee'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export interface ReceiptLine {
  text: string;
  amount: number;
  quantity: number | null;
  /** Null: an item. */
  kind: LineKind | null;
}

export interface ReceiptInput {
  merchant: string;
  date: string;
  total: number;
  lines: ReceiptLine[];
}

/** The most lines a receipt may have, and the largest amount on it. */
const MAX_LINES = 100;
const MAX_AMOUNT = 1_000_000;

const bounded = (x: number): boolean => Number.isFinite(x) && Math.abs(x) <= MAX_AMOUNT;

/** Checks what the client read, before any request: the first problem refuses it, saying what to fix. */
export function checkReceipt(receipt: ReceiptInput): void {
  if (clean(receipt.merchant) === '') throw new AppError('merchant is empty: give the name on the receipt.');
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(receipt.date) || Number.isNaN(Date.parse(`${receipt.date}T00:00:00Z`)))
    throw new AppError(`date must be the receipt's day as YYYY-MM-DD, not "${clean(receipt.date)}".`);
  if (!(receipt.total > 0) || !bounded(receipt.total))
    throw new AppError('total must be what was paid, above 0 (at most 1,000,000).');
  if (receipt.lines.length === 0 || receipt.lines.length > MAX_LINES)
    throw new AppError(`Give the receipt's lines, 1 to ${String(MAX_LINES)}.`);
  receipt.lines.forEach((line, i) => {
    if (clean(line.text) === '') throw new AppError(`lines[${i}].text is empty: give the words printed.`);
    if (!bounded(line.amount)) throw new AppError(`lines[${i}].amount is out of range.`);
    if (line.quantity !== null && !(line.quantity > 0))
      throw new AppError(`lines[${i}].quantity must be above 0, or null.`);
  });
  if (!receipt.lines.some((l) => l.kind === null))
    throw new AppError('The receipt has no item line (one without a kind): give the items bought.');
}

/** What the lines of one kind come to, in milliunits, a discount counted off whichever sign it has. */
const sumOf = (lines: readonly ReceiptLine[], kind: LineKind): number =>
  lines.filter((l) => l.kind === kind).reduce((s, l) => s + Math.abs(toMilli(l.amount)), 0);

/** Whether a tip may be in the charge: the receipt has a tip line (0 when it is added at the terminal). */
export const leavesTip = (receipt: ReceiptInput): boolean => receipt.lines.some((l) => l.kind === 'tip');

/**
 * The receipt's items, a negative item line taken off the item above it; then the check that the
 * items, with what the other lines add and take off, come to its total (tax either added to the
 * prices or included in them), within a rounding step a line.
 */
export function receiptItems(receipt: ReceiptInput, step: number, money: MoneyText): Item[] {
  const items: Item[] = [];
  receipt.lines.forEach((line, i) => {
    if (line.kind !== null) return;
    const amount = toMilli(line.amount);
    if (amount >= 0) {
      if (amount === 0) throw new AppError(`lines[${i}] costs nothing: leave it out.`);
      items.push({ text: line.text, price: amount, quantity: line.quantity });
      return;
    }
    const above = items.at(-1);
    if (above === undefined || above.price + amount <= 0)
      throw new AppError(
        `lines[${i}] (${clean(line.text)}) takes off more than the item above it: give a discount on the whole receipt as a line of kind discount.`,
      );
    above.price += amount;
  });
  const total = toMilli(receipt.total);
  const lines = receipt.lines;
  const prices = items.reduce((s, i) => s + i.price, 0);
  const others = sumOf(lines, 'tip') + sumOf(lines, 'fee') - sumOf(lines, 'discount');
  const slack = step * (lines.length + 1);
  const fits = (sum: number) => Math.abs(sum - total) <= slack;
  if (!fits(prices + others) && !fits(prices + others + sumOf(lines, 'tax'))) {
    throw new AppError(
      `The items come to ${money(prices)}; with the receipt's tip, fee, tax and discount lines, that is not its total ${money(total)}: check the lines read from it.`,
    );
  }
  return items;
}

export interface Found {
  transaction_id: string;
  date: string;
  payee: string;
  amount: number;
}

/** What the call found, for the agent to relay. */
export function receiptMessage(
  receipt: { merchant: string; total: number },
  found: { chosen: Found | null; count: number; sure: boolean; left: number; split: boolean },
  money: MoneyText,
): string {
  const of = `${clean(receipt.merchant)} ${money(toMilli(receipt.total))}`;
  const c = found.chosen;
  if (c === null)
    return `No transaction matches the receipt of ${of} (amount, date, merchant): it may not be in YNAB yet. The items show their categories.`;
  const which = `${money.date(c.date)} ${clean(c.payee)} ${money(toMilli(c.amount))}`;
  if (!found.sure)
    return `${String(found.count)} transactions could be the receipt of ${of}; the plan is for the first, ${which}: ask the person which. For another of the same amount, put its transaction_id in the plan; for another amount, call again with the difference as a tip line.`;
  const left =
    found.left === 0 ? '' : ` ${String(found.left)} item(s) have no category yet: ask the person for them.`;
  const how = found.split
    ? 'One split_transaction (or apply_itemization) with split applies it, once the person agrees.'
    : 'Every item has one category: apply_categories (or apply_itemization) with category applies it.';
  return `The receipt of ${of} is ${which}.${left} ${how}`;
}
