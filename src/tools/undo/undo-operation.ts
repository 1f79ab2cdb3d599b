/** `undo_operation`: previewed, confirmed, never over a later change. */
import { z } from 'zod';
import { AppError } from '../../domain/errors.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { isKind, KINDS } from '../../safety/journal-kinds.js';
import { planUndo, undoLeaves } from '../../safety/undo/handlers.js';
import { HalfUndone, NotUndone } from '../../safety/undo/types.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { noteJournalFailure } from '../../safety/outcome/apply.js';
import { settleRead, settleSeconds } from '../../safety/outcome/settle.js';
import { refuseIfStillPending } from '../../safety/outcome/settle-later.js';
import { keepUntilShown, markRepeatSafe } from '../../safety/outcome/run.js';
import { isUnknownOutcome, NOT_YET, reasonOf, unseenText } from '../../domain/write-outcome.js';
import type { Deps } from '../../deps.js';

/**
 * An undo whose one answer was lost, read over the settling window: applied when a read shows the
 * revert, otherwise unknown — a revert no read shows yet may still land late, so it is never "not
 * applied" and the operation stays in the journal for the next undo to re-read.
 */
async function lostUndo(error: Error, read: () => Promise<boolean | string | null>, note?: () => string) {
  const found = await settleRead(read, (v) => v === true);
  if ('value' in found && found.value === true) {
    const more = note === undefined ? '' : ` ${note()}`;
    return {
      status: 'applied',
      message: `YNAB's answer was lost, but a read-back shows the undo in place.${more}`,
    };
  }
  if ('value' in found && found.value === false) {
    return {
      status: 'unknown',
      message: `${unseenText('the undo', 'the read tools', settleSeconds())} The operation is still in the journal: undo_operation re-reads YNAB first, and undoes only what is still to undo.`,
    };
  }
  const why =
    'why' in found
      ? found.why
      : typeof found.value === 'string'
        ? `a read-back finds ${found.value}`
        : 'a read-back shows only part of it';
  return {
    status: 'unknown',
    message: `${NOT_YET}: the undo may or may not be in YNAB (${reasonOf(error)}; ${why}). Check in YNAB before anything else; do not repeat the undo blindly.`,
  };
}

/** Marks the operation undone; the undo already applied, so a journal failure is a warning, not an error. */
/**
 * Keeps an undo whose outcome is unknown for the next call on the plan: once `shows` says the
 * revert is in place, the operation is marked undone (`done`), or, for an undo of several writes,
 * left for the next undo, which re-reads and puts back only what is still to put back.
 */
function keepUndoForLater(
  deps: Deps,
  operationId: string,
  shows: () => Promise<boolean>,
  done: boolean,
): void {
  keepUntilShown(
    async () => ((await shows()) ? true : null),
    async () => (done ? markDone(deps, operationId) : undefined),
  );
}

async function markDone(deps: Deps, operationId: string): Promise<void> {
  try {
    await deps.journal.markUndone(operationId);
  } catch (error) {
    if (!noteJournalFailure(error instanceof Error ? error.message : String(error))) throw error;
  }
}
import { LAST_USED } from '../../ynab/api.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { changeListFields } from '../shared/write-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { undoKey } from '../shared/subjects.js';

type Result = WriteResult<typeof changeListFields, true>;

