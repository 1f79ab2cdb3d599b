/**
 * Answers that cannot be read: a write whose answer is cut off halfway may have landed, so it is
 * never sent again, and the agent is told to check before repeating it; a read is simply retried.
 * And a journal entry whose amounts cannot be read is refused by undo, writing nothing.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf } from '../helpers/harness.js';

const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
const MONTH_CATEGORY = '/plans/demo-budget/months/2026-09-01/categories/cat-restaurants';

describe('a lost answer', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('to a write is never re-sent, and the message says the change may have landed', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const preview = await call(s, 'set_category_budget', BUDGET);
    const code = (preview.structuredContent as { confirmation: string }).confirmation;
    h.standIn.fault({ method: 'PATCH', path: MONTH_CATEGORY, truncate: true, apply: true });
    const result = await call(s, 'set_category_budget', { ...BUDGET, confirmation: code });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { status: string; message: string; operation_id: null };
    // the one read-back finds the change in place: applied, and journaled so undo works on it
    expect(out.status).toBe('applied');
    expect(out.message).toContain("YNAB's answer was lost, but a read-back shows the change in place.");
    expect(out.operation_id).toMatch(/^[0-9a-f]{12}$/);
    expect(readFileSync(journal, 'utf8')).toContain(
      `"operation_id":"${String(out.operation_id)}","plan_id":"demo-budget","kind":"budget"`,
    );
    const patches = h.standIn.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(h.standIn.state.budgets['2026-09-01']?.['cat-restaurants']).toBe(150_000);
  });

  it('to a read is retried, and the tool answers', async ({ h }) => {
    const s = await connect(h, 'legacy');
    h.standIn.fault({ method: 'GET', path: '/plans/demo-budget/accounts', truncate: true });
    const result = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(result.isError).toBeFalsy();
    expect(h.standIn.requests.filter((r) => r.path === '/plans/demo-budget/accounts')).toHaveLength(2);
  });
});

describe('an unreadable move in the journal', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('is refused by undo_operation, which writes nothing and leaves the entry in place', async ({
    h,
    journal,
  }) => {
    mkdirSync(dirname(journal), { recursive: true });
    const details = {
      month: '2026-09-01',
      changes: [{ category_id: 'cat-holidays', from: 200_000, to: 190_000 }],
    };
    appendFileSync(
      journal,
      `${JSON.stringify({ operation_id: 'abcdefabcdef', plan_id: 'demo-budget', kind: 'move', applied_at: '2026-09-25T09:00:00+00:00', moves: [], details })}\n`,
    );
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const text =
      'Operation abcdefabcdef of the journal lacks the amounts its undo needs: nothing was changed. Set the amounts back in YNAB.';
    for (let i = 0; i < 2; i++) {
      const result = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(text);
    }
    expect(h.standIn.writes).toEqual([]);
    expect(h.standIn.requests).toEqual([]);
  });
});
