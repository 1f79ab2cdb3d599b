/**
 * A used 2026-07-28 answer stays used whatever the wall clock does. The requestState's codec reads its
 * expiry on the wall clock; the server bounds the same state on its monotonic clock too, and remembers a
 * used nonce for as long as either could still accept it. Each test answers once (YNAB is written
 * once), moves the clocks, and sends the same answer again: it is refused and nothing more is written.
 */
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { it } from '../helpers/fixture.js';
import { E_ANSWER_USED } from '../../src/safety/confirm.js';
import type { Harness } from '../helpers/harness.js';
import { rawModern } from '../helpers/writes.js';

const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 10,
};
const yes = { confirm: { action: 'accept', content: { value: true } } };
const result = (r: Record<string, unknown>) => r.result as Record<string, unknown>;
const START = new Date('2026-09-25T09:12:04.123Z').getTime();

/** The wall clock (Date, which the SDK's codec reads too) and a monotonic clock, both moved by the test. */
function clocks(): Clock & { wall(ms: number): void; monotonic(ms: number): void } {
  let monotonic = 0;
  vi.setSystemTime(START);
  return {
    today: () => '2026-09-25',
    monotonicMs: () => monotonic,
    now: () => new Date(),
    wall: (ms) => void vi.setSystemTime(Date.now() + ms),
    monotonic: (ms) => {
      monotonic += ms;
    },
  };
}

/** Previews the move, answers yes (applied), and returns the answer to send again. */
async function answeredOnce(h: Harness, journal: string, clock: Clock) {
  h.standIn.reset();
  const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal }, { clock });
  const state = String(result(await raw.call('move_money', MOVE)).requestState);
  const again = () => raw.call('move_money', MOVE, { inputResponses: yes, requestState: state });
  const first = result(await again());
  expect((first.structuredContent as { status: string }).status).toBe('applied');
  return { raw, again };
}

/** Moved once: Holidays 190, Restaurants 130 (a replay would have made them 180 / 140). */
function movedOnce(h: Harness): void {
  const month = h.standIn.state.budgets['2026-09-01'];
  expect([month?.['cat-holidays'], month?.['cat-restaurants']]).toEqual([190_000, 130_000]);
  expect(h.standIn.writes).toHaveLength(2);
}

const refusedAsUsed = (answer: Record<string, unknown>): void => {
  expect(result(answer).isError).toBe(true);
  expect((result(answer).content as { text: string }[])[0]?.text).toBe(E_ANSWER_USED);
};

const refusedAsExpired = (answer: Record<string, unknown>): void =>
  expect(answer.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });

describe('a used answer', () => {
  // Date only: the stand-in, the HTTP handler and vitest keep their real timers
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());

  it('is refused after the wall clock jumps forward past its expiry and back', async ({ h, journal }) => {
    const clock = clocks();
    const { raw, again } = await answeredOnce(h, journal, clock);
    try {
      clock.monotonic(1_000);
      clock.wall(700_000);
      refusedAsExpired(await again());
      // another preview meanwhile: the store sweeps what it no longer needs to remember
      expect(result(await raw.call('move_money', MOVE)).requestState).toEqual(expect.any(String));
      clock.monotonic(1_000);
      clock.wall(-690_000);
      refusedAsUsed(await again());
      movedOnce(h);
    } finally {
      await raw.close();
    }
  });

  it('is refused once its state is 600 s old on the monotonic clock, the wall clock set back', async ({
    h,
    journal,
  }) => {
    const clock = clocks();
    const { raw, again } = await answeredOnce(h, journal, clock);
    try {
      clock.monotonic(11 * 60_000);
      clock.wall(-60_000);
      expect(result(await raw.call('move_money', MOVE)).requestState).toEqual(expect.any(String));
      refusedAsExpired(await again());
      movedOnce(h);
    } finally {
      await raw.close();
    }
  });

  it('is refused while the wall clock stands still and the monotonic clock runs on', async ({
    h,
    journal,
  }) => {
    const clock = clocks();
    const { raw, again } = await answeredOnce(h, journal, clock);
    try {
      clock.monotonic(5 * 60_000);
      refusedAsUsed(await again());
      movedOnce(h);
    } finally {
      await raw.close();
    }
  });
});
