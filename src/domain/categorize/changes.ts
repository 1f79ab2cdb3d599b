/**
 * The change list shared by apply_categories and the undo of a categorize operation: change records and
 * their question.
 */
import { type MoneyText, toMilli, toUnits } from '../money.js';
import type { YnabTransaction } from '../model.js';
import { clean } from '../text.js';

export interface Change {
  transaction_id: string;
  date: string;
  amount: number;
  payee: string;
  from_category_id: string | null;
  from_category: string | null;
  to_category_id: string | null;
  to_category: string | null;
}

/** A change record moving a transaction from its current category to another (null clears). */
export function changeOf(
  tx: YnabTransaction,
  toCategoryId: string | null,
  names: ReadonlyMap<string, string>,
): Change {
  const from = tx.category_id ?? null;
  return {
    transaction_id: tx.id,
    date: tx.date,
    amount: toUnits(tx.amount),
    payee: clean(tx.payee_name),
    from_category_id: from,
    from_category: from === null ? null : (names.get(from) ?? clean(tx.category_name ?? from)),
    to_category_id: toCategoryId,
    to_category: toCategoryId === null ? null : (names.get(toCategoryId) ?? toCategoryId),
  };
}

const MAX_LINES = 20;

/** `{action} {n} transaction(s)?` then the first 20 change lines, then `- … and {k} more`. */
export function changeQuestion(action: string, changes: readonly Change[], money: MoneyText): string {
  const lines = [`${action} ${changes.length} transaction(s)?`];
  for (const c of changes.slice(0, MAX_LINES)) {
    const amount = money(toMilli(c.amount));
    lines.push(
      `- ${money.date(c.date)} ${c.payee} ${amount}: ${c.from_category ?? 'no category'} → ${c.to_category ?? 'no category'}`,
    );
  }
  if (changes.length > MAX_LINES) lines.push(`- … and ${changes.length - MAX_LINES} more`);
  return lines.join('\n');
}
