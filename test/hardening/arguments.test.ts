/**
 * Arguments the schemas let through before: a month of forecast_balance without its leading zero, and a
 * top-level `__proto__` member (turned into a prototype by the SDK's copy, so no strict schema saw it).
 */
import { describe, expect } from 'vitest';
import { allTools } from '../../src/tools/index.js';
import { it } from '../helpers/fixture.js';
import { call, connect, ERAS, textOf } from '../helpers/harness.js';

describe.each(ERAS)('%s era', (era) => {
  it.for(['2026-9', '2026-009', '02026-10', '2026-10-01'])(
    'forecast_balance until %s is refused',
    async (until, { h }) => {
      const s = await connect(h, era);
      const r = await call(s, 'forecast_balance', { plan_id: 'demo-budget', until });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(`until must be a month as YYYY-MM, got '${until}'.`);
    },
  );

  it('refuses a top-level __proto__ member on every tool, sending nothing to YNAB', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    for (const tool of allTools) {
      const args = JSON.parse('{"plan_id":"demo-budget","__proto__":{"limit":1}}') as Record<string, unknown>;
      const r = await call(s, tool.name, args);
      expect(r.isError, tool.name).toBe(true);
      expect(textOf(r)).toBe(
        `Input validation error: Invalid arguments for tool ${tool.name}: Unrecognized key: "__proto__"`,
      );
    }
    expect(h.standIn.requests).toHaveLength(0);
    // the same call without it is served
    expect((await call(s, 'list_payees', { plan_id: 'demo-budget' })).isError).toBeFalsy();
  });
});
