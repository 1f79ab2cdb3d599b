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
import { NOT_YET, reasonOf, UnknownOutcome, unseenText } from '../../domain/write-outcome.js';
import { recogniseAs } from '../outcome/run.js';
import { settleSeconds } from '../outcome/settle.js';
import type { Recognise } from '../recognise.js';
import { sendStep, type Sent, type Step } from '../outcome/step.js';
import { HalfUndone, type Remainder } from './types.js';

/**
 * A step of an undo: a request and the read that tells whether its change is in place, and the same
 * as data any process can read (recognise.ts), so that a step left in flight settles after a restart.
 */
export type UndoStep = Step & { recognise?: Recognise };

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

/**
 * The unknown messages of a first step named by its `what`, for undos that read back with `check`
 * (a reconciliation's, a statement's): the operation stays in the journal, and the next undo re-reads
 * YNAB before it sends anything.
 */
export function firstStepTexts<S extends { what: string }>(
  check: string,
): Pick<StepTexts<S>, 'firstUnseen' | 'firstUnknown'> {
  return {
    firstUnseen: (step, seconds) =>
      `${unseenText(step.what, check, seconds)} The operation is still in the journal: undo_operation re-reads YNAB first and reverts only what is still to revert.`,
    firstUnknown: (_step, why) =>
      `${NOT_YET}: the undo may or may not be in YNAB (${why}). Check with ${check} before anything else; do not repeat the undo blindly.`,
  };
}

/** Runs the steps in order; throws as the header says when one does not end in place. */
export async function runSteps<S extends UndoStep>(steps: readonly S[], texts: StepTexts<S>): Promise<void> {
  for (const [i, step] of steps.entries()) {
    let sent: Sent<unknown>;
    try {
      sent = await sendStep(step);
    } catch (error) {
      if (i === 0) throw error; // refused: nothing changed, the error says why
      throw halfway(steps, i, texts, { refused: reasonOf(error) }, null);
    }
    if (sent.end === 'answered' || sent.end === 'shown') continue;
    if (i === 0) {
      const text =
        sent.end === 'unseen'
          ? texts.firstUnseen(step, settleSeconds())
          : sent.end === 'unread'
            ? texts.firstUnknown?.(step, sent.why)
            : undefined;
      if (text !== undefined) {
        if (step.recognise !== undefined) await recogniseAs(step.recognise);
        const unseen = new UnknownOutcome(text);
        // a later call settles it once YNAB shows the step in place
        unseen.recheck = async () => (await step.check()) === true;
        throw unseen;
      }
    }
    const failure: StepFailure =
      sent.end === 'unseen'
        ? { unseen: true, seconds: settleSeconds() }
        : { unknown: sent.end === 'other' ? sent.held : `it could not be checked (${sent.why})` };
    // the rest is journaled, and the undo stays pending until this step shows (or its time is over)
    if (step.recognise !== undefined) await recogniseAs(step.recognise);
    throw halfway(steps, i, texts, failure, async () => (await step.check()) === true);
  }
}

/** The stop at step `i`: what is done and what is left, the rest journaled for the next undo. */
function halfway<S extends UndoStep>(
  steps: readonly S[],
  i: number,
  texts: StepTexts<S>,
  failure: StepFailure,
  inFlight: (() => Promise<boolean>) | null,
): HalfUndone {
  const left = steps.slice(i);
  return new HalfUndone(
    texts.halfway(steps.slice(0, i), left, failure),
    texts.remainder(left),
    inFlight !== null,
    texts.check,
    inFlight,
  );
}
