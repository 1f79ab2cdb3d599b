/**
 * set_category_budget and delete_transactions when YNAB's answer is lost or a later write is refused,
 * through a real client against the stand-in: the read-back decides what is said, a write that may
 * have landed is never re-sent, the writes after a failed one are not sent, and what was done is
 * journaled so that undo_operation can put it back. The paths do not depend on the protocol era.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';
import { MONTH_PATH, RESTAURANTS, lines, out } from '../helpers/move.js';

const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
const restaurants = (h: Harness) => h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'];
const TX = '/plans/demo-budget/transactions';
const live = (h: Harness, id: string) => h.standIn.state.transactions.some((t) => t.id === id && !t.deleted);
const sent = (h: Harness) =>
  h.standIn.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

/** Once the write to `path` arrived (its answer held back by a delay), fails the read-back that follows. */
async function failReadBackAfter(h: Harness, path: string): Promise<void> {
  while (!h.standIn.requests.some((q) => q.method !== 'GET' && q.path === path))
    await new Promise((resolve) => setTimeout(resolve, 5));
  h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500 });
}

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

  it('read back unchanged: not applied, safe to ask again, nothing journaled', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true });
    const r = out(await call(s, 'set_category_budget', BUDGET));
    expect(r.status).toBe('not_applied');
    expect(r.message).toContain(
      "YNAB's answer was lost, and a read-back shows the amount still at 120.00: nothing changed. It is safe to ask again.",
    );
    expect(r.operation_id).toBeNull();
    expect(restaurants(h)).toBe(120_000);
    expect(lines(journal)).toEqual([]);
  });

  it('the read-back fails: unknown, not re-sent', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true, delayMs: 1_500 });
    const done = call(s, 'set_category_budget', BUDGET);
    await failReadBackAfter(h, RESTAURANTS);
    const r = out(await done);
    expect(r.status).toBe('unknown');
    expect(r.message).toContain('YNAB 500');
    expect(sent(h)).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(restaurants(h)).toBe(150_000);
  });
});

describe('delete_transactions, one of several failing', () => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const ARGS = { plan_id: 'demo-budget', transaction_ids: ['tx-050', 'tx-051', 'tx-052'] };

  it('the second lost and not landed: partial, the first journaled, the third not sent', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-051`, drop: true });
    const r = out(await call(s, 'delete_transactions', ARGS));
    expect(sent(h)).toEqual([`DELETE ${TX}/tx-050`, `DELETE ${TX}/tx-051`]);
    expect(r.status).toBe('partial');
    expect(r.message).toMatch(/^Deleted 1 of 3 \(tx-050\)\. The delete of tx-051: /);
    expect(r.message).toContain(
      `The other 1 was not sent. undo_operation with operation_id ${String(r.operation_id)} recreates those deleted.`,
    );
    expect([live(h, 'tx-050'), live(h, 'tx-051'), live(h, 'tx-052')]).toEqual([false, true, true]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        kind: 'delete',
        operation_id: r.operation_id,
        details: { transactions: [expect.objectContaining({ transaction_id: 'tx-050' })] },
      }),
    ]);
  });

  it('the first lost and not landed: not applied, nothing journaled, the others not sent', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-050`, drop: true });
    const r = out(await call(s, 'delete_transactions', ARGS));
    expect(r.status).toBe('not_applied');
    expect(r.message).toMatch(/^Deleted 0 of 3\. The delete of tx-050: .* The other 2 were not sent\.$/);
    expect(r.operation_id).toBeNull();
    expect(sent(h)).toEqual([`DELETE ${TX}/tx-050`]);
    expect(lines(journal)).toEqual([]);
  });

  it('the second refused: an error naming what was deleted, the first journaled', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-051`, status: 500 });
    const r = await call(s, 'delete_transactions', ARGS);
    expect(r.isError).toBe(true);
    const [entry] = lines(journal) as { operation_id: string }[];
    expect(textOf(r)).toMatch(/Deleted 1 of 3 \(tx-050\), then the delete of tx-051 failed: YNAB 500: /);
    expect(textOf(r)).toContain(
      `undo_operation with operation_id ${String(entry?.operation_id)} recreates those deleted.`,
    );
    expect(sent(h)).toEqual([`DELETE ${TX}/tx-050`, `DELETE ${TX}/tx-051`]);
    expect([live(h, 'tx-050'), live(h, 'tx-051'), live(h, 'tx-052')]).toEqual([false, true, true]);
  });

  it('the last one lost but landed: all deleted, the loss noted, journaled whole', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-052`, drop: true, apply: true });
    const r = out(await call(s, 'delete_transactions', ARGS));
    expect(r.status).toBe('applied');
    expect(r.message).toContain('The delete of tx-052: ');
    expect(sent(h)).toEqual([`DELETE ${TX}/tx-050`, `DELETE ${TX}/tx-051`, `DELETE ${TX}/tx-052`]);
    expect([live(h, 'tx-050'), live(h, 'tx-051'), live(h, 'tx-052')]).toEqual([false, false, false]);
    const [entry] = lines(journal) as { details: { transactions: { transaction_id: string }[] } }[];
    expect(entry?.details.transactions.map((t) => t.transaction_id)).toEqual(['tx-050', 'tx-051', 'tx-052']);
    h.standIn.clearRequests();
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' })).status).toBe('applied');
    const [post] = h.standIn.writes;
    expect(post).toMatchObject({ method: 'POST', path: TX });
    expect((post?.body as { transactions: { date: string }[] }).transactions).toHaveLength(3);
  });
});
