/**
 * reconcile_account with adjust=true ends in a true state: when the reconcile PATCH fails after the
 * adjustment was created, the adjustment is journaled (undo deletes it) and the answer says it
 * exists; a lost PATCH answer is read back over the settling window, and when no read shows it the
 * outcome is unknown and pending (YNAB may still apply it late). Also: a YNAB error body is one
 * short line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, textOf, out } from '../../helpers/harness.js';
import { pendingEntries as pending } from '../../helpers/pending.js';

const ARGS = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 612.345, adjust: true };
const TRANSACTIONS = '/plans/demo-budget/transactions';
type Out = { status: string; message: string; operation_id: string | null; confirmation: string };
const lines = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

describe.each(ERAS)('reconcile_account with an adjustment, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  const confirmWith = async (
    h: Parameters<typeof connect>[0],
    journal: string,
    fault: Parameters<Parameters<typeof connect>[0]['standIn']['fault']>[0],
  ) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const code = out<Out>(await call(s, 'reconcile_account', ARGS)).confirmation;
    h.standIn.fault(fault);
    return { s, r: await call(s, 'reconcile_account', { ...ARGS, confirmation: code }) };
  };

  it('a refused reconcile PATCH leaves the adjustment journaled and named; undo deletes it', async ({
    h,
    journal,
  }) => {
    const { r } = await confirmWith(h, journal, { method: 'PATCH', path: TRANSACTIONS, status: 500 });
    // partial is a tool error: the change did not happen in full
    expect(r.isError).toBe(true);
    const result = out<Out>(r);
    expect(result.status).toBe('partial');
    expect(result.message).toBe(
      `The balance adjustment of 12.35 was created in YNAB (transaction tx-226), but YNAB refused to mark the transactions reconciled (YNAB 500: internal error): nothing is reconciled. undo_operation with operation_id ${String(result.operation_id)} deletes the adjustment.`,
    );
    expect(h.standIn.state.transactions.find((t) => t.id === 'tx-226')).toMatchObject({ cleared: 'cleared' });
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        operation_id: result.operation_id,
        kind: 'create',
        details: { transaction_ids: ['tx-226'] },
      }),
    ]);
    // YNAB answered (a refusal): the outcome is known, and nothing stays pending
    expect(pending(journal)).toEqual([]);
    const a = await connect(h, era, {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: async () => ({ action: 'accept', content: { value: true } }),
    });
    const undo = out<Out>(await call(a, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.status).toBe('applied');
    expect(h.standIn.state.transactions.find((t) => t.id === 'tx-226')?.deleted).toBe(true);
  });

  it('a lost reconcile answer that landed is read back: applied and journaled whole', async ({
    h,
    journal,
  }) => {
    const { r } = await confirmWith(h, journal, {
      method: 'PATCH',
      path: TRANSACTIONS,
      drop: true,
      apply: true,
    });
    expect(r.isError).toBeFalsy();
    const result = out<Out>(r);
    expect(result.status).toBe('applied');
    expect(result.message).toMatch(
      /^YNAB's answer was lost, but a read-back shows every transaction reconciled\./,
    );
    expect(pending(journal)).toEqual([]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        kind: 'reconcile',
        details: {
          account_id: 'acc-savings',
          reconciled_ids: ['tx-013', 'tx-028', 'tx-043', 'tx-226'],
          adjustment_id: 'tx-226',
        },
      }),
    ]);
  });

  it('a lost reconcile answer no read shows: unknown and pending, the adjustment journaled and named', async ({
    h,
    journal,
  }) => {
    const { r } = await confirmWith(h, journal, { method: 'PATCH', path: TRANSACTIONS, drop: true });
    expect(r.isError).toBe(true);
    const result = out<Out>(r);
    expect(result.status).toBe('unknown');
    expect(result.message).toMatch(
      /^Do not repeat this change yet: The balance adjustment of 12\.35 was created in YNAB \(transaction tx-226\), but marking the transactions reconciled got no answer \(.+\), and reads over 1 s show none of them reconciled yet \(YNAB may still apply it late\): check the account in YNAB before anything else; do not repeat it\. /,
    );
    expect(result.message).toContain(
      `undo_operation with operation_id ${String(result.operation_id)} deletes the adjustment.`,
    );
    expect(result.message).not.toContain('safe to ask again');
    expect(h.standIn.state.transactions.find((t) => t.id === 'tx-226')).toMatchObject({ cleared: 'cleared' });
    expect(h.standIn.requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        operation_id: result.operation_id,
        kind: 'create',
        details: { transaction_ids: ['tx-226'] },
      }),
    ]);
    expect(pending(journal)).toEqual([expect.objectContaining({ tool: 'reconcile_account' })]);
  });

  it('a 1 MB HTML error page becomes one line of at most 300 characters', async ({ h, journal }) => {
    const page = `<html>\n<body>\n${'Bad gateway. '.repeat(80_000)}\n</body></html>`;
    const { r } = await confirmWith(h, journal, {
      method: 'POST',
      path: TRANSACTIONS,
      status: 502,
      body: page,
    });
    expect(r.isError).toBe(true);
    const text = textOf(r);
    expect(text).not.toContain('\n');
    expect(text.length).toBeLessThan(400);
    expect(text).toMatch(/^Error calling tool 'reconcile_account': YNAB 502: <html> <body> Bad gateway\./);
    expect(h.standIn.writes).toEqual([]);
    expect(lines(journal)).toEqual([]);
  });
});
