/**
 * How a confirmed write ends, whatever the tool: its sends reserved before the first one leaves (so
 * pacing never stops it halfway), a lost answer settled over a bounded window and reported as
 * `unknown` rather than as an error (an error invites the same write again), and a journal that
 * fails after YNAB applied the change reported as `applied` with a warning — never as an error,
 * which would invite a second, duplicate write.
 */
import type { Deps } from '../../deps.js';
import { isUnknownOutcome, pendingText, reasonOf, unknownMessage } from '../../domain/write-outcome.js';
import type { ConfirmRequest } from '../confirm.js';
import { appliedAt, newOperationId } from '../journal.js';
import { currentRun, inWrite, newRun } from './run.js';
import { closePending, refusePending } from './settle-later.js';

/**
 * Notes that an applied change could not be journaled; false outside a write (the caller then
 * reports the failure itself).
 */
export function noteJournalFailure(text: string): boolean {
  const run = currentRun();
  if (run === undefined) return false;
  run.journalFailure ??= text;
  return true;
}

export const notRecordedText = (reason: string): string =>
  `YNAB holds the change, but it could not be recorded in the journal (${reason}): undo_operation cannot undo it. Do not repeat it; tell the user, and fix the journal before the next change.`;

/** The result of a write whose answer was lost and that nothing could check. */
export function unknownResult(preview: Record<string, unknown>, message: string): Record<string, unknown> {
  return {
    ...preview,
    status: 'unknown',
    message,
    confirmation: null,
    ...('operation_id' in preview ? { operation_id: null } : {}),
  };
}

/** Runs an unconfirmed write (approving, importing) with the same settling and journal rules. */
export function runUnconfirmed<T>(
  deps: Deps,
  work: () => Promise<T>,
  progress?: (m: string) => void,
): Promise<T> {
  return inWrite(newRun(deps, progress), work);
}

/**
 * Applies a confirmed write: announced as pending before its first request, its sends reserved, its
 * outcome and its journal failures told truly. An unknown outcome stays pending (and is kept in
 * memory to be settled by a later call); any other closes the pending entry.
 */
export async function applyConfirmed(
  deps: Deps,
  tool: string,
  request: ConfirmRequest,
  progress?: (message: string) => void,
): Promise<Record<string, unknown>> {
  const run = { ...newRun(deps, progress), journals: request.journals };
  const id = newOperationId();
  run.pendingId = id;
  let result: Record<string, unknown>;
  try {
    result = await inWrite(run, () =>
      deps.pacer.reserved(request.sends, async () => {
        // write-ahead: the write is on disk as pending before anything leaves (a failure here sends nothing)
        await refusePending(deps, request.planId, request.sameSubject);
        const entry = {
          operation_id: id,
          plan_id: request.planId,
          tool,
          subject: [...request.sameSubject],
          started_at: appliedAt(deps.clock.now()),
          check_with: request.checkWith,
          ...(request.undoes === undefined ? {} : { undoes: request.undoes }),
        };
        await deps.pending.open({
          ...entry,
          ...(request.recognise === undefined ? {} : { recognise: request.recognise() }),
        });
        run.announce = async (recognise) => {
          try {
            await deps.pending.open({ ...entry, recognise });
          } catch (error) {
            // the entry keeps what it said before: it still refuses the same change, and closes in time
            deps.log.warning('journal', `The pending operation ${id} could not be updated: ${String(error)}`);
          }
        };
        return request.apply();
      }),
    );
  } catch (error) {
    if (!isUnknownOutcome(error)) {
      await closePending(deps, id);
      throw error;
    }
    result = unknownResult(request.preview, error.message);
  }
  // every unknown outcome begins with what not to do, and names its pending entry while it is kept
  if (result.status === 'unknown') result = { ...result, message: unknownMessage(String(result.message)) };
  if (result.status === 'unknown' && !run.repeatSafe) {
    deps.pending.keep(
      id,
      // the next call on the plan reads it again at once; after that, reads are spaced
      run.later === null
        ? null
        : { later: run.later, idUsed: run.pendingIdUsed, triedAt: Number.NEGATIVE_INFINITY },
    );
    result = { ...result, message: `${String(result.message)} ${pendingText(id)}` };
  } else {
    await closePending(deps, id);
  }
  if (run.journalFailure === null) return result;
  const warning = notRecordedText(reasonOf(run.journalFailure));
  return {
    ...result,
    message: result.status === 'applied' ? `Applied. ${warning}` : `${String(result.message)} ${warning}`,
    ...('operation_id' in result ? { operation_id: null } : {}),
  };
}
