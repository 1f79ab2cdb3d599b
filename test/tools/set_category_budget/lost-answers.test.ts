/**
 * set_category_budget when YNAB's answer is lost, through a real client against the stand-in: the
 * read-back decides what is said, a write that may have landed is never re-sent, and what was done
 * is journaled so that undo_operation can put it back. The paths do not depend on the protocol era.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { MONTH_PATH, RESTAURANTS, lines, out } from '../../helpers/move.js';
import { heldBack, pendingEntries as pending, whileHeld } from '../../helpers/pending.js';

const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
const restaurants = (h: Harness) => h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'];
const sent = (h: Harness) =>
  h.standIn.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

/** Once the write to `path` arrived (its answer held back by a delay), fails the read-back that follows. */

describe('set_category_budget, a lost answer', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('read back in place: applied and journaled', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true });
    const r = out(await call(s, 'set_category_budget', BUDGET));
    expect(r.status).toBe('applied');
    expect(r.message).toContain("YNAB's answer was lost, but a read-back shows the change in place.");
    expect(sent(h)).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(restaurants(h)).toBe(150_000);
    expect(lines(journal)).toEqual([
      expect.objectContaining({ kind: 'budget', operation_id: r.operation_id }),
    ]);
  });

  it('no read shows it: unknown, pending, never re-sent, nothing journaled; asked again, refused', async ({
    h,
    journal,
  }) => {
    const asked = answering(ACCEPT);
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: asked.handler });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true });
    const result = await call(s, 'set_category_budget', BUDGET);
    const r = out(result);
    expect(result.isError).toBe(true);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(
      /^Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show /,
    );
    expect(r.message).not.toContain('safe to ask again');
    expect(r.operation_id).toBeNull();
    expect(sent(h)).toEqual([`PATCH ${RESTAURANTS}`]);
    // read at 0, 10, 20 and 40 ms: more than one read, and still one write
    expect(
      h.standIn.requests.filter((q) => q.method === 'GET' && q.path === MONTH_PATH).length,
    ).toBeGreaterThan(1);
    expect(restaurants(h)).toBe(120_000);
    expect(lines(journal)).toEqual([]);
    const entries = pending(journal);
    expect(entries).toEqual([
      expect.objectContaining({ plan_id: 'demo-budget', tool: 'set_category_budget' }),
    ]);
    expect(r.message).toContain(`avenir-mcp keeps it as pending operation ${entries[0]?.operation_id}: `);

    // the same category and month again: refused before anything is asked or sent
    const questions = asked.questions.length;
    const again = await call(s, 'set_category_budget', { ...BUDGET, amount: 170 });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(
      new RegExp(
        `^A change to the same thing is still pending: operation ${entries[0]?.operation_id} \\(set_category_budget, `,
      ),
    );
    expect(asked.questions).toHaveLength(questions);
    expect(sent(h)).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(restaurants(h)).toBe(120_000);
    expect(pending(journal)).toEqual(entries);
  });

  it('the read-back fails: unknown, not re-sent', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const held = heldBack();
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true, hold: held.hold });
    const done = call(s, 'set_category_budget', BUDGET);
    // once the write arrived, its read-back fails (the same rule would meet the reads before it)
    await whileHeld(h.standIn, { method: 'PATCH', path: RESTAURANTS }, held, () =>
      h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500 }),
    );
    const result = await done;
    const r = out(result);
    expect(result.isError).toBe(true);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(/^Do not repeat this change yet/);
    expect(r.message).toContain('YNAB 500');
    expect(sent(h)).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(restaurants(h)).toBe(150_000);
    expect(pending(journal)).toEqual([expect.objectContaining({ tool: 'set_category_budget' })]);
  });
});
