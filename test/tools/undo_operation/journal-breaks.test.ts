/**
 * How a confirmed write ends when both YNAB and the journal fail it, through a real client against
 * the stand-in: an undo that stops halfway while the journal breaks says both, keeping the first
 * journal failure, and names no operation id.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, out } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';

type Out = Record<string, unknown> & { status: string; message: string };
const MONTH_PATH = '/plans/demo-budget/months/2026-09-01';
const HOLIDAYS = `${MONTH_PATH}/categories/cat-holidays`;
const RESTAURANTS = `${MONTH_PATH}/categories/cat-restaurants`;

describe.each(ERAS)('outcomes, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('an undo that stops halfway while the journal breaks says both, and claims no operation id', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, era, {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const move = {
      plan_id: 'demo-budget',
      month: '2026-09-01',
      from_category_id: 'cat-holidays',
      to_category_id: 'cat-restaurants',
      amount: 10,
    };
    expect(out<Out>(await call(s, 'move_money', move)).status).toBe('applied');
    // The undo's first write lands slowly; meanwhile the journal turns into a folder. Its second write fails.
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, delayMs: 300 });
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, status: 500 });
    h.standIn.clearRequests();
    const pending = call(s, 'undo_operation', { plan_id: 'demo-budget' });
    while (!h.standIn.requests.some((q) => q.method === 'PATCH')) await new Promise((r) => setTimeout(r, 5));
    rmSync(journal, { force: true });
    mkdirSync(journal, { recursive: true });
    const r = out<Out>(await pending);
    expect(r.status).toBe('partial');
    expect(r.operation_id).toBeNull();
    expect(r.message).toMatch(
      /^Undo done halfway: Restaurants is back to 120\.00; setting Holidays back to 200\.00 failed \(YNAB 500: internal error\)\..* YNAB holds the change, but it could not be recorded in the journal \(the journal .+ could not be written: it is a folder\): undo_operation cannot undo it\./,
    );
    const budgets = h.standIn.state.budgets['2026-09-01'];
    expect([budgets?.['cat-holidays'], budgets?.['cat-restaurants']]).toEqual([190_000, 120_000]);
  });
});
