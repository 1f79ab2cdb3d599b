/**
 * Verified writes: a write is sent once, then judged from what YNAB shows — its own answer, or one
 * read when the answer shows nothing or was lost — so that a field YNAB ignored is reported rather
 * than claimed, and a lost answer ends applied, not applied or unknown instead of an error. What YNAB
 * is known to hold is journaled, so that undo works on it.
 */
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import {
  judge,
  unchecked,
  unseen,
  verdictText,
  type Asked,
  type Row,
  type Verdict,
} from '../../domain/write-verify.js';
import { keepUntilShown } from '../../safety/outcome/run.js';
import { settleRead, settleSeconds } from '../../safety/outcome/settle.js';

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

const plain = (row: Row, field: string): unknown => row[field];

/** Sends a write and judges it; refusals (YNAB's errors, pacing) are thrown as they are. */
export async function checkedWrite(w: CheckedWrite): Promise<Verdict> {
  let shown: Shown | null;
  let lostReason: string | null = null;
  try {
    shown = await w.send();
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    lostReason = reasonOf(error);
    shown = null;
  }
  const project = w.project ?? plain;
  if (shown === null && lostReason === null) {
    // YNAB answered success without showing the objects: one read checks it
    const read = await settleRead(w.read, () => true);
    if ('why' in read) {
      // and they cannot be read: its word is taken (and journaled, so undo works on it), and the
      // message says it could not be checked
      const asAsked = new Map(w.asked.map((a) => [a.key, a.fields]));
      return { ...judge(w.asked, asAsked, w.before, plain, false), why: read.why };
    }
    shown = read.value;
  }
  if (shown !== null) return judge(w.asked, shown, w.before, project, false);
  // the answer was lost: the write may still be in flight, so YNAB is read until it shows it
  const read = await settleRead(
    w.read,
    (now) => judge(w.asked, now, w.before, project, true).status === 'applied',
  );
  if ('why' in read) return unchecked(`${lostReason}; ${read.why}`);
  const verdict = judge(w.asked, read.value, w.before, project, true);
  // nothing of it shows yet: not "not applied" — YNAB may apply it late
  return verdict.status === 'not_applied' ? unseen(verdict, settleSeconds()) : verdict;
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

export interface Finish<O extends Record<string, unknown>> {
  preview: O;
  verdict: Verdict;
  asked: readonly Asked[];
  /** The read tool that shows the objects, named when the user should check. */
  check: string;
  /** The message of a plain applied write, e.g. `Flagged.` */
  done: string;
  /** Journals what YNAB holds (called when anything is held); returns the id and the undo sentence. */
  record?: () => Promise<{ id: string; undo: string }>;
  /** Fields that depend on the verdict (e.g. the ids created). */
  fields?: Partial<O>;
}

/** The result of a verified write: its status, a message that says what YNAB holds, its journal id. */
export async function finishWrite<O extends Record<string, unknown>>(f: Finish<O>): Promise<O> {
  const v = f.verdict;
  const journaled = v.landed && f.record !== undefined ? await f.record() : null;
  const text = verdictText(v, f.asked, f.check);
  const message = [v.status === 'applied' ? f.done : '', text, journaled?.undo ?? '']
    .filter((s) => s !== '')
    .join(' ');
  return {
    ...f.preview,
    ...f.fields,
    status: v.status,
    message,
    confirmation: null,
    ...('operation_id' in f.preview ? { operation_id: journaled?.id ?? null } : {}),
  };
}
