/**
 * A confirmed write of several requests, one per object, in order (YNAB deletes one transaction per
 * request): the runner every such write shares, so that each item settles the way every step does
 * and the series stops the same way whatever it writes.
 *
 * - Each item is a checked write (checked-step.ts): sent once, its lost answer read over the
 *   settling window, never "not applied" while it may still land.
 * - An item applied goes on to the next, after the write's own follow-up (e.g. the other side of a
 *   transfer), which may stop the series when what it left is not known.
 * - The first item not applied stops the series: those after it are not sent (sending them could
 *   leave the books in a state nobody agreed to). One whose outcome is unknown is kept for the next
 *   call on the plan, which journals it once a read shows it landed.
 * - A request that throws (a refusal, pacing) stops it too; what was done is journaled first.
 *
 * What was done is always journaled before the outcome is returned, so that undo can revert it. The
 * runner decides; the write's words (domain) say it.
 */
import type { Verdict } from '../../domain/write-verify.js';
import { checkedWrite, keepForLater, type CheckedWrite } from './checked-step.js';

export interface Series<I> {
  items: readonly I[];
  /** The item's write, judged field by field. */
  write(item: I): CheckedWrite;
  /**
   * After item `n` landed: a note for the message, and a stop when something it left is not known
   * (`unknown` when it may still land late).
   */
  after?(item: I, n: number): Promise<{ note?: string; stop?: { failed: string; unknown: boolean } }>;
  /** The note for an item that landed although its answer was lost or could not be checked. */
  checkedNote(item: I, verdict: Verdict, write: CheckedWrite): string;
  /** Journals what is done; returns the operation id. */
  record(done: readonly I[]): Promise<string>;
}

/** How the series ended; `done` is what landed, in order, and `id` its journal entry (null when none). */
export type SeriesEnd<I> = { done: readonly I[]; id: string | null; notes: readonly string[] } & (
  | { end: 'applied' }
  /** Item `at` did not land, or may not have: the rest were not sent. */
  | { end: 'stopped'; at: number; verdict: Verdict; write: CheckedWrite }
  /** After item `at` landed, its follow-up left something not known: the rest were not sent. */
  | { end: 'followed'; at: number; failed: string; unknown: boolean }
  /** The request of item `at` threw: whether it landed is not known; the rest were not sent. */
  | { end: 'threw'; at: number; error: unknown }
);

export async function runSeries<I>(s: Series<I>): Promise<SeriesEnd<I>> {
  const done: I[] = [];
  const notes: string[] = [];
  const journal = async () => (done.length === 0 ? null : s.record(done));
  for (const [n, item] of s.items.entries()) {
    const write = s.write(item);
    let verdict: Verdict;
    try {
      verdict = await checkedWrite(write);
    } catch (error) {
      return { end: 'threw', at: n, error, done, notes, id: await journal() };
    }
    // an item that may still land: the next call reads it again, and journals it once it shows
    if (verdict.status === 'unknown') keepForLater(write, () => s.record([item]));
    if (verdict.status !== 'applied') {
      return { end: 'stopped', at: n, verdict, write, done, notes, id: await journal() };
    }
    done.push(item);
    const next = (await s.after?.(item, n)) ?? {};
    if (next.note !== undefined) notes.push(next.note);
    if (next.stop !== undefined)
      return { end: 'followed', at: n, ...next.stop, done, notes, id: await journal() };
    // landed, though its answer was lost or could not be checked: said in the message
    if (verdict.lost || verdict.why !== null) notes.push(s.checkedNote(item, verdict, write));
  }
  return { end: 'applied', done, notes, id: await journal() };
}
