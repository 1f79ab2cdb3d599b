/**
 * The words of the undo of apply_statement (safety/undo/statements.ts): its question, and what it
 * says when it stops halfway. Pure.
 */

/** Why a step of an undo failed, as the undo's runner tells it. */
export type StepFailure = { refused: string } | { unseen: true; seconds: number } | { unknown: string };

/** The question: what the undo puts back, and what it leaves alone. */
export function statementUndoQuestion(
  fields: number,
  deletes: number,
  recreates: number,
  conflicts: readonly string[],
): string {
  const sentences = [
    fields > 0 ? `put back the amount, date or cleared status of ${fields} transaction(s)` : '',
    deletes > 0 ? `delete the ${deletes} transaction(s) it created` : '',
    recreates > 0 ? `recreate the ${recreates} duplicate(s) it deleted (with new ids)` : '',
  ].filter((s) => s !== '');
  const leftAlone =
    conflicts.length === 0 ? '' : `\nLeft alone, changed in YNAB since: ${conflicts.join(', ')}.`;
  return `Undo the statement's changes: ${sentences.join('; ')}?${leftAlone}`;
}

/** An undo stopped at the step `stopped`, after the steps `done` (each as what it puts back). */
export function statementUndoHalfway(done: readonly string[], stopped: string, failure: StepFailure): string {
  const why =
    'refused' in failure
      ? `YNAB refused the next step, ${stopped} (${failure.refused})`
      : 'unseen' in failure
        ? `YNAB's answer to the next step (${stopped}) was lost, and reads over ${failure.seconds} s do not show it yet (YNAB may still apply it late)`
        : `YNAB's answer to the next step (${stopped}) was lost, and ${failure.unknown}`;
  const opening = done.length === 0 ? '' : `${done.join('; ')}; `;
  return `${opening}${why}. What is left is journaled: undo_operation again puts it back.`;
}

/** How many of `total` transactions a read found: all (true), none (false), or some, in words. */
export const foundAll = (found: number, total: number): boolean | string =>
  found === total || (found === 0 ? false : `${found} of the ${total} duplicates recreated`);
