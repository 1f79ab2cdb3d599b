/**
 * Undo of the scheduled-transaction writes: a created schedule is deleted, an updated one is put back
 * whole, a deleted one is recreated (under a new id) — each only while YNAB still holds it exactly as
 * the operation left it (a schedule whose next date moved on since, because an occurrence was
 * entered, counts as changed and is left alone).
 */
import { sameAs } from '../../domain/transactions/scheduled-writes.js';
import type { UndoHandler, UndoPlan } from './types.js';

export const SCHEDULE_GONE = 'The scheduled transaction is already deleted: nothing to undo.';
export const SCHEDULE_CHANGED = 'The scheduled transaction changed since: left alone.';
export const SCHEDULE_ACCOUNT_GONE = 'Its account is closed or gone: nothing recreated.';

const plan = (
  id: string,
  operation: string,
  conflict: string | null,
  question: string,
  apply: () => Promise<string>,
  readBack?: () => Promise<boolean | null>,
): UndoPlan => ({
  conflicts: conflict === null ? [] : [id],
  changes: [],
  fullConflict: conflict,
  question,
  subject: { undo: operation, items: [id] },
  flow: 'merge',
  apply,
  ...(readBack === undefined ? {} : { readBack }),
});

export const undoScheduleCreate: UndoHandler<'schedule_create'> = async (ynab, planId, entry, details) => {
  const id = details.scheduled_transaction_id;
  const now = (await ynab.scheduled.list(planId)).find((s) => s.id === id);
  const conflict = now === undefined ? SCHEDULE_GONE : sameAs(now, details.body) ? null : SCHEDULE_CHANGED;
  return plan(
    id,
    entry.operation_id,
    conflict,
    'Undo: delete the scheduled transaction this operation created?',
    async () => {
      await ynab.scheduled.delete(planId, id);
      return 'Scheduled transaction deleted.';
    },
    async () => !(await ynab.scheduled.list(planId)).some((s) => s.id === id),
  );
};

export const undoScheduleUpdate: UndoHandler<'schedule_update'> = async (ynab, planId, entry, details) => {
  const id = details.scheduled_transaction_id;
  const now = (await ynab.scheduled.list(planId)).find((s) => s.id === id);
  const conflict = now === undefined ? SCHEDULE_GONE : sameAs(now, details.after) ? null : SCHEDULE_CHANGED;
  return plan(
    id,
    entry.operation_id,
    conflict,
    'Undo: put the scheduled transaction back as it was?',
    async () => {
      await ynab.scheduled.replace(planId, id, details.before);
      return 'Scheduled transaction restored.';
    },
    async () => {
      const back = (await ynab.scheduled.list(planId)).find((s) => s.id === id);
      if (back === undefined) return null;
      return sameAs(back, details.before) ? true : sameAs(back, details.after) ? false : null;
    },
  );
};

export const undoScheduleDelete: UndoHandler<'schedule_delete'> = async (ynab, planId, entry, details) => {
  const id = details.scheduled_transaction_id;
  const account = (await ynab.accounts.list(planId)).find((a) => a.id === details.body.account_id);
  const conflict = account === undefined || account.closed ? SCHEDULE_ACCOUNT_GONE : null;
  return plan(
    id,
    entry.operation_id,
    conflict,
    'Undo: recreate the deleted scheduled transaction? It comes back with a new id.',
    async () => {
      const created = await ynab.scheduled.create(planId, details.body);
      return `Scheduled transaction recreated with a new id: ${created.id}.`;
    },
  );
};
