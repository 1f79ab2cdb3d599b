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

/** How a transaction came into YNAB: a bank import, entered by hand and matched with one, or by hand. */
export type Entry = 'imported' | 'matched' | 'entered';

/** Why a pair is flagged: how each row came in, and which was the later (unknown when nothing tells). */
export interface DuplicateEvidence {
  this: Entry;
  other: Entry;
  later: 'this' | 'other' | 'unknown';
}

/** A likely duplicate: the other transaction's id, and what tells the two apart. */
export interface DuplicateOf {
  of: string;
  evidence: DuplicateEvidence;
}

/** A matched row first: YNAB keeps the import id on the entered row it matched. */
export const entryOf = (t: YnabTransaction): Entry =>
  t.matched_transaction_id ? 'matched' : t.import_id ? 'imported' : 'entered';

/**
 * The occurrence YNAB numbers an import id with (`YNAB:<amount>:<date>:<n>`): the n-th line of that
 * amount on that day, so the higher one was imported later. Null for an id of another form.
 */
function occurrence(t: YnabTransaction): number | null {
  const match = /^YNAB:-?\d+:\d{4}-\d{2}-\d{2}:(\d+)$/.exec(t.import_id ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Which of a pair came later. The pair shares its date (it is part of the key), so only the import
 * order can tell: the higher occurrence when both were imported, unknown otherwise.
 */
function later(row: YnabTransaction, other: YnabTransaction): DuplicateEvidence['later'] {
  const a = occurrence(row);
  const b = occurrence(other);
  if (a === null || b === null || a === b) return 'unknown';
  return a > b ? 'this' : 'other';
}

/**
 * Likely duplicates: live transactions with the same account, date, amount and bank label. Each id of
 * such a group maps to the first other row of its group, in list order, with the evidence of the pair;
 * the others are absent. Computed once per snapshot of the transactions (a key per row of a large plan
 * is the costly part of a search).
 */
export const duplicateCopies = perSnapshot(findCopies);

function findCopies(rows: readonly YnabTransaction[]): ReadonlyMap<string, DuplicateOf> {
  const groups = new Map<string, YnabTransaction[]>();
  for (const t of rows) {
    if (t.deleted) continue;
    const key = duplicateKey(t);
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  const copies = new Map<string, DuplicateOf>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const row of group) {
      const other = group.find((t) => t !== row) as YnabTransaction;
      const evidence = { this: entryOf(row), other: entryOf(other), later: later(row, other) };
      copies.set(row.id, { of: other.id, evidence });
    }
  }
  return copies;
}
