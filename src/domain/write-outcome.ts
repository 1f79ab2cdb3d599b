/**
 * The three outcomes of a write request, as errors the YNAB layer throws and the tools tell apart:
 * - refused: YNAB answered an error status (a plain `ClientError` with `status`): nothing changed;
 * - unknown: no answer, a timeout, a dropped connection, or a 2xx answer that cannot be understood
 *   (`UnknownOutcome`): the change may or may not be in YNAB, so it is never sent again;
 * - not sent: avenir-mcp's own pacing kept the request home (`PacingRefusal`): nothing left this
 *   machine, and YNAB was not asked at all — never reported as "YNAB refused".
 */
import { ClientError } from './errors.js';

// the marker fields keep the classes apart for TypeScript (otherwise both look like a ClientError)
export class UnknownOutcome extends ClientError {
  readonly unknownOutcome = true;
  /**
   * Reads YNAB once and says whether the write now shows (set by a write that settled for its
   * window and saw nothing yet: a later call asks again).
   */
  recheck: (() => Promise<boolean>) | undefined;
}

export class PacingRefusal extends ClientError {
  readonly pacing = true;
}

export const isUnknownOutcome = (error: unknown): error is UnknownOutcome => error instanceof UnknownOutcome;

/**
 * The statuses of a write that did not (or may not) happen in full. Their tool results are tool
 * errors (`isError`, with the same structured content), so that a host shows the user that the
 * change is not simply done; `nothing_to_do`, `declined` and `confirmation_required` stay plain.
 */
const NOT_DONE: ReadonlySet<unknown> = new Set(['partial', 'not_applied', 'unknown', 'not_approved']);

/** Whether a write's result says the change did not, or may not, happen in full. */
export const notDone = (output: { status?: unknown }): boolean => NOT_DONE.has(output.status);

/** What a read-back found about a write whose answer was lost. */
export type ReadBack = 'applied' | 'not_applied' | 'unknown';

/** A message part: the error's text without a trailing period. */
export const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

/** Text from YNAB (an error body, an HTML proxy page) as one line of at most 300 characters. */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

// The sentences every write's outcome shares, written once so that each write says the same thing
// in the same case.

/** How every unknown outcome begins: the one thing the agent must not do. */
export const NOT_YET = 'Do not repeat this change yet';

/** A text without its leading NOT_YET, to be quoted inside a message that begins with it. */
export const withoutNotYet = (text: string): string =>
  text.startsWith(`${NOT_YET}: `) ? text.slice(NOT_YET.length + 2) : text;

/** An unknown outcome's message, beginning with NOT_YET whatever wrote the rest. */
export function unknownMessage(text: string): string {
  if (text.startsWith(NOT_YET)) return text;
  return `${NOT_YET}: ${text}`;
}

/**
 * A write no read showed within the settling window. `what` names the change ("the change",
 * "the move to Restaurants"), `check` the read tool that shows it.
 */
export function unseenText(what: string, check: string, seconds: number): string {
  return `${NOT_YET}: YNAB's answer was lost, and reads over ${seconds} s do not show ${what}. YNAB may still apply it late. Check with ${check} in a few minutes: repeating it now may make it twice.`;
}

/** What an unknown outcome adds about its pending entry. */
export const pendingText = (id: string): string =>
  `avenir-mcp keeps it as pending operation ${id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`;

/** What a pending entry says of itself in texts: its id, tool and start, and where to look. */
export interface PendingView {
  operation_id: string;
  tool: string;
  started_at: string;
  check_with: string;
}

/** The refusal of a write that changes what a pending one changes. */
export const pendingRefusal = (p: PendingView): string =>
  `A change to the same thing is still pending: operation ${p.operation_id} (${p.tool}, ${p.started_at}) got no answer from YNAB, and no read has shown it yet. It may still land, so nothing was asked or sent: check with ${p.check_with}, then try again in a few minutes, or call undo_operation with operation_id ${p.operation_id}, which settles it first (and undoes it if it landed).`;

/** The refusal of an undo of a write still pending. */
export const stillPendingText = (p: PendingView): string =>
  `Operation ${p.operation_id} (${p.tool}, ${p.started_at}) is still pending: YNAB's answer to it was lost, and no read shows it yet. Nothing was changed. Check with ${p.check_with}; try undo_operation again in a few minutes, once YNAB shows it or it is known not to have landed.`;
