/**
 * Undo of update_transactions (`edit`: each field still as the operation left it goes back, in one
 * bulk update), delete_transactions (`delete`: the deleted transactions are recreated in one POST,
 * with new ids; a lost answer is settled as in transaction-steps.ts) and create_transfer (`transfer`:
 * the transfer is deleted while every field of both sides is still as created; the side sent is
 * deleted, then the other is read and, if YNAB kept it, deleted by a second request).
 */
import type { YnabTransaction } from '../../domain/model.js';
import {
  keptSides,
  linkedSide,
  planDeleteUndo,
  recreateBody,
} from '../../domain/transactions/delete-transactions.js';
import { editUndoIds, planEditUndo } from '../../domain/transactions/edit-transactions.js';
import { changedField, sideState, type SideState } from '../../domain/transactions/transfer-sides.js';
import { compareCodePoints } from '../../domain/text.js';
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import type { KindDetails } from '../journal-kinds.js';
import { recogniseAs } from '../outcome/run.js';
import { sendStep, type Sent } from '../outcome/step.js';
import { createdFound, fieldsHeld, goneFrom } from '../recognise.js';
import { patchesHeld } from '../../domain/write-verify.js';
import { recreate } from './transaction-steps.js';
import { HalfUndone, type UndoHandler } from './types.js';

export const FIELDS_CHANGED = 'Every field changed since: left alone.';
export const CANNOT_RECREATE = 'Their accounts are closed or gone: nothing recreated.';
export const SIDE_STILL_THERE =
  "The transfer's other side is still in YNAB: recreating it would make that side twice. Nothing recreated.";
export const TRANSFER_GONE = 'The transfer is already deleted: nothing to undo.';
/** An entry whose details cannot be read (handlers.ts). */
export const TRANSFER_CHANGED = 'The transfer changed since (date, amount or account): left alone.';
export const transferChanged = (field: string, id: string): string =>
  `The transfer changed since (the ${field} of ${id}): left alone.`;
export const TRANSFER_UNCHECKED =
  "It was recorded before avenir-mcp kept a transfer's sides whole: only the date, amount and account of the side sent were compared. Check its memo, cleared status and flag, on both sides, in YNAB before agreeing.";

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
    recognise: () => fieldsHeld(patches, null),
    apply: async () => {
      await ynab.transactions.update(plan, patches);
      return 'Fields restored.';
    },
  };
};

export const undoDelete: UndoHandler<'delete'> = async (ynab, plan, entry, details, money) => {
  // a transfer's other side still there would be made twice: read only when one is a transfer
  const transfers = details.transactions.some((r) => r.transfer_account_id !== null);
  const rows = transfers ? await ynab.transactions.list(plan) : [];
  const { back, conflicts } = planDeleteUndo(details.transactions, await ynab.accounts.list(plan), rows);
  const kept = keptSides(details.transactions, rows).length > 0;
  return {
    conflicts,
    changes: [],
    fullConflict: back.length > 0 ? null : kept ? SIDE_STILL_THERE : CANNOT_RECREATE,
    question: `Undo: recreate the ${back.length} deleted transaction(s) with the same fields? They come back with new ids.`,
    subject: { undo: entry.operation_id, items: back.map((r) => r.transaction_id).sort(compareCodePoints) },
    flow: 'merge',
    // found again the way recreate() finds it: among what changed since the knowledge before sending
    recognise: () => createdFound(recreateBody(back), ynab.knowledge(plan)),
    apply: () => recreate(ynab, plan, back, money),
  };
};

/**
 * What undo checks of each side: as recorded, or for an entry recorded before the sides were, the
 * sent side's date, amount and account (its other fields as they are now) and the other side found
 * as linked to it, unchecked.
 */
function transferChecks(
  details: KindDetails<'transfer'>,
  rows: readonly YnabTransaction[],
): { was: SideState; now: YnabTransaction | undefined }[] {
  const byId = new Map(rows.map((t) => [t.id, t]));
  if (details.sides !== undefined) {
    return details.sides.map((was) => ({ was, now: byId.get(was.transaction_id) }));
  }
  const sent = byId.get(details.transaction_id);
  if (sent === undefined) return [];
  const { account_id, date, amount } = details;
  const checks = [{ was: { ...sideState(sent), account_id, date, amount }, now: sent }];
  const other = linkedSide(sent, rows);
  return other === undefined ? checks : [...checks, { was: sideState(other), now: other }];
}

