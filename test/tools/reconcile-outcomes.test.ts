/**
 * reconcile_account with adjust=true ends in a known state: when the reconcile PATCH fails after the
 * adjustment was created, the adjustment is journaled (undo deletes it) and the answer says it
 * exists; a lost PATCH answer is read back once. Also: a YNAB error body is one short line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf } from '../helpers/harness.js';

const ARGS = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 612.345, adjust: true };
const TRANSACTIONS = '/plans/demo-budget/transactions';
type Out = { status: string; message: string; operation_id: string | null; confirmation: string };
const out = (r: { structuredContent?: unknown }) => r.structuredContent as Out;
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
    const code = out(await call(s, 'reconcile_account', ARGS)).confirmation;
    h.standIn.fault(fault);
    return { s, r: await call(s, 'reconcile_account', { ...ARGS, confirmation: code }) };
  };

  it('a refused reconcile PATCH leaves the adjustment journaled and named; undo deletes it', async ({
    h,
    journal,
  }) => {
    const { r } = await confirmWith(h, journal, { method: 'PATCH', path: TRANSACTIONS, status: 500 });
    expect(r.isError).toBeFalsy();
    const result = out(r);
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
    const a = await connect(h, era, {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: async () => ({ action: 'accept', content: { value: true } }),
    });
    const undo = out(await call(a, 'undo_operation', { plan_id: 'demo-budget' }));
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
    const result = out(r);
    expect(result.status).toBe('applied');
    expect(result.message).toMatch(
      /^YNAB's answer was lost, but a read-back shows every transaction reconciled\./,
    );
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
