/**
 * How a confirmed write ends, whatever the tool: its sends reserved before the first one leaves (so
 * pacing never stops it halfway), a lost answer reported as `unknown` rather than as an error (an
 * error invites the same write again), and a journal that fails after YNAB applied the change
 * reported as `applied` with a warning — never as an error, which would invite a second, duplicate
 * write. Tools that can read back what a lost answer did do so themselves (see `readBack`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deps } from '../../deps.js';
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import type { ConfirmRequest } from '../../safety/confirm.js';

interface Operation {
  journalFailure: string | null;
}
const running = new AsyncLocalStorage<Operation>();

/**
 * Notes that an applied change could not be journaled; false outside a confirmed write (the caller
 * then reports the failure itself).
 */
export function noteJournalFailure(text: string): boolean {
  const operation = running.getStore();
  if (operation === undefined) return false;
  operation.journalFailure ??= text;
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

/** Applies a confirmed write: its sends reserved, its outcome and its journal failures told truly. */
export async function applyConfirmed(deps: Deps, request: ConfirmRequest): Promise<Record<string, unknown>> {
  const operation: Operation = { journalFailure: null };
  let result: Record<string, unknown>;
  try {
    result = await running.run(operation, () => deps.pacer.reserved(request.sends, request.apply));
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    result = unknownResult(request.preview, error.message);
  }
  if (operation.journalFailure === null) return result;
  const warning = notRecordedText(reasonOf(operation.journalFailure));
  return {
    ...result,
    message: result.status === 'applied' ? `Applied. ${warning}` : `${String(result.message)} ${warning}`,
    ...('operation_id' in result ? { operation_id: null } : {}),
  };
}

/**
 * Reads back, once, what a write whose answer was lost did. The read goes through the pacer like any
 * request: when the pacer or a 429 pause forbids it, or the read fails, the answer is `why` instead.
 */
export async function readBack<T>(read: () => Promise<T>): Promise<{ value: T } | { why: string }> {
  try {
    return { value: await read() };
  } catch (error) {
    return { why: `avenir-mcp could not check what YNAB holds: ${reasonOf(error)}` };
  }
}
