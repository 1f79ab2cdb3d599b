/**
 * Undo of the transaction kinds: `create` deletes each created transaction still there and, where
 * the entry recorded it, still as created in every field a user can change, one request each (those
 * gone or edited since are conflicts, left alone; a lost answer or a stop partway as in
 * transaction-steps.ts); `flag` puts back each flag still as the operation left it, in one bulk
 * update.
 */
import { planFlagUndo } from '../../domain/transactions/flags.js';
import { presentIds } from '../../domain/transactions/create-transactions.js';
import { compareCodePoints } from '../../domain/text.js';
import { patchesHeld } from '../../domain/write-verify.js';
import type { YnabTransaction } from '../../domain/model.js';
import { changedField } from '../../domain/transactions/transfer-sides.js';
import type { KindDetails } from '../journal-kinds.js';
import { fieldsHeld, goneFrom } from '../recognise.js';
import { deleteEach } from './transaction-steps.js';
import type { UndoHandler } from './types.js';

export const ALREADY_DELETED = 'Already deleted: nothing to undo.';
export const FLAGS_CHANGED = 'Every flag changed since: left alone.';

export const createdChanged = (field: string, id: string): string =>
  `The transaction changed since (the ${field} of ${id}): left alone.`;

/**
 * The created transactions still there and as created (the ones to delete), and the rest: gone, or
 * edited since in a field the user can change (compared where the entry recorded the state).
 */
export function createdStill(details: KindDetails<'create'>, rows: readonly YnabTransaction[]) {
  const { present, gone } = presentIds(details.transaction_ids, rows);
  const was = new Map((details.states ?? []).map((s) => [s.transaction_id, s]));
  const edits = rows.flatMap((now) => {
    const state = present.includes(now.id) ? was.get(now.id) : undefined;
    const field = state === undefined ? null : changedField(state, now);
    return field === null ? [] : [{ id: now.id, field }];
  });
  const edited = edits.map((e) => e.id);
  return {
    still: present.filter((id) => !edited.includes(id)),
    gone,
    edited,
    changed: edits.map((e) => createdChanged(e.field, e.id)),
    leftAlone:
      edits.length === 0
        ? ''
        : `\nLeft alone, edited in YNAB since: ${edits.map((e) => `${e.id} (its ${e.field})`).join(', ')}.`,
  };
}

export const undoCreate: UndoHandler<'create'> = async (ynab, plan, entry, details) => {
  const {
    still: present,
    gone,
    edited,
    changed,
    leftAlone,
  } = createdStill(details, await ynab.transactions.list(plan));
  const states = (details.states ?? []).filter((s) => present.includes(s.transaction_id));
  return {
    conflicts: [...gone, ...edited],
    changes: [],
    fullConflict: present.length > 0 ? null : (changed[0] ?? ALREADY_DELETED),
    question: `Undo: delete the ${present.length} transaction(s) this operation created?${leftAlone}`,
    subject: { undo: entry.operation_id, items: [...present].sort(compareCodePoints) },
    flow: 'merge',
    sends: Math.max(1, present.length),
    // one delete: recognised from its first request, so that a process killed while it was in flight
    // leaves an entry the next one settles (several are announced step by step as they are reached)
    ...(present.length === 1 ? { recognise: () => goneFrom(present, null) } : {}),
    apply: async () => {
      await deleteEach(ynab, plan, present, states);
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
    recognise: () => fieldsHeld(patches, null),
    apply: async () => {
      await ynab.transactions.update(plan, patches);
      return 'Flags restored.';
    },
  };
};
