/**
 * One step of a write — a request, and a read that tells whether its change is in place — sent once
 * and settled the one way every write settles: YNAB's answer is taken as it is; a refusal is thrown
 * as it is (nothing changed); a lost answer is read over the settling window, and ends shown, not
 * shown yet (it may land late: never "not applied"), shown as something else, or not readable. The
 * writes of several requests (a move, the undos in undo/steps.ts) are lists of such steps; what a
 * tool adds is only what its steps send and read, and the words for each end.
 */
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import { keepUntilShown } from './run.js';
import { settleRead } from './settle.js';

export interface Step<A = unknown> {
  /** Sends the request: YNAB's answer, or a refusal or a lost answer thrown. */
  send(): Promise<A>;
  /** One read of YNAB: true when the step's change is in place, false when not, or what it holds instead. */
  check(): Promise<boolean | string>;
  /**
   * Whether a check's answer ends the settling early (default: only when the change shows). A step
   * whose check can say something no later read will change (an import that cannot be told apart
   * from YNAB's own) stops reading at once rather than spend the person's requests.
   */
  decided?(held: boolean | string): boolean;
}

/** How a step that YNAB did not refuse ended. `lost`: why its answer was lost. */
export type Sent<A> =
  | { end: 'answered'; answer: A }
  | { end: 'shown'; lost: string }
  | { end: 'unseen'; lost: string }
  | { end: 'other'; lost: string; held: string }
  | { end: 'unread'; lost: string; why: string };

/** Sends `step` once and settles a lost answer; YNAB's refusals (and pacing) are thrown as they are. */
export async function sendStep<A>(step: Step<A>): Promise<Sent<A>> {
  let answer: A;
  try {
    answer = await step.send();
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    const lost = reasonOf(error);
    const read = await settleRead(
      () => step.check(),
      (held) => held === true || step.decided?.(held) === true,
    );
    if ('why' in read) return { end: 'unread', lost, why: read.why };
    if (read.value === true) return { end: 'shown', lost };
    return read.value === false ? { end: 'unseen', lost } : { end: 'other', lost, held: read.value };
  }
  return { end: 'answered', answer };
}

/**
 * Keeps the running write's step whose outcome is unknown for the next call on its plan: once one
 * read shows it in place, `landed` journals what it must (see keepUntilShown).
 */
export function keepStepForLater(step: Step, landed: () => Promise<unknown>): void {
  keepUntilShown(async () => ((await step.check()) === true ? true : null), landed);
}
