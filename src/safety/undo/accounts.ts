/**
 * Undo of a `reconcile` operation: transactions still reconciled go back to cleared (one PATCH, none
 * when empty); the adjustment is deleted only if it is still there and still reconciled; everything else
 * is a conflict, left alone. The two requests are undo steps (steps.ts): a lost answer is read over
 * the settling window; the first one no read shows (or that cannot be read) stays pending until a
 * later read shows it, and the adjustment's delete failing or not shown stops the undo halfway, the
 * adjustment kept for the next undo.
 */
import {
  EVERY_TRANSACTION_CHANGED,
  RECONCILIATION_UNDONE,
  planReconcileUndo,
  reconcileUndoItems,
  reconcileUndoQuestion,
} from '../../domain/accounts/reconcile.js';
import type { YnabClient } from '../../ynab/api.js';
import { fieldsHeld, goneFrom } from '../recognise.js';
import { firstStepTexts, runSteps, type UndoStep } from './steps.js';
import type { UndoHandler } from './types.js';

const CHECK = 'find_transactions';

/** A step of the undo, with how a lost answer names its change. */
interface Step extends UndoStep {
  what: string;
}

export const undoReconcile: UndoHandler<'reconcile'> = async (ynab: YnabClient, plan, entry, details) => {
  const undo = planReconcileUndo(details, await ynab.transactions.list(plan));
  const nothingLeft = undo.revert.length === 0 && undo.deleteAdjustment === null;
  const live = async () => new Map((await ynab.transactions.list(plan)).map((t) => [t.id, t]));
  const adjustment = undo.deleteAdjustment;
  const steps: Step[] = [];
  if (undo.revert.length > 0) {
    steps.push({
      send: () =>
        ynab.transactions.update(
          plan,
          undo.revert.map((id) => ({ id, cleared: 'cleared' as const })),
        ),
      check: async () => {
        const rows = await live();
        return undo.revert.every((id) => rows.get(id)?.cleared === 'cleared');
      },
      what: `${undo.revert.join(', ')} back to cleared`,
      recognise: fieldsHeld(
        undo.revert.map((id) => ({ id, cleared: 'cleared' })),
        null,
      ),
    });
  }
  if (adjustment !== null) {
    steps.push({
      send: () => ynab.transactions.delete(plan, adjustment),
      check: async () => !(await live()).has(adjustment),
      what: `the adjustment ${adjustment} deleted`,
      recognise: goneFrom([adjustment], null),
    });
  }
  return {
    conflicts: undo.conflicts,
    changes: [],
    fullConflict: nothingLeft ? EVERY_TRANSACTION_CHANGED : null,
    question: reconcileUndoQuestion(undo),
    subject: { undo: entry.operation_id, items: reconcileUndoItems(undo) },
    flow: 'merge',
    sends: Math.max(1, steps.length),
    apply: async () => {
      await runSteps(steps, {
        check: CHECK,
        ...firstStepTexts(CHECK),
        // only the adjustment's delete can stop it halfway: the first step's failures end above
        halfway: (_done, _left, failure) =>
          `${undo.revert.join(', ')} back to cleared; ${
            'refused' in failure
              ? `deleting the adjustment ${String(adjustment)} failed (${failure.refused})`
              : `YNAB's answer to deleting the adjustment ${String(adjustment)} was lost, and no read shows it deleted yet (YNAB may still delete it late)`
          }.`,
        remainder: () => [{ kind: 'reconcile', details: { ...details, reconciled_ids: [] } }],
      });
      return RECONCILIATION_UNDONE;
    },
  };
};
