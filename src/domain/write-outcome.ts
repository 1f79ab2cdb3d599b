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
}

export class PacingRefusal extends ClientError {
  readonly pacing = true;
}

export const isUnknownOutcome = (error: unknown): error is UnknownOutcome => error instanceof UnknownOutcome;

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
