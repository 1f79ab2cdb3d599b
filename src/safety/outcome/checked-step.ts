/**
 * A write judged field by field, as a step of the one engine (step.ts): its request is sent by
 * `sendStep` like every other step, and its `check` is the field judge of domain/write-verify.ts, so
 * that a field YNAB ignored is reported rather than claimed. A lost answer settles the way every
 * step settles (read over the window, never "not applied" while it may still land); what differs is
 * only that the outcome is a verdict naming each field, which the tool turns into its words.
 */
import { judge, unchecked, unseen, type Asked, type Row, type Verdict } from '../../domain/write-verify.js';
import { keepUntilShown } from './run.js';
import { settleRead, settleSeconds } from './settle.js';
import { sendStep, type Step } from './step.js';

export type Shown = ReadonlyMap<string, Row>;

/** A write and how to see what YNAB holds after it, keyed like `asked`. */
export interface CheckedWrite {
  asked: readonly Asked[];
  /** Each existing object before the write (empty for a create). */
  before: Shown;
  /** Reads a field of a row the way the write sent it (default: the field itself). */
  project?: (row: Row, field: string, asked: unknown) => unknown;
  /** Sends the write once: what its answer shows, or null when the answer shows nothing to check. */
  send: () => Promise<Shown | null>;
  /** One read of the objects after the write (through the pacer, like any request). */
  read: () => Promise<Shown>;
}

type Project = NonNullable<CheckedWrite['project']>;

const plain: Project = (row, field) => row[field];

/**
 * The write as a step: in place when the judge finds every field held, not in place when none is,
 * and otherwise what the judge says (part of it, or values neither old nor new). The last verdict a
 * read gave is kept, for the words of the outcome.
 */
export function checkedStep(w: CheckedWrite): Step<Shown | null> & { verdict(): Verdict | null } {
  const project = w.project ?? plain;
  let last: Verdict | null = null;
  return {
    send: w.send,
    check: async () => {
      last = judge(w.asked, await w.read(), w.before, project, true);
      return last.status === 'applied' ? true : last.status === 'not_applied' ? false : last.status;
    },
    verdict: () => last,
  };
}

/** The verdict of an answer: judged from what it shows, or from one read when it shows nothing. */
async function answered(w: CheckedWrite, shown: Shown | null, project: Project): Promise<Verdict> {
  if (shown !== null) return judge(w.asked, shown, w.before, project, false);
  // YNAB answered success without showing the objects: one read checks it
  const read = await settleRead(w.read, () => true);
  if ('value' in read) return judge(w.asked, read.value, w.before, project, false);
  // and they cannot be read: its word is taken (and journaled, so undo works on it), and the
  // message says it could not be checked
  const asAsked = new Map(w.asked.map((a) => [a.key, a.fields]));
  return { ...judge(w.asked, asAsked, w.before, plain, false), why: read.why };
}

/** Sends a write through the engine and judges it; refusals (YNAB's errors, pacing) are thrown as they are. */
export async function checkedWrite(w: CheckedWrite): Promise<Verdict> {
  const step = checkedStep(w);
  const sent = await sendStep(step);
  if (sent.end === 'answered') return answered(w, sent.answer, w.project ?? plain);
  if (sent.end === 'unread') return unchecked(`${sent.lost}; ${sent.why}`);
  // every other end read YNAB at least once, and the judge kept its verdict
  const verdict = step.verdict() as Verdict;
  // nothing of it shows yet: not "not applied" — YNAB may apply it late
  return sent.end === 'unseen' ? unseen(verdict, settleSeconds()) : verdict;
}

/**
 * Sends a write, judges it, and hands the verdict to `finish` (the tool's journaling and result).
 * When the outcome is unknown, the write is also kept for later: the next call on the plan reads
 * the objects once more, and once they show the change `finish` runs again with that verdict, so
 * that what landed late is journaled (and undoable) under the operation's pending id.
 */
export async function settled<T>(w: CheckedWrite, finish: (verdict: Verdict) => Promise<T>): Promise<T> {
  const verdict = await checkedWrite(w);
  if (verdict.status === 'unknown') keepForLater(w, finish);
  return finish(verdict);
}

/**
 * Keeps a write whose outcome is unknown for the next call on the plan: it reads the objects once,
 * and when they show the change (or part of it), `landed` journals what YNAB holds.
 */
export function keepForLater(w: CheckedWrite, landed: (verdict: Verdict) => Promise<unknown>): void {
  const project = w.project ?? plain;
  keepUntilShown(async () => {
    const now = judge(w.asked, await w.read(), w.before, project, true);
    return now.landed ? now : null;
  }, landed);
}
