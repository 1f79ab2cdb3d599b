/**
 * What a transaction row carries so the next step needs no extra search: the payee's id (to rename it
 * or filter by it) and the merchant its bank label stands for, and the likely duplicates among rows
 * (the same card line imported twice). Pure.
 */
import type { YnabTransaction } from '../model.js';
import { perSnapshot } from '../memo.js';
import { merchant } from '../payees/merchant.js';
import { clean } from '../text.js';

export interface PayeeFields {
  payee_id: string | null;
  merchant: string;
}

/** The payee id YNAB gives (null when none) and the merchant behind the label, sanitised. */
export const payeeFields = (row: { payee_id?: string | null; payee_name?: string | null }): PayeeFields => ({
  payee_id: row.payee_id ?? null,
  merchant: clean(merchant(row.payee_name)),
});

const duplicateKey = (t: YnabTransaction): string =>
  JSON.stringify([t.account_id, t.date, t.amount, t.payee_name ?? '']);

/**
 * Likely duplicates: live transactions with the same account, date, amount and bank label. Each id of
 * such a group maps to the first other id of its group, in list order; the others are absent. Computed
 * once per snapshot of the transactions (a key per row of a large plan is the costly part of a search).
 */
export const duplicateCopies = perSnapshot(findCopies);

function findCopies(rows: readonly YnabTransaction[]): ReadonlyMap<string, string> {
  const groups = new Map<string, string[]>();
  for (const t of rows) {
    if (t.deleted) continue;
    const key = duplicateKey(t);
    const group = groups.get(key);
    if (group) group.push(t.id);
    else groups.set(key, [t.id]);
  }
  const copies = new Map<string, string>();
  for (const ids of groups.values()) {
    if (ids.length < 2) continue;
    for (const id of ids) copies.set(id, ids.find((other) => other !== id) as string);
  }
  return copies;
}
