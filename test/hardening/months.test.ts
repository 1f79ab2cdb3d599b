/**
 * The server never sends YNAB's `current`: it resolves the month from the user's date, so that a read and
 * a write of the same conversation address the same month even where YNAB's UTC date has moved on.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, ERAS, requestLines } from '../helpers/harness.js';

describe.each(ERAS)('%s era', (era) => {
  it("resolves 'current' from the user's date, not YNAB's", async ({ h }) => {
    h.standIn.reset();
    h.standIn.setToday('2026-10-01'); // already October in UTC
    try {
      const s = await connect(h, era, { env: { AVENIR_MCP_TODAY: '2026-09-30' } });
      const reads = [
        'get_category_balances',
        'get_monthly_summary',
        'get_budget_vs_actual',
        'get_underfunded_targets',
      ];
      for (const tool of reads) {
        const r = await call(s, tool, { plan_id: 'demo-budget', month: 'current' });
        expect(r.isError, tool).toBeFalsy();
      }
      const preview = await call(s, 'set_category_budget', {
        plan_id: 'demo-budget',
        month: 'current',
        category_id: 'cat-restaurants',
        amount: 150,
      });
      expect((preview.structuredContent as { month: string }).month).toBe('2026-09-01');
      const lines = requestLines(h.standIn);
      expect(lines.filter((l) => l.includes('/months/current'))).toEqual([]);
      // the month read once and kept for the other month tools, then by the preview (a write reads
      // YNAB itself)
      expect(lines.filter((l) => l.includes('/months/'))).toHaveLength(2);
      expect(lines.filter((l) => l.includes('/months/')).every((l) => l.includes('/months/2026-09-01'))).toBe(
        true,
      );
    } finally {
      h.standIn.reset();
    }
  });
});
