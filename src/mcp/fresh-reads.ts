/**
 * When a call reads YNAB anew rather than within the freshness window (src/ynab/freshness.ts): a write
 * tool always (what it plans and shows for a yes, what it verifies, is what YNAB holds now), the
 * settling of pending writes, and a read asked with `fresh: true`, the way the guide tells a model to
 * see a change made in YNAB a moment ago.
 */
import type { Deps } from '../deps.js';
import { LAST_USED } from '../ynab/api.js';
import { readingAnew } from '../ynab/freshness.js';

/** Ends the freshness window of the plan a call names (every plan's for `last-used`). */
export function endWindow(deps: Deps, plan: unknown): void {
  if (typeof plan === 'string') deps.ynab.cache.expire(plan === LAST_USED ? undefined : plan);
}

/** Runs a call: a write's with every read reaching YNAB; a read asked `fresh` after ending the window. */
export function withFreshness<T>(
  deps: Deps,
  kind: 'read' | 'write',
  input: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  if (kind === 'write') return readingAnew(run);
  if (input.fresh === true) endWindow(deps, input.plan_id);
  return run();
}

export { readingAnew };