export const undoOperation = defineWriteTool({
  name: 'undo_operation',
  title: 'Undo an operation',
  undoable: true,
  destructive: true,
  idempotent: false,
  description: [
    'Undo a write of this server, except what changed since (listed as conflicts).',
    PREVIEW,
    'An undo cannot be undone. Costs 2 YNAB requests (undoing apply_categories), 1 more to revert.',
  ],
  input: () => ({
    plan_id: planId,
    operation_id: z.string().nullable().default(null).describe("Default: the plan's latest still in effect."),
  }),
  output: () => changeListFields,
  async run({ deps, money }, { plan_id, operation_id }) {
    const plan = await resolvePlan(deps, plan_id);
    // a pending operation is settled first: undone once YNAB shows it, refused while it may still land
    if (operation_id !== null) await refuseIfStillPending(deps, plan, operation_id);
    const entry = await deps.journal.find(plan, plan_id === LAST_USED, new Set(KINDS), operation_id);
    // the latest operation, when no id is given, may be one still pending
    if (operation_id === null && entry !== null) await refuseIfStillPending(deps, plan, entry.operation_id);
    if (!entry && operation_id !== null && (await deps.journal.wasPruned?.(operation_id)))
      throw new AppError(
        `Nothing to undo: operation ${operation_id} is older than the ${deps.config.store.retentionDays} days this server keeps undo records for, so it can no longer be undone.`,
      );
    if (!entry || !isKind(entry.kind)) {
      throw new AppError(
        operation_id === null
          ? 'Nothing to undo: no operation of this plan is still in effect.'
          : `Nothing to undo: no operation of this plan is still in effect with id ${operation_id}.`,
      );
    }
    const undo = await planUndo(deps.ynab, plan, entry, entry.kind, money, deps.rules);
    const base: Result = {
      status: 'nothing_to_do',
      message: undo.fullConflict ?? '',
      changes: undo.changes,
      unchanged_count: 0,
      conflicts: undo.conflicts,
      confirmation: null,
      operation_id: null,
    };
    if (undo.fullConflict !== null) {
      await deps.journal.markUndone(entry.operation_id, true);
      return base;
    }
    return new ConfirmRequest({
      journals: ['undone', ...undoLeaves(entry.kind)],
      plan,
      subject: undo.subject,
      sameSubject: [undoKey(entry.operation_id)],
      checkWith: 'the read tools',
      question: undo.question,
      flow: undo.flow,
      preview: base,
      sends: undo.sends ?? 1,
      // a revert in one request is recognised by any process, which then marks the operation undone;
      // one of several requests announces each step's as it reaches it, and is finished by the next undo
      ...(undo.recognise === undefined ? {} : { recognise: undo.recognise }),
      ...((undo.sends ?? 1) === 1 ? { undoes: entry.operation_id } : {}),
      apply: async () => {
        let message: string;
        try {
          message = await undo.apply();
        } catch (error) {
          if (isUnknownOutcome(error) && undo.readBack !== undefined) {
            const readBack = undo.readBack;
            const lost = await lostUndo(error, readBack, undo.lostNote);
            if (lost.status === 'applied') await markDone(deps, entry.operation_id);
            else keepUndoForLater(deps, entry.operation_id, async () => (await readBack()) === true, true);
            return { ...base, ...lost, operation_id: null };
          }
          if (isUnknownOutcome(error) && error.recheck !== undefined) {
            // an undo of several writes is not done when its first lands: the next undo re-plans
            keepUndoForLater(deps, entry.operation_id, error.recheck, (undo.sends ?? 1) === 1);
          }
          if (error instanceof NotUndone) {
            return { ...base, status: 'not_applied', message: error.message, operation_id: null };
          }
          if (!(error instanceof HalfUndone)) throw error;
          // what is left becomes an operation of its own, and the next undo_operation finishes it
          // (it re-reads first). A request whose answer was lost may still land: the undo stays
          // pending, under the id of what is left, until a read shows it, so that undoing the rest
          // meanwhile is refused rather than sending it twice; otherwise nothing is kept pending
          if (error.inFlight === null) markRepeatSafe();
          else keepUndoForLater(deps, entry.operation_id, error.inFlight, false);
          const ids: string[] = [];
          for (const r of error.remainders) ids.push(await recordOperation(deps, plan, r.kind, r.details));
          await markDone(deps, entry.operation_id);
          const next = `undo_operation (operation_id ${ids.join(', then ')}) finishes it.`;
          return {
            ...base,
            status: error.uncertain ? 'unknown' : 'partial',
            message: `Undo done halfway: ${error.message} ${error.uncertain ? `Check in YNAB (${error.check}) first; then ` : ''}${next}`,
            operation_id: null,
          };
        }
        await markDone(deps, entry.operation_id);
        return { ...base, status: 'applied', message };
      },
    });
  },
});
