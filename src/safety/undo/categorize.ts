/**
 * Undo (spec core.md §4.3–4.5, write-tools.md §4.14): per journal kind, re-read YNAB, keep only the
 * items still exactly as the operation left them (the rest are conflicts, never overwritten), and
 * describe the revert. Each kind registers a handler; an entry of a kind with no handler is skipped
 * by the journal lookup (D23).
 */
import { indexCategories } from '../../domain/categories/category-lists.js';
import { changeOf, changeQuestion, type Change } from '../../domain/categorize/changes.js';
import type { YnabClient } from '../../ynab/api.js';
import type { Flow } from '../confirm.js';
import type { JournalEntry } from '../journal.js';

export interface UndoPlan {
  /** Ids left alone because they changed since. */
  conflicts: string[];
  /** The reverse changes (categorize only; empty for every other kind). */
  changes: Change[];
  /** When nothing is left to revert: the kind's message (the operation is then closed, D4). */
  fullConflict: string | null;
  question: string;
  subject: unknown;
  flow: Flow;
  /** Performs the writes and returns the applied message. */
  apply(): Promise<string>;
}

export type UndoHandler = (ynab: YnabClient, plan: string, entry: JournalEntry) => Promise<UndoPlan>;

const handlers = new Map<string, UndoHandler>();

/** Registers the undo of a journal kind (each write tool's module registers its own). */
export function registerUndo(kind: string, handler: UndoHandler): void {
  handlers.set(kind, handler);
}

export const undoHandler = (kind: string): UndoHandler | undefined => handlers.get(kind);
export const undoableKinds = (): ReadonlySet<string> => new Set(handlers.keys());

/** categorize: each transaction still in the category it was given goes back (one bulk PATCH, D6). */
registerUndo('categorize', async (ynab, plan, entry) => {
  const transactions = new Map((await ynab.transactions(plan)).map((t) => [t.id, t]));
  const names = indexCategories(await ynab.categoryGroups(plan)).names;
  const changes: Change[] = [];
  const conflicts: string[] = [];
  for (const move of entry.moves) {
    const tx = transactions.get(move.transaction_id);
    if (!tx || tx.deleted || (tx.category_id ?? null) !== move.to_category_id)
      conflicts.push(move.transaction_id);
    else changes.push(changeOf(tx, move.from_category_id, names));
  }
  return {
    conflicts,
    changes,
    fullConflict:
      changes.length === 0
        ? `Nothing to change. ${conflicts.length} transaction(s) changed since and were left alone.`
        : null,
    question: changeQuestion('Undo: recategorise', changes),
    subject: changes,
    flow: 'change-list',
    apply: async () => {
      await ynab.request('PATCH', ['plans', plan, 'transactions'], {
        body: { transactions: changes.map((c) => ({ id: c.transaction_id, category_id: c.to_category_id })) },
      });
      return 'Categories restored.';
    },
  };
});
