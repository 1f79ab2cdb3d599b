/**
 * delete_transactions when one of several deletes fails or its answer is lost, through a real client
 * against the stand-in: the deletes after a failed one are not sent, a delete that may have landed is
 * never re-sent, and what was deleted is journaled so that undo_operation can put it back.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { lines, out } from '../../helpers/move.js';
import { pendingEntries as pending } from '../../helpers/pending.js';

const TX = '/plans/demo-budget/transactions';
const live = (h: Harness, id: string) => h.standIn.state.transactions.some((t) => t.id === id && !t.deleted);
const sent = (h: Harness) =>
  h.standIn.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);

describe('delete_transactions, one of several failing', () => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const ARGS = { plan_id: 'demo-budget', transaction_ids: ['tx-050', 'tx-051', 'tx-052'] };

  it('the second lost and not shown: unknown and pending, the first journaled, the third not sent', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-051`, drop: true });
    const result = await call(s, 'delete_transactions', ARGS);
    const r = out(result);
    expect(sent(h)).toEqual([`DELETE ${TX}/tx-050`, `DELETE ${TX}/tx-051`]);
    // tx-051 may still be deleted late: not "partial", which would say it was not
    expect(result.isError).toBe(true);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(
      /^Do not repeat this change yet: Deleted 1 of 3 \(tx-050\)\. The delete of tx-051: /,
    );
    expect(r.message).toContain("YNAB's answer was lost, and reads over 1 s do not show ");
    expect(r.message).not.toContain('safe to ask again');
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
    // the pending operation is the one that journaled tx-050: undo_operation settles tx-051 first
    expect(pending(journal)).toEqual([
      expect.objectContaining({ tool: 'delete_transactions', operation_id: r.operation_id }),
    ]);
  });

  it('the first lost and not shown: unknown and pending, nothing journaled, the others not sent', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-050`, drop: true });
    const result = await call(s, 'delete_transactions', ARGS);
    const r = out(result);
    expect(result.isError).toBe(true);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(
      /^Do not repeat this change yet: Deleted 0 of 3\. The delete of tx-050: .* The other 2 were not sent\. avenir-mcp keeps it as pending operation \w+: /,
    );
    expect(r.message).not.toContain('safe to ask again');
    expect(r.operation_id).toBeNull();
    expect(sent(h)).toEqual([`DELETE ${TX}/tx-050`]);
    expect([live(h, 'tx-050'), live(h, 'tx-051'), live(h, 'tx-052')]).toEqual([true, true, true]);
    expect(lines(journal)).toEqual([]);
    expect(pending(journal)).toEqual([expect.objectContaining({ tool: 'delete_transactions' })]);
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
