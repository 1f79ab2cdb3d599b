/**
 * The words of `delete_transactions`' outcome, one sentence per way its series of deletes can end
 * (src/safety/outcome/series.ts decides which): all deleted; stopped at a delete that did not land
 * or may not have; stopped after a transfer's other side could not be seen gone; stopped by a
 * request that failed. Each says what is deleted, what was not sent, and how to undo. Pure.
 */

const ids = (done: readonly string[]): string => done.join(', ');

const notSent = (left: number): string =>
  left === 0 ? '' : `The other ${left} ${left === 1 ? 'was' : 'were'} not sent.`;

const sentences = (parts: readonly string[]): string => parts.filter((t) => t !== '').join(' ');

/** Every one deleted; `notes` say what was unusual (a lost answer read back, a side deleted apart). */
export const allDeletedText = (notes: readonly string[], id: string): string =>
  sentences([...notes, `Deleted. undo_operation with operation_id ${id} recreates them (with new ids).`]);

/** The delete of `stopped` did not land, or may not have (`what` says which): the rest not sent. */
export function stoppedText(
  total: number,
  done: readonly string[],
  stopped: string,
  what: string,
  id: string | null,
): string {
  return sentences([
    `Deleted ${done.length} of ${total}${done.length === 0 ? '' : ` (${ids(done)})`}.`,
    `The delete of ${stopped}: ${what}`,
    notSent(total - done.length - 1),
    id === null ? '' : `undo_operation with operation_id ${id} recreates those deleted.`,
  ]);
}

/** After the last one deleted, a transfer's other side was not seen gone (`failed` says why). */
export const sideLeftText = (total: number, done: readonly string[], failed: string, id: string): string =>
  sentences([
    `Deleted ${done.length} of ${total} (${ids(done)}), but ${failed}`,
    notSent(total - done.length),
    `undo_operation with operation_id ${id} recreates those deleted (a transfer once its other side is gone).`,
  ]);

/** The delete of `failed` failed (`reason`): whether it landed is not known, and it was not re-sent. */
export const failedText = (
  total: number,
  done: readonly string[],
  failed: string,
  reason: string,
  id: string,
): string =>
  `Deleted ${done.length} of ${total} (${ids(done)}), then the delete of ${failed} failed: ${reason} Whether ${failed} is deleted is not known (find_transactions shows it); it was not re-sent, and the rest were not sent. undo_operation with operation_id ${id} recreates those deleted.`;
