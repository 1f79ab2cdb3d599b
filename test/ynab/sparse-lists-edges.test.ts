/**
 * More YNAB answers that leave their list out (a 2xx whose `data` is empty), through a real client: a
 * plan's money movements and their groups read as none, so the answer reports months without
 * movements instead of failing, and says so in its message.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, requestLines } from '../helpers/harness.js';

const EMPTY = '{"data":{}}';
const PLAN = '/plans/demo-budget';

describe('sparse list answers', () => {
  it('money movements and groups without their lists: months without movements', async ({ h }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern');
    h.standIn.clearRequests();
    h.standIn.fault({ method: 'GET', path: `${PLAN}/money_movements`, status: 200, body: EMPTY });
    h.standIn.fault({ method: 'GET', path: `${PLAN}/money_movement_groups`, status: 200, body: EMPTY });
    const r = await call(s, 'get_money_movements', { plan_id: 'demo-budget', since: '2026-08-01' });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as {
      message: string;
      months: { month: string; movements: number; assigned: number }[];
      most_topped_up: unknown[];
      top_ups: unknown[];
    };
    expect(out.months.map((m) => [m.month, m.movements, m.assigned])).toEqual([
      ['2026-08', 0, 0],
      ['2026-09', 0, 0],
    ]);
    expect(out.most_topped_up).toEqual([]);
    expect(out.top_ups).toEqual([]);
    expect(requestLines(h.standIn)).toEqual([
      `GET ${PLAN}/categories`,
      `GET ${PLAN}/money_movements`,
      `GET ${PLAN}/money_movement_groups`,
    ]);
    expect(out.message).toBe('No category needed topping up over 2 months: every budget held.');
  });
});
