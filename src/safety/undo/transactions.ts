/**
 * Undo of a `create` operation (spec core.md §4.4–4.5, write-tools.md §4.14): each created transaction
 * still there is deleted, one request each; those already gone are conflicts.
 */
import { presentIds, readCreatedIds } from '../../domain/transactions/create-transactions.js';
import { compareCodePoints } from '../../domain/text.js';
import { registerUndo } from './categorize.js';

registerUndo('create', async (ynab, plan, entry) => {
  const { present, gone } = presentIds(readCreatedIds(entry.details), await ynab.transactions(plan));
  return {
    conflicts: gone,
    changes: [],
    fullConflict: present.length === 0 ? 'Already deleted: nothing to undo.' : null,
    question: `Undo: delete the ${present.length} transaction(s) this operation created?`,
    subject: { undo: entry.operation_id, items: [...present].sort(compareCodePoints) },
    flow: 'merge',
    apply: async () => {
      for (const id of present) await ynab.request('DELETE', ['plans', plan, 'transactions', id]);
      return 'Created transactions deleted.';
    },
  };
});
