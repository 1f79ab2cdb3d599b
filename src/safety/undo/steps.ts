/**
 * The one way an undo of several requests runs, whatever it puts back: an ordered list of steps, each
 * a request and a read that tells whether its change is in place. Each is sent once. A lost answer is
 * read over the settling window (YNAB may apply it late): shown, the undo goes on; not shown on the
 * first step, the undo is unknown and stays pending until a later read shows it (asked again, it
 * would send the same request twice). A refusal of the first step changed nothing, and is the error
 * as YNAB gave it. Any other failure stops the undo halfway: HalfUndone says what is back and what is
 * not, and carries what is left as an operation of its own, which the next undo finishes after
 * reading YNAB again (a step that did land late is then a conflict, never sent again).
 *
 * What differs between kinds is only what a step sends and reads, and how the texts name it.
 */
import { isUnknownOutcome, reasonOf, UnknownOutcome } from '../../domain/write-outcome.js';
import { settleRead, settleSeconds } from '../outcome/settle.js';
import { HalfUndone, type Remainder } from './types.js';

export interface UndoStep {
  send(): Promise<unknown>;
  /** One read of YNAB: true when the step's change is in place, false when not, or why neither. */
  check(): Promise<boolean | string>;
}

/** Why a step failed: refused by YNAB, lost and no read shows it yet, or lost and not known. */
export type StepFailure = { refused: string } | { unseen: true; seconds: number } | { unknown: string };

export interface StepTexts<S> {
  /** The unknown message of a first step whose lost answer no read shows (it may land late). */
  firstUnseen(step: S, seconds: number): string;
  /**
   * The unknown message of a first step whose lost answer could not be checked (`why`), when that
   * keeps the undo pending; without it, the undo stops there, halfway, like a later step.
   */
  firstUnknown?(step: S, why: string): string;
  /** The message of an undo stopped at `left[0]`, after `done`. */
  halfway(done: readonly S[], left: readonly S[], failure: StepFailure): string;
  /** What is left, journaled for the next undo. */
  remainder(left: readonly S[]): Remainder[];
  /** The read tool that shows what YNAB holds. */
  check: string;
}

/** Whether a step whose answer was lost landed, read over the settling window (or why no read could be made). */
async function landed(step: UndoStep): Promise<boolean | string | { unread: string }> {
  const read = await settleRead(
    () => step.check(),
    (held) => held === true,
  );
  return 'why' in read ? { unread: read.why } : read.value;
}

/** Runs the steps in order; throws as the header says when one does not end in place. */
export async function runSteps<S extends UndoStep>(steps: readonly S[], texts: StepTexts<S>): Promise<void> {
  for (const [i, step] of steps.entries()) {
    try {
      await step.send();
      continue;
    } catch (error) {
      const lost = isUnknownOutcome(error);
      if (!lost && i === 0) throw error; // refused: nothing changed, the error says why
      const held = lost ? await landed(step) : false;
      if (held === true) continue;
      const unread = typeof held === 'object' ? held.unread : null;
      if (i === 0) {
        const text =
          held === false
            ? texts.firstUnseen(step, settleSeconds())
            : unread === null
              ? undefined
              : texts.firstUnknown?.(step, unread);
        if (text !== undefined) {
          const unseen = new UnknownOutcome(text);
          // a later call settles it once YNAB shows the step in place
          unseen.recheck = async () => (await step.check()) === true;
          throw unseen;
        }
      }
      const failure: StepFailure = !lost
        ? { refused: reasonOf(error) }
        : held === false
          ? { unseen: true, seconds: settleSeconds() }
          : { unknown: typeof held === 'string' ? held : `it could not be checked (${String(unread)})` };
      const left = steps.slice(i);
      throw new HalfUndone(
        texts.halfway(steps.slice(0, i), left, failure),
        texts.remainder(left),
        lost,
        texts.check,
      );
    }
  }
}
