/**
 * Undo of a `payee` operation: the payee gets its previous name back, unless it was renamed (or deleted)
 * since.
 */
import {
  PAYEE_NAME_BACK,
  PAYEE_RENAMED_SINCE,
  payeeStillRenamed,
  payeeUndoQuestion,
} from '../../domain/payees/payee-rename.js';
import { patchesHeld } from '../../domain/write-verify.js';
import { fieldsHeld } from '../recognise.js';
import type { UndoHandler } from './types.js';

export const undoPayee: UndoHandler<'payee'> = async (ynab, plan, entry, details) => {
  const ok = payeeStillRenamed(details, await ynab.payees.list(plan));
  return {
    conflicts: ok ? [] : [details.payee_id],
    changes: [],
    fullConflict: ok ? null : PAYEE_RENAMED_SINCE,
    question: payeeUndoQuestion(details.from),
    subject: { undo: entry.operation_id, items: [details.payee_id] },
    flow: 'merge',
    readBack: async () =>
      patchesHeld(await ynab.payees.list(plan), [{ id: details.payee_id, name: details.from }]),
    recognise: () => fieldsHeld([{ id: details.payee_id, name: details.from }], null, 'payees'),
    apply: async () => {
      await ynab.payees.rename(plan, details.payee_id, details.from);
      return PAYEE_NAME_BACK;
    },
  };
};
