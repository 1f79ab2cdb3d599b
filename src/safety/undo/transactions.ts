/**
 * Undo of the transaction kinds: `create` deletes each created transaction still there, one request
 * each (those already gone are conflicts; a lost answer or a stop partway as in transaction-steps.ts); `flag` puts back each flag still as the operation left it,
 * in one bulk update.
 */
import { planFlagUndo } from '../../domain/transactions/flags.js';
import { presentIds } from '../../domain/transactions/create-transactions.js';
import { compareCodePoints } from '../../domain/text.js';
import { patchesHeld } from '../../domain/write-verify.js';
import { deleteEach } from './transaction-steps.js';
import type { UndoHandler } from './types.js';

export const ALREADY_DELETED = 'Already deleted: nothing to undo.';
export const FLAGS_CHANGED = 'Every flag changed since: left alone.';

export const undoCreate: UndoHandler<'create'> = async (ynab, plan, entry, details) => {
  const { present, gone } = presentIds(details.transaction_ids, await ynab.transactions.list(plan));
  return {
    conflicts: gone,
    changes: [],
    fullConflict: present.length === 0 ? ALREADY_DELETED : null,
    question: `Undo: delete the ${present.length} transaction(s) this operation created?`,
    subject: { undo: entry.operation_id, items: [...present].sort(compareCodePoints) },
    flow: 'merge',
    sends: Math.max(1, present.length),
    apply: async () => {
      await deleteEach(ynab, plan, present);
      return 'Created transactions deleted.';
    },
  };
};

export const undoFlag: UndoHandler<'flag'> = async (ynab, plan, entry, details) => {
  const { back, conflicts } = planFlagUndo(details.changes, await ynab.transactions.list(plan));
  const patches = back.map((m) => ({ id: m.transaction_id, flag_color: m.from }));
  return {
    conflicts,
    changes: [],
    fullConflict: back.length === 0 ? FLAGS_CHANGED : null,
    question: `Undo: put back the flag of ${back.length} transaction(s)?`,
    subject: { undo: entry.operation_id, items: back.map((m) => m.transaction_id).sort(compareCodePoints) },
    flow: 'merge',
    readBack: async () => patchesHeld(await ynab.transactions.list(plan), patches),
    apply: async () => {
      await ynab.transactions.update(plan, patches);
      return 'Flags restored.';
    },
  };
};
