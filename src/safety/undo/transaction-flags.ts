/**
 * Undo of a `flag` operation (spec core.md §4.4–4.5, write-tools.md §4.14): each flag still as the
 * operation left it goes back to its previous colour in one bulk PATCH; the others are conflicts.
 */
import { planFlagUndo, readFlagMoves } from '../../domain/transactions/flags.js';
import { compareCodePoints } from '../../domain/text.js';
import { registerUndo } from './categorize.js';

registerUndo('flag', async (ynab, plan, entry) => {
  const { back, conflicts } = planFlagUndo(readFlagMoves(entry.details), await ynab.transactions(plan));
  return {
    conflicts,
    changes: [],
    fullConflict: back.length === 0 ? 'Every flag changed since: left alone.' : null,
    question: `Undo: put back the flag of ${back.length} transaction(s)?`,
    subject: { undo: entry.operation_id, items: back.map((m) => m.transaction_id).sort(compareCodePoints) },
    flow: 'merge',
    apply: async () => {
      await ynab.request('PATCH', ['plans', plan, 'transactions'], {
        body: { transactions: back.map((m) => ({ id: m.transaction_id, flag_color: m.from })) },
      });
      return 'Flags restored.';
    },
  };
});
