/**
 * Undo of update_transactions (`edit`: each field still as the operation left it goes back, in one
 * bulk update), delete_transactions (`delete`: the deleted transactions are recreated in one POST,
 * with new ids; a lost answer is settled as in transaction-steps.ts) and create_transfer (`transfer`: the transfer is deleted while it is still as created;
 * YNAB removes both sides).
 */
import { planDeleteUndo } from '../../domain/transactions/delete-transactions.js';
import { editUndoIds, planEditUndo } from '../../domain/transactions/edit-transactions.js';
import { compareCodePoints } from '../../domain/text.js';
import { patchesHeld } from '../../domain/write-verify.js';
import { recreate } from './transaction-steps.js';
import type { UndoHandler } from './types.js';

export const FIELDS_CHANGED = 'Every field changed since: left alone.';
export const CANNOT_RECREATE = 'Their accounts are closed or gone: nothing recreated.';
export const TRANSFER_GONE = 'The transfer is already deleted: nothing to undo.';
export const TRANSFER_CHANGED = 'The transfer changed since (date, amount or account): left alone.';

export const undoEdit: UndoHandler<'edit'> = async (ynab, plan, entry, details) => {
  const { patches, conflicts, fields } = planEditUndo(details.changes, await ynab.transactions.list(plan));
  return {
    conflicts,
    changes: [],
    fullConflict: patches.length === 0 ? FIELDS_CHANGED : null,
    question: `Undo: put back ${fields} field(s) of ${patches.length} transaction(s)?`,
    subject: { undo: entry.operation_id, items: editUndoIds(patches) },
    flow: 'merge',
    readBack: async () => patchesHeld(await ynab.transactions.list(plan), patches),
    apply: async () => {
      await ynab.transactions.update(plan, patches);
      return 'Fields restored.';
    },
  };
};

export const undoDelete: UndoHandler<'delete'> = async (ynab, plan, entry, details) => {
  const { back, conflicts } = planDeleteUndo(details.transactions, await ynab.accounts.list(plan));
  return {
    conflicts,
    changes: [],
    fullConflict: back.length === 0 ? CANNOT_RECREATE : null,
    question: `Undo: recreate the ${back.length} deleted transaction(s) with the same fields? They come back with new ids.`,
    subject: { undo: entry.operation_id, items: back.map((r) => r.transaction_id).sort(compareCodePoints) },
    flow: 'merge',
    apply: () => recreate(ynab, plan, back),
  };
};

export const undoTransfer: UndoHandler<'transfer'> = async (ynab, plan, entry, details) => {
  const tx = (await ynab.transactions.list(plan)).find((t) => t.id === details.transaction_id);
  const changed =
    tx !== undefined &&
    (tx.date !== details.date || tx.amount !== details.amount || tx.account_id !== details.account_id);
  return {
    conflicts: tx === undefined || changed ? [details.transaction_id] : [],
    changes: [],
    fullConflict: tx === undefined ? TRANSFER_GONE : changed ? TRANSFER_CHANGED : null,
    question: 'Undo: delete the transfer this operation created (both sides)?',
    subject: { undo: entry.operation_id, items: [details.transaction_id] },
    flow: 'merge',
    readBack: async () => !(await ynab.transactions.list(plan)).some((t) => t.id === details.transaction_id),
    apply: async () => {
      await ynab.transactions.delete(plan, details.transaction_id);
      return 'Transfer deleted (both sides).';
    },
  };
};
