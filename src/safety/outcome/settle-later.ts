/**
 * Pending writes after the call that made them: refusing the same change while one is pending, and
 * settling them at the next call on their plan. A pending write whose process kept it in memory is
 * read once more (at most every few seconds, since each read is a YNAB request): once YNAB shows it,
 * the write's own code journals what landed, under the pending id, and the entry closes. One that
 * no read shows closes when its pending time is over: YNAB applies a late write within seconds, so
 * after that a change still not there did not land. An entry of a process that has gone is read
 * again from the data it carries (recognise.ts); one without any refuses the same change until its
 * pending time is over, then closes.
 */
import type { Deps } from '../../deps.js';
import { AppError } from '../../domain/errors.js';
import { pendingRefusal, stillPendingText } from '../../domain/write-outcome.js';
import { appliedAt } from '../journal.js';
import type { Kept, PendingEntry } from '../pending.js';
import type { Recognise } from '../recognise.js';
import { landedNow } from '../recognise-reads.js';
import { inWrite, newRun, type Later } from './run.js';

/** How long a write stays pending when nothing settles it (15 minutes). */
export const PENDING_MS = 15 * 60_000;
/** The least time between two settling reads of one pending write. */
export const RETRY_MS = 5_000;

/** Refuses a write with a key in common with a pending one of its plan (nothing is asked or sent). */
export async function refusePending(deps: Deps, plan: string, subject: readonly string[]): Promise<void> {
  const keys = new Set(subject);
  const blocking = (await deps.pending.list(plan)).find((e) => e.subject.some((k) => keys.has(k)));
  if (blocking !== undefined) throw new AppError(pendingRefusal(blocking));
}

/** Closes a pending entry; a failure to rewrite the file is a warning (the outcome is already said). */
export async function closePending(deps: Deps, id: string): Promise<void> {
  try {
    await deps.pending.close(id);
  } catch (error) {
    deps.log.warning('journal', `The pending operation ${id} could not be closed: ${String(error)}`);
  }
}

const recreates = (r: Recognise): boolean => r.expect === 'created' || r.expect === 'schedule_created';

/**
 * How an entry this process did not make settles: from its `recognise` data, one read of YNAB. Once
 * the whole change shows (or, at the end of the pending time, any of it), the journal entry it
 * carries is recorded under the pending id — unless the process that made the write journaled it
 * before it stopped — and the entry closes. A change only part of which shows stays pending: the
 * rest may still land, and the same change is refused meanwhile.
 */
function fromEntry(deps: Deps, e: PendingEntry, recognise: Recognise): Later {
  return {
    settle: async (final) => {
      const shown = await landedNow(deps.ynab, e.plan_id, recognise);
      if (shown === null) return final ? 'closed' : 'waiting';
      if (!shown.complete && !final) return 'waiting';
      // an undo in one request journals nothing of its own: the operation it puts back is undone once
      // the whole revert shows. Shown only in part at the end of the pending time, the operation stays,
      // and the next undo re-reads and puts back only the rest; except an undo that recreates, which
      // asked again would make copies of what did come back
      if (e.undoes !== undefined) {
        if (shown.complete || recreates(recognise)) await deps.journal.markUndone(e.undoes);
        return 'closed';
      }
      // journaled under the pending id, or the id the write chose for this part of it
      const recordId = (recognise.expect === 'fields' ? recognise.record_id : undefined) ?? e.operation_id;
      if (shown.record !== null && !(await deps.journal.has(recordId))) {
        await deps.journal.record({
          operation_id: recordId,
          plan_id: e.plan_id,
          applied_at: appliedAt(deps.clock.now()),
          ...shown.record,
        });
      }
      return 'closed';
    },
  };
}

/** How an entry settles: as its process kept it in memory, else from its recognise data, else not. */
function keptFor(deps: Deps, e: PendingEntry): Kept | undefined {
  const kept = deps.pending.later(e.operation_id);
  if (kept !== undefined || e.recognise === undefined) return kept;
  const later = { later: fromEntry(deps, e, e.recognise), idUsed: false, triedAt: Number.NEGATIVE_INFINITY };
  deps.pending.keep(e.operation_id, later);
  return later;
}

/** Settles one entry: 'closed' when its outcome is now known or its time is over, else 'waiting'. */
async function settleOne(deps: Deps, e: PendingEntry, force: boolean): Promise<'closed' | 'waiting'> {
  const final = deps.clock.now().getTime() - Date.parse(e.started_at) >= PENDING_MS;
  const kept = keptFor(deps, e);
  if (kept === undefined) return final ? 'closed' : 'waiting';
  const now = deps.clock.monotonicMs();
  if (!force && !final && now - kept.triedAt < RETRY_MS) return 'waiting';
  kept.triedAt = now;
  const run = { ...newRun(deps), pendingId: e.operation_id, pendingIdUsed: kept.idUsed };
  try {
    return await inWrite(run, () => kept.later.settle(final));
  } catch (error) {
    // the read failed (pacing, YNAB): it stays pending, and the next call tries again
    deps.log.info('journal', `Pending operation ${e.operation_id} not settled: ${String(error)}`);
    return final ? 'closed' : 'waiting';
  }
}

/**
 * Settles the pending writes of `plan` (of every plan for `last-used`, which names no plan here).
 * `force` reads even when the last read was moments ago (undo_operation of that very operation).
 * Returns the entries still pending, whose plans the call then reads from YNAB itself.
 */
export async function settlePending(deps: Deps, plan: string | null, force = false): Promise<PendingEntry[]> {
  let entries: PendingEntry[];
  try {
    entries = await deps.pending.list(plan ?? undefined);
  } catch {
    return []; // a damaged file refuses the next write, with its path; a read goes on
  }
  const left: PendingEntry[] = [];
  for (const e of entries) {
    if ((await settleOne(deps, e, force)) === 'closed') {
      deps.log.info('journal', `Pending operation ${e.operation_id} settled`);
      await closePending(deps, e.operation_id);
    } else left.push(e);
  }
  return left;
}

/** Refuses the undo of an operation still pending (after one more try to settle it). */
export async function refuseIfStillPending(deps: Deps, plan: string, id: string): Promise<void> {
  if (!(await deps.pending.list(plan)).some((e) => e.operation_id === id)) return;
  await settlePending(deps, plan, true);
  const still = (await deps.pending.list(plan)).find((e) => e.operation_id === id);
  if (still !== undefined) throw new AppError(stillPendingText(still));
}
