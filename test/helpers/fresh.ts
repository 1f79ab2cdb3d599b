/**
 * Shared by the request-count tests of the freshness window and the month cache: a clock that moves
 * only when told (the window is measured on it), a session on it, and changes made the way another
 * YNAB app would make them (straight to the stand-in, not through the server).
 */
import { expect } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { connect, type Harness } from './harness.js';

export const PLAN = 'demo-budget';

/** A clock whose monotonic time stands still until moved forward: no test depends on its speed. */
export function standingClock(): Clock & { forward(ms: number): void } {
  let offset = 0;
  return {
    today: () => '2026-09-25',
    monotonicMs: () => 1_000 + offset,
    now: () => new Date(Date.parse('2026-09-25T12:00:00Z') + offset),
    forward: (ms) => {
      offset += ms;
    },
  };
}

/** A session on a standing clock, with the given settings on top of the harness's. */
export async function onClock(h: Harness, env: Record<string, string> = {}, journal?: string) {
  const clock = standingClock();
  const s = await connect(h, 'modern', {
    env: { ...env, ...(journal === undefined ? {} : { AVENIR_MCP_JOURNAL: journal }) },
    overrides: { clock },
  });
  return { s, clock };
}

/** A change sent to the stand-in directly, as another YNAB app would make it (not recorded). */
export async function otherApp(h: Harness, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${h.standIn.url}/plans/${PLAN}${path}`, {
    method,
    headers: { Authorization: 'Bearer other-app', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
}

/** The requests the stand-in recorded, as `METHOD /path?last_knowledge_of_server` (plan prefix cut). */
export const sentLines = (h: Harness): string[] =>
  h.standIn.requests.map((r) => {
    const path = r.path.replace(`/plans/${PLAN}`, '');
    const k = r.query.last_knowledge_of_server;
    return `${r.method} ${path}${k === undefined ? '' : ` @${k}`}`;
  });
