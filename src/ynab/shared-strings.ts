/**
 * One copy of each repeated text in a large answer's rows. A plan's transactions name the same
 * account, payee and category (ids and names), the same cleared state and flag colour, thousands of
 * times over, and `JSON.parse` gives each occurrence a string of its own (V8 shares only very short
 * ones). Held for as long as the plan's rows are cached, those copies were a large part of the
 * server's memory on a real plan, whose ids are 36-character UUIDs. So each batch of rows, as it is
 * parsed, has its texts replaced by the first equal one seen in the same answer: the values are the
 * same strings (nothing a tool reads changes), held once.
 *
 * Texts that are one row's own are left as they are and never enter the table: a row's id, its memo,
 * its import id and the ids of the transactions it is paired with. Long texts are left too (a long
 * bank label is rarely repeated word for word, and the table would only grow with it).
 */

/** Keys whose value is one row's own: never worth a place in the table. */
const OWN = new Set([
  'id',
  'memo',
  'import_id',
  'transaction_id',
  'transfer_transaction_id',
  'matched_transaction_id',
]);

/** Longer texts are kept as parsed. */
const LONGEST = 96;

/** The texts seen in one answer, each kept once. */
export type SharedTexts = Map<string, string>;

/** Replaces in place every shareable text of these rows (and of the rows in their lists) by its first copy. */
export function shareTexts(rows: readonly unknown[], seen: SharedTexts): void {
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    const fields = row as Record<string, unknown>;
    for (const key in fields) {
      const value = fields[key];
      if (typeof value === 'string') {
        if (OWN.has(key) || value.length > LONGEST) continue;
        const first = seen.get(value);
        if (first === undefined) seen.set(value, value);
        else fields[key] = first;
      } else if (Array.isArray(value)) shareTexts(value, seen);
    }
  }
}
