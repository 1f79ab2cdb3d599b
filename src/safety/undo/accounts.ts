/**
 * Undo of a `reconcile` operation: transactions still reconciled go back to cleared (one PATCH, none
 * when empty); the adjustment is deleted only if it is still there and still reconciled; everything else
 * is a conflict, left alone.
 */
import {
  EVERY_TRANSACTION_CHANGED,
  RECONCILIATION_UNDONE,
  planReconcileUndo,
  reconcileUndoItems,
  reconcileUndoQuestion,
} from '../../domain/accounts/reconcile.js';
import type { UndoHandler } from './types.js';

export const undoReconcile: UndoHandler<'reconcile'> = async (ynab, plan, entry, details) => {
  const undo = planReconcileUndo(details, await ynab.transactions.list(plan));
  const nothingLeft = undo.revert.length === 0 && undo.deleteAdjustment === null;
  return {
    conflicts: undo.conflicts,
    changes: [],
    fullConflict: nothingLeft ? EVERY_TRANSACTION_CHANGED : null,
    question: reconcileUndoQuestion(undo),
    subject: { undo: entry.operation_id, items: reconcileUndoItems(undo) },
    flow: 'merge',
    sends: Math.max(1, (undo.revert.length > 0 ? 1 : 0) + (undo.deleteAdjustment === null ? 0 : 1)),
    apply: async () => {
      if (undo.revert.length > 0) {
        await ynab.transactions.update(
          plan,
          undo.revert.map((id) => ({ id, cleared: 'cleared' as const })),
        );
      }
      if (undo.deleteAdjustment !== null) {
        await ynab.transactions.delete(plan, undo.deleteAdjustment);
      }
      return RECONCILIATION_UNDONE;
    },
  };
};
