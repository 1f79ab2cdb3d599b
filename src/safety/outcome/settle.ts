/**
 * Settling a write whose answer was lost. A timeout, a connection cut after the request left, or a
 * 2xx answer that cannot be read says nothing about the write: YNAB may have applied it, may apply
 * it seconds later (its answer was only slow), or may never have received it. One read right away
 * cannot tell "not applied" from "not applied yet", so the read is repeated over a bounded window,
 * and only a read that shows the change settles it early. A write that no read shows is still
 * unknown at the end of the window — never "not applied" — and is left pending in the store.
 */
import { reasonOf } from '../../domain/write-outcome.js';
import { currentRun } from './run.js';

const MS_PER_SECOND = 1000;

/** What settling found: the last read and whether it showed the change, or why no read could be made. */
export type Settled<T> = { value: T; shown: boolean } | { why: string };

/**
 * The moments (ms after the loss) of the reads: at once, then a quarter, a half and the whole window.
 * A zero window reads once.
 */
export function readMoments(windowMs: number): number[] {
  if (windowMs <= 0) return [0];
  return [0, Math.round(windowMs / 4), Math.round(windowMs / 2), windowMs];
}

/** The whole seconds a window lasts, as texts give it (never "0 s"). */
export const windowSeconds = (windowMs: number): number => Math.max(1, Math.round(windowMs / MS_PER_SECOND));

/** The settling window of the running write, in whole seconds. */
export const settleSeconds = (): number => windowSeconds(currentRun()?.bounds.windowMs ?? 0);

/**
 * Reads until `shows` says the change is in place, or the window ends. Each read goes through the
 * pacer like any request: when the pacer or a 429 pause forbids one, or it fails, settling stops
 * with the reason (a write is never judged from a read that did not happen).
 */
export async function settleRead<T>(
  read: () => Promise<T>,
  shows: (value: T) => boolean,
): Promise<Settled<T>> {
  const bounds = currentRun()?.bounds;
  const moments = readMoments(bounds?.windowMs ?? 0);
  let last: { value: T } | null = null;
  let at = 0;
  for (const [i, moment] of moments.entries()) {
    if (i > 0 && bounds !== undefined) {
      bounds.progress?.(
        `YNAB's answer was lost: reading again to see whether the change landed (${i}/${moments.length - 1}).`,
      );
      await bounds.sleep(moment - at);
      at = moment;
    }
    try {
      last = { value: await read() };
    } catch (error) {
      return { why: `avenir-mcp could not check what YNAB holds: ${reasonOf(error)}` };
    }
    if (shows(last.value)) return { value: last.value, shown: true };
  }
  // the loop always reads at least once
  return { value: (last as { value: T }).value, shown: false };
}
