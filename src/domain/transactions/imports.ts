/**
 * What an import whose answer was lost brought in. An import sends no item, so there is nothing to
 * look up by id: the transactions YNAB changed since the newest server knowledge avenir-mcp held
 * before sending are read once, and an imported one is a transaction with a bank import id that was
 * not among the transactions avenir-mcp had already read. Without that earlier list, an older
 * import edited meanwhile cannot be told from a new one, and the answer is unknown rather than a
 * guess. YNAB also imports on its own, so the texts say "since avenir-mcp last read the plan". Pure.
 */
import { NOT_YET } from '../write-outcome.js';
import type { YnabTransaction } from '../model.js';

export type ImportFinding = { imported: string[] } | { why: string };

/** The transactions an import brought, among those changed since (`known`: the ids read before). */
export function findImported(
  changed: readonly YnabTransaction[],
  known: ReadonlySet<string> | undefined,
): ImportFinding {
  const fromBank = changed.filter((t) => !t.deleted && typeof t.import_id === 'string' && t.import_id !== '');
  if (fromBank.length === 0) return { imported: [] };
  if (known === undefined) {
    return {
      why: `a read-back finds ${fromBank.length} bank transaction(s) changed since avenir-mcp last read the plan, and without the earlier list it cannot tell new ones from older ones edited meanwhile`,
    };
  }
  return { imported: fromBank.filter((t) => !known.has(t.id)).map((t) => t.id) };
}

export const IMPORT_AGAIN =
  'Importing again is safe: YNAB never imports a transaction twice. suggest_categories lists those that still need a category.';

/** The message of an import YNAB answered. */
export const importedText = (n: number): string =>
  n === 0
    ? 'No new transaction to import.'
    : `Imported ${n} transaction(s). suggest_categories lists those that still need a category.`;

/** The message of an import whose answer was lost, from what a read-back found. */
export function lostImportText(reason: string, found: ImportFinding): string {
  if ('why' in found) {
    return `${NOT_YET}: YNAB's answer to the import was lost (${reason}), and it is not known what it brought: ${found.why}. ${IMPORT_AGAIN}`;
  }
  return `YNAB's answer to the import was lost; a read-back shows ${found.imported.length} transaction(s) imported since avenir-mcp last read the plan (by this import, or by YNAB's own automatic import). suggest_categories lists those that still need a category.`;
}

/**
 * The import's answer was lost and no read within the settling window shows anything imported: YNAB
 * may still bring the transactions in, so this is unknown, not "nothing changed".
 */
export const unseenImportText = (seconds: number): string =>
  `${NOT_YET}: YNAB's answer to the import was lost, and reads over ${seconds} s show no transaction imported since avenir-mcp last read the plan. YNAB may still bring them in: look with suggest_categories in a few minutes (importing again then is harmless: YNAB never imports a transaction twice).`;
