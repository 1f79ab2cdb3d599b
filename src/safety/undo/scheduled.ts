/**
 * Undo of the scheduled-transaction writes: a created schedule is deleted, an updated one is put back
 * whole, a deleted one is recreated (under a new id) — each only while YNAB still holds it exactly as
 * the operation left it (a schedule whose next date moved on since, because an occurrence was
 * entered, counts as changed and is left alone). A lost answer is read back once; a recreated one is
 * found again among the schedules changed since, as a create's is.
 */
import { sameAs } from '../../domain/transactions/scheduled-writes.js';
import { UnknownOutcome } from '../../domain/write-outcome.js';
import { goneFrom, scheduleFound, scheduleReplaced } from '../recognise.js';
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
  readBack: () => Promise<boolean | string | null>,
  lostNote?: () => string,
): UndoPlan => ({
  conflicts: conflict === null ? [] : [id],
  changes: [],
  fullConflict: conflict,
  question,
  subject: { undo: operation, items: [id] },
  flow: 'merge',
  apply,
  readBack,
  ...(lostNote === undefined ? {} : { lostNote }),
});

export const undoScheduleCreate: UndoHandler<'schedule_create'> = async (ynab, planId, entry, details) => {
  const id = details.scheduled_transaction_id;
  const now = (await ynab.scheduled.list(planId)).find((s) => s.id === id);
  const conflict = now === undefined ? SCHEDULE_GONE : sameAs(now, details.body) ? null : SCHEDULE_CHANGED;
  const undo = plan(
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
  return { ...undo, recognise: () => goneFrom([id], null, 'scheduled') };
};

export const undoScheduleUpdate: UndoHandler<'schedule_update'> = async (ynab, planId, entry, details) => {
  const id = details.scheduled_transaction_id;
  const now = (await ynab.scheduled.list(planId)).find((s) => s.id === id);
  const conflict = now === undefined ? SCHEDULE_GONE : sameAs(now, details.after) ? null : SCHEDULE_CHANGED;
  const undo = plan(
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
      if (back === undefined) return 'the scheduled transaction gone';
      if (sameAs(back, details.before)) return true;
      return sameAs(back, details.after) ? false : 'it neither as it was nor as the operation left it';
    },
  );
  // recognised by holding the body it had before (what it records is not used: an undo records none)
  return { ...undo, recognise: () => scheduleReplaced(id, details.before, details.after) };
};

export const undoScheduleDelete: UndoHandler<'schedule_delete'> = async (ynab, planId, entry, details) => {
  const id = details.scheduled_transaction_id;
  const account = (await ynab.accounts.list(planId)).find((a) => a.id === details.body.account_id);
  const conflict = account === undefined || account.closed ? SCHEDULE_ACCOUNT_GONE : null;
  let knowledge: number | undefined;
  let recreated = '';
  const undo = plan(
    id,
    entry.operation_id,
    conflict,
    'Undo: recreate the deleted scheduled transaction? It comes back with a new id.',
    async () => {
      knowledge = ynab.knowledge(planId);
      const created: unknown = await ynab.scheduled.create(planId, details.body);
      const newId = (created as { id?: unknown } | undefined)?.id;
      // a success that does not name what it created cannot be understood: settled like a lost answer
      if (typeof newId !== 'string')
        throw new UnknownOutcome('YNAB answered success without the recreated scheduled transaction');
      return `Scheduled transaction recreated with a new id: ${newId}.`;
    },
    // found again the way a create finds it: among those changed since the newest server knowledge
    // avenir-mcp had before sending, so that an older identical schedule is never taken for it
    async () => {
      const like = (await ynab.scheduled.changedSince(planId, knowledge)).filter(
        (s) => !s.deleted && sameAs(s, details.body),
      );
      if (like.length === 0) return false;
      if (like.length > 1 || knowledge === undefined) {
        return `${like.length} scheduled transaction(s) like it, which it cannot tell apart from older ones`;
      }
      recreated = like[0]!.id;
      return true;
    },
    () => `Recreated with a new id: ${recreated}.`,
  );
  // taken just before the request leaves, with the knowledge it is looked for after
  return { ...undo, recognise: () => scheduleFound(details.body, ynab.knowledge(planId)) };
};