export const undoTransfer: UndoHandler<'transfer'> = async (ynab, plan, entry, details) => {
  const checks = transferChecks(details, await ynab.transactions.list(plan));
  const present = checks.flatMap(({ was, now }) => (now === undefined ? [] : [{ was, now }]));
  const ids = present.map((p) => p.now.id);
  const changed = present.flatMap(({ was, now }) => {
    const field = changedField(was, now);
    return field === null ? [] : [transferChanged(field, now.id)];
  });
  const [first = '', second] = ids;
  const unchecked = details.sides === undefined ? `\n${TRANSFER_UNCHECKED}` : '';
  return {
    conflicts: present.length === 0 ? [details.transaction_id] : changed.length > 0 ? ids : [],
    changes: [],
    fullConflict: present.length === 0 ? TRANSFER_GONE : (changed[0] ?? null),
    question:
      second === undefined
        ? `Undo: delete ${first}, the side of the transfer this operation created still in YNAB (no other side of it is there)?${unchecked}`
        : `Undo: delete the transfer this operation created (both sides)?${unchecked}`,
    subject: { undo: entry.operation_id, items: ids },
    flow: 'merge',
    sends: ids.length,
    readBack: async () => {
      const live = new Set((await ynab.transactions.list(plan)).map((t) => t.id));
      const left = ids.filter((id) => live.has(id));
      if (left.length === 0) return true;
      if (live.has(first)) return false;
      return `${first} is deleted, but ${left.join(', ')}, the other side of the transfer, is still there; the next undo_operation deletes it`;
    },
    apply: async () => {
      // what a lost first answer adds in front of the message, once a read showed that side gone
      let opening = (_whole: boolean) => '';
      // the read that showed a lost first delete in place: it tells of the other side too
      let seen: readonly YnabTransaction[] | null = null;
      try {
        await ynab.transactions.delete(plan, first);
      } catch (error) {
        // a lost answer to the first delete: when one read shows that side gone, it landed, and the
        // undo goes on to the other side as if answered; otherwise the loss is settled over the
        // window by readBack, as every one-request undo's is
        if (!isUnknownOutcome(error)) throw error;
        seen = await ynab.transactions.list(plan).then(
          (rows) => (rows.some((t) => t.id === first) ? null : rows),
          () => null,
        );
        if (seen === null) throw error;
        opening = (whole) =>
          whole
            ? "YNAB's answer was lost, but a read-back shows the undo in place. "
            : `YNAB's answer to deleting ${first} was lost, but a read-back shows it deleted. `;
      }
      if (second === undefined)
        return `${opening(true)}Transfer deleted: ${first}; no other side of it was in YNAB.`;
      const halfway = (why: string, inFlight: (() => Promise<boolean>) | null = null) =>
        new HalfUndone(
          `${first} is deleted, but its other side ${second} may still be in YNAB (${why}).`,
          [{ kind: 'transfer', details }],
          inFlight !== null,
          'find_transactions',
          inFlight,
        );
      const gone = async () => !(await ynab.transactions.list(plan)).some((t) => t.id === second);
      // YNAB's API does not document whether it deletes the linked side too: read, and delete it if kept
      let removed: boolean;
      try {
        removed = seen === null ? await gone() : !seen.some((t) => t.id === second);
      } catch (error) {
        throw halfway(reasonOf(error));
      }
      if (removed)
        return `${opening(true)}Transfer deleted (both sides): YNAB removed ${second} with ${first}.`;
      // the second delete is a step of the engine: a lost answer is read over the window
      const step = { send: () => ynab.transactions.delete(plan, second), check: gone };
      let sent: Sent<unknown>;
      try {
        sent = await sendStep(step);
      } catch (error) {
        throw halfway(reasonOf(error));
      }
      if (sent.end === 'answered' || sent.end === 'shown') {
        return `${opening(false)}Transfer deleted (both sides): ${first}, then ${second}, which YNAB had kept, by a second request.`;
      }
      // it may still land: pending until a read shows it, recognised by any process
      await recogniseAs(goneFrom([second], null));
      throw halfway(sent.lost, gone);
    },
  };
};
