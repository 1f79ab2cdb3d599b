/** Journals an applied operation (core.md §4.1–4.2) and returns its new operation id. */
import type { Deps } from '../../deps.js';
import { appliedAt, newOperationId, type Move } from '../../safety/journal.js';

export async function recordOperation(
  deps: Deps,
  plan: string,
  kind: string,
  details: Record<string, unknown>,
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
