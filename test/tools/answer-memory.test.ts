/**
 * A used 2026-07-28 answer is remembered on the clock its sealed requestState expires on (the wall
 * clock): when the monotonic clock runs past the memory's old 600 s while the state is still valid
 * (a wall-clock step back does exactly that), the same answer is refused and YNAB is written once.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { E_ANSWER_USED } from '../../src/safety/confirm.js';
import { fakeClock, rawModern } from '../helpers/writes.js';

const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 10,
};
const yes = { confirm: { action: 'accept', content: { value: true } } };
const result = (r: Record<string, unknown>) => r.result as Record<string, unknown>;

describe('a used answer', () => {
  it('is refused again after 11 minutes on the monotonic clock while its state is valid', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const clock = fakeClock();
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal }, { clock });
    try {
      const state = String(result(await raw.call('move_money', MOVE)).requestState);
      const first = result(await raw.call('move_money', MOVE, { inputResponses: yes, requestState: state }));
      expect((first.structuredContent as { status: string }).status).toBe('applied');
      clock.advance(11 * 60_000);
      const again = result(await raw.call('move_money', MOVE, { inputResponses: yes, requestState: state }));
      expect(again.isError).toBe(true);
      expect((again.content as { text: string }[])[0]?.text).toBe(E_ANSWER_USED);
      // moved once: Holidays 190, Restaurants 130 (a replay would have made them 180 / 140)
      const month = h.standIn.state.budgets['2026-09-01'];
      expect([month?.['cat-holidays'], month?.['cat-restaurants']]).toEqual([190_000, 130_000]);
      expect(h.standIn.writes).toHaveLength(2);
    } finally {
      await raw.close();
    }
  });
});
