/**
 * Undo of a `reconcile` operation: transactions still reconciled go back to cleared (one PATCH, none
 * when empty); the adjustment is deleted only if it is still there and still reconciled; everything else
 * is a conflict, left alone. A request whose answer is lost is read over the settling window; the
 * first one no read shows stays pending until a later read does (it may land late), and a second one
 * that fails or is not shown stops the undo halfway, the adjustment kept for the next undo.
 */
import {
  EVERY_TRANSACTION_CHANGED,
  RECONCILIATION_UNDONE,
  planReconcileUndo,
  reconcileUndoItems,
  reconcileUndoQuestion,
} from '../../domain/accounts/reconcile.js';
import {
  isUnknownOutcome,
  NOT_YET,
  reasonOf,
  UnknownOutcome,
  unseenText,
} from '../../domain/write-outcome.js';
import { settleRead, settleSeconds } from '../outcome/settle.js';
import type { YnabClient } from '../../ynab/api.js';
import { HalfUndone, type UndoHandler } from './types.js';

const CHECK = 'find_transactions';

interface Step {
  send: () => Promise<unknown>;
  /** One read of YNAB: whether the step's change is in place. */
  shows: () => Promise<boolean>;
  /** The change, as the text of a lost answer names it. */
  what: string;
}

/** Sends one step; a lost answer no read shows within the window is unknown, and rechecked later. */
async function sendChecked(step: Step): Promise<void> {
  try {
    await step.send();
    return;
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    const read = await settleRead(step.shows, (shown) => shown);
    if ('value' in read && read.value) return;
    const unseen = new UnknownOutcome(
      'why' in read
        ? `${NOT_YET}: the undo may or may not be in YNAB (${reasonOf(error)}; ${read.why}). Check with ${CHECK} before anything else; do not repeat the undo blindly.`
        : `${unseenText(step.what, CHECK, settleSeconds())} The operation is still in the journal: undo_operation re-reads YNAB first and reverts only what is still to revert.`,
    );
    // a later call settles it once YNAB shows the step in place
    unseen.recheck = step.shows;
    throw unseen;
  }
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
      shows: async () => {
        const rows = await live();
        return undo.revert.every((id) => rows.get(id)?.cleared === 'cleared');
      },
      what: `${undo.revert.join(', ')} back to cleared`,
    });
  }
  if (adjustment !== null) {
    steps.push({
      send: () => ynab.transactions.delete(plan, adjustment),
      shows: async () => !(await live()).has(adjustment),
      what: `the adjustment ${adjustment} deleted`,
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
      for (const [i, step] of steps.entries()) {
        try {
          await sendChecked(step);
        } catch (error) {
          // the first step failing changed nothing (or is unknown, and pending): the error says which
          if (i === 0) throw error;
          const lost = isUnknownOutcome(error);
          throw new HalfUndone(
            `${undo.revert.join(', ')} back to cleared; ${
              lost
                ? `YNAB's answer to deleting the adjustment ${adjustment} was lost, and no read shows it deleted yet (YNAB may still delete it late)`
                : `deleting the adjustment ${adjustment} failed (${reasonOf(error)})`
            }.`,
            [{ kind: 'reconcile', details: { ...details, reconciled_ids: [] } }],
            lost,
            CHECK,
          );
        }
      }
      return RECONCILIATION_UNDONE;
    },
  };
};
