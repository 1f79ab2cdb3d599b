/**
 * What the tables of undos YNAB answers late share: a session whose YNAB answers time out quickly and
 * whose clock the test moves, the operation made by its write tool, and what the stand-in and the
 * journal show afterwards (the undone marks, the writes sent, each exactly once).
 */
import { expect } from 'vitest';
import { call, connect, type Harness, type Session } from './harness.js';
import { lines, out } from './move.js';
import { movableClock } from './pending.js';
import type { UndoCase } from './undo-cases.js';
import { lateOptions } from './late-session.js';

/**
 * A session on a fresh stand-in that stops waiting for an answer the stand-in holds (the tests let it
 * apply a late undo after that: heldBack), with a clock the test moves.
 */
export async function lateSession(h: Harness, journal: string) {
  h.standIn.reset();
  const clock = movableClock();
  const s = await connect(h, 'modern', lateOptions(h, journal, clock));
  return { s, clock };
}

/** Makes the row's operation (applied), and returns its id and what the stand-in held before it. */
export async function operate(h: Harness, s: Session, c: UndoCase) {
  const args = c.prepare === undefined ? c.args : await c.prepare(h, s);
  const before = c.held(h.standIn.state);
  const done = out(await call(s, c.tool, { plan_id: 'demo-budget', ...args }));
  expect(done.status).toBe('applied');
  expect(c.held(h.standIn.state)).not.toEqual(before);
  h.standIn.clearRequests();
  return { before, op: String(done.operation_id) };
}

/**
 * A late session with the row's operation made: the session, its clock, the operation's id, the
 * arguments that undo it, and what the stand-in held before it.
 */
export async function operated(h: Harness, journal: string, c: UndoCase) {
  const { s, clock } = await lateSession(h, journal);
  const { before, op } = await operate(h, s, c);
  return { s, clock, before, op, undo: { plan_id: 'demo-budget', operation_id: op } };
}

/** An undo whose answer is lost: unknown, a tool error, never not_applied nor an invitation to retry. */
export function expectUnknown(
  result: { isError?: unknown; structuredContent?: unknown },
  opening = '',
): void {
  const r = out(result);
  expect(r.status).not.toBe('not_applied');
  expect(r.status).toBe('unknown');
  expect(result.isError).toBe(true);
  expect(r.message.startsWith(`Do not repeat this change yet: ${opening}`)).toBe(true);
  expect(r.message).not.toContain('safe to ask again');
}

/** The ids the journal marks undone, in order (an id twice would be undone twice). */
export const undoneIn = (journal: string): unknown[] =>
  lines(journal).flatMap((l) => (l.undone === undefined ? [] : [l.undone]));

/** The writes the stand-in received, each as `METHOD path`. */
export const writesOf = (h: Harness): string[] =>
  h.standIn.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

/** No write was sent twice: a write that may have landed is never sent again. */
export function eachSentOnce(h: Harness): void {
  const w = writesOf(h);
  expect(w).toEqual([...new Set(w)]);
}

/** Waits (at most 4 s) until `done` holds. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}
