/**
 * Journals an applied operation and returns its new operation id. The details are typed by the
 * operation's kind, with the same schema undo reads them with.
 */
import type { Deps } from '../../deps.js';
import { appliedAt, newOperationId, type Move } from '../../safety/journal.js';
import type { Kind, KindDetails } from '../../safety/journal-kinds.js';

export async function recordOperation<K extends Kind>(
  deps: Deps,
  plan: string,
  kind: K,
  details: KindDetails<K>,
  moves: Move[] = [],
): Promise<string> {
  const id = newOperationId();
  await deps.journal.record({
    operation_id: id,
    plan_id: plan,
    kind,
    applied_at: appliedAt(deps.clock.now()),
    moves,
    details,
  });
  return id;
}
