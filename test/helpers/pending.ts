/**
 * What the tests of lost answers look at besides the stand-in: the pending operations file beside a
 * journal, the journal's entries, the pending id an unknown outcome names, and a clock they move
 * forward (the pending time and the spacing of settling reads).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { StandIn } from '../../src/demo/index.js';
import { pendingPath } from '../../src/safety/pending.js';

export interface PendingLine {
  operation_id: string;
  plan_id: string;
  tool: string;
  subject: string[];
  /** What recognises the write in YNAB, when its tool gives it. */
  recognise?: unknown;
}

/** The entries of the pending operations file beside the journal (none when it does not exist). */
export const pendingEntries = (journal: string): PendingLine[] =>
  existsSync(pendingPath(journal))
    ? (JSON.parse(readFileSync(pendingPath(journal), 'utf8')) as { entries: PendingLine[] }).entries
    : [];

/** A clock a test moves forward: both its wall time and its monotonic time. */
export function movableClock(): Clock & { forward(ms: number): void } {
  let offset = 0;
  return {
    today: () => '2026-09-25',
    monotonicMs: () => performance.now() + offset,
    now: () => new Date(Date.now() + offset),
    forward: (ms) => {
      offset += ms;
    },
  };
}

/** A journal line as these tests read it. */
export interface JournalLine {
  operation_id: string;
  kind: string;
  details: unknown;
}

/** The journal's lines (none when it does not exist). */
export const journalEntries = (path: string): JournalLine[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as JournalLine)
    : [];

/** The pending operation an unknown outcome's message names. */
export const pendingIdIn = (message: string): string =>
  /pending operation ([0-9a-f]{12})/.exec(message)?.[1] ?? '';

/** Waits (up to 4 s) until `done` holds: the stand-in applying a late write. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

/**
 * Once the stand-in has received the request `method path` that `held` holds (its fault's `hold`),
 * runs `then` (a change made in YNAB meanwhile, the fault of what the call does next), then lets the
 * stand-in answer it.
 */
export async function whileHeld(
  standIn: StandIn,
  request: { method: string; path: string },
  held: { land: () => void },
  then: () => void,
): Promise<void> {
  await until(() => standIn.requests.some((q) => q.method === request.method && q.path === request.path));
  then();
  held.land();
}

/** A hold that never ends: YNAB never answers, and the server's wait for it ends (expireOnHold). */
export const NEVER: Promise<never> = new Promise(() => undefined);

/**
 * A write YNAB applies after the server has stopped waiting, at the moment the test chooses: the
 * stand-in holds the request (past the server's request timeout) until `land()`, then applies it.
 * Tests that check what happens meanwhile need not wait a fixed time that must outlast the
 * server's timeout and read-backs on any machine.
 */
export function heldBack(): { hold: Promise<void>; land: () => void } {
  let land = (): void => undefined;
  const hold = new Promise<void>((resolve) => {
    land = resolve;
  });
  return { hold, land };
}
