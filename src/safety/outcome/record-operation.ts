/**
 * Journals an applied operation and returns its new operation id. The details are typed by the
 * operation's kind, with the same schema undo reads them with. The change is already in YNAB: when
 * the journal cannot take it, the confirmed write still ends `applied`, with a warning that it cannot
 * be undone (apply.ts, beside this file, replaces the id and the message), never with an error
 * inviting a second write.
 */
import type { Deps } from '../../deps.js';
import { appliedAt, newOperationId, type Move } from '../journal.js';
import type { Kind, KindDetails } from '../journal-kinds.js';
import { noteJournalFailure } from './apply.js';
import { currentRun } from './run.js';

export async function recordOperation<K extends Kind>(
  deps: Deps,
  plan: string,
  kind: K,
  details: KindDetails<K>,
  moves: Move[] = [],
  /**
   * The id to journal it under, when the write chose one before (a part of a write recognised by any
   * process, which journals it under the same id): journaled once, whichever process comes first.
   */
  chosenId?: string,
): Promise<string> {
  if (chosenId !== undefined && (await deps.journal.has(chosenId))) return chosenId;
  const run = currentRun();
  if (run?.journals != null && !run.journals.includes(kind)) {
    throw new Error(
      `A write journaled a ${kind} entry it did not declare (it declared ${run.journals.join(', ') || 'none'}).`,
    );
  }
  // the first operation a write journals is the one its pending entry announced
  let id = chosenId ?? newOperationId();
  if (chosenId === undefined && run?.pendingId != null && !run.pendingIdUsed) {
    run.pendingIdUsed = true;
    id = run.pendingId;
  }
  try {
    await deps.journal.record({
      operation_id: id,
      plan_id: plan,
      kind,
      applied_at: appliedAt(deps.clock.now()),
      moves,
      details,
    });
  } catch (error) {
    if (!noteJournalFailure(error instanceof Error ? error.message : String(error))) throw error;
  }
  return id;
}
