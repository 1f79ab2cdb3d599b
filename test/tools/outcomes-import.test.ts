/**
 * import_transactions ends in a known, true state, through a real client against the stand-in: the
 * import is sent once, a lost or unreadable answer is read back once from what changed since the
 * server knowledge held before sending, and what came in is reported as the stand-in then holds it,
 * or as unknown when that cannot be told. No journal is written (an import has no undo).
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { TransactionRow } from '../../src/demo/plan-data.js';
import { it } from '../helpers/fixture.js';
import { call, type Harness } from '../helpers/harness.js';
import { bankRows, IMPORT, LOST, open, out, PLAN, planWithWork, sent } from '../helpers/immediate-writes.js';

describe('import_transactions', () => {
  it.beforeEach(({ h }) => h.standIn.reset(planWithWork()));
  const args = { plan_id: 'demo-budget' };
  /** A session that has read the transactions (as suggest_categories or find_transactions do). */
  const afterRead = async (h: Harness, journal: string, timeoutMs?: number) => {
    const s = await open(h, journal, timeoutMs);
    await call(s, 'find_transactions', args);
    h.standIn.clearRequests();
    return s;
  };

  it('an answered import reports what came in, and a second brings nothing again', async ({ h, journal }) => {
    const s = await open(h, journal);
    const r = out(await call(s, 'import_transactions', args));
    expect(r).toEqual({
      status: 'applied',
      imported: 2,
      transaction_ids: ['tx-bank-1', 'tx-bank-2'],
      message: 'Imported 2 transaction(s). suggest_categories lists those that still need a category.',
    });
    expect(bankRows(h.standIn.state).map((t) => t.approved)).toEqual([false, false]);
    const again = out(await call(s, 'import_transactions', args));
    expect(again).toMatchObject({ status: 'applied', imported: 0, message: 'No new transaction to import.' });
    expect(bankRows(h.standIn.state)).toHaveLength(2);
    expect(existsSync(journal)).toBe(false);
  });

  it.for(LOST)('an answer $name is read back once, never re-sent', async (lost, { h, journal }) => {
    const s = await afterRead(h, journal, lost.timeoutMs);
    h.standIn.fault({ ...IMPORT, ...lost.fault });
    const r = out(await call(s, 'import_transactions', args));
    expect(sent(h, IMPORT)).toBe(1);
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['POST', 'GET']);
    expect(h.standIn.requests[1]?.query['last_knowledge_of_server']).toBe('1');
    if (lost.landed) {
      expect(r).toMatchObject({
        status: 'applied',
        imported: 2,
        transaction_ids: ['tx-bank-1', 'tx-bank-2'],
      });
      expect(r.message).toContain('a read-back shows 2 transaction(s) imported since avenir-mcp last read');
      expect(bankRows(h.standIn.state)).toHaveLength(2);
    } else {
      expect(r).toMatchObject({ status: 'not_applied', imported: 0, transaction_ids: [] });
      expect(r.message).toContain('a read-back shows no transaction imported since');
      expect(r.message).toContain('Importing again is safe: YNAB never imports a transaction twice.');
      expect(bankRows(h.standIn.state)).toHaveLength(0);
    }
    expect(existsSync(journal)).toBe(false);
  });

  it('an answer without the list of ids is read back like a lost one', async ({ h, journal }) => {
    const s = await afterRead(h, journal);
    h.standIn.fault({ ...IMPORT, status: 201, body: JSON.stringify({ data: {} }) });
    const r = out(await call(s, 'import_transactions', args));
    expect(r).toMatchObject({ status: 'not_applied', imported: 0 });
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['POST', 'GET']);
  });

  it('a transaction another app edited meanwhile is not counted as imported', async ({ h, journal }) => {
    const plan = planWithWork();
    const old = plan.transactions.find((t) => t.id === 'tx-046') as TransactionRow;
    old.import_id = 'YNAB:-4000:2026-09-01:1';
    h.standIn.reset(plan);
    const s = await afterRead(h, journal);
    // the other app's edit, then the import whose answer is lost
    await fetch(`${h.standIn.url}${PLAN}/transactions`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer other-app', 'content-type': 'application/json' },
      body: JSON.stringify({ transactions: [{ id: 'tx-046', memo: 'seen' }] }),
    });
    h.standIn.fault({ ...IMPORT, drop: true, apply: true });
    const r = out(await call(s, 'import_transactions', args));
    expect(r).toMatchObject({ status: 'applied', imported: 2, transaction_ids: ['tx-bank-1', 'tx-bank-2'] });
  });

  it('without an earlier read it says the outcome is unknown, and reads nothing', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...IMPORT, drop: true, apply: true });
    const r = out(await call(s, 'import_transactions', args));
    expect(r).toMatchObject({ status: 'unknown', imported: null, transaction_ids: [] });
    expect(r.message).toContain('avenir-mcp had read nothing of this plan before');
    expect(r.message).toContain('Importing again is safe');
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['POST']);
    expect(bankRows(h.standIn.state)).toHaveLength(2);
  });

  it('with no transaction list read, bank transactions changed since cannot be told apart', async ({
    h,
    journal,
  }) => {
    const s = await open(h, journal);
    await call(s, 'list_accounts', args);
    h.standIn.fault({ ...IMPORT, drop: true, apply: true });
    const r = out(await call(s, 'import_transactions', args));
    expect(r).toMatchObject({ status: 'unknown', imported: null });
    expect(r.message).toContain('a read-back finds 2 bank transaction(s) changed since avenir-mcp last read');
    expect(bankRows(h.standIn.state)).toHaveLength(2);
  });

  it('a lost answer the pacer forbids reading back ends unknown', async ({ h, journal }) => {
    const s = await afterRead(h, journal);
    h.standIn.fault({ ...IMPORT, drop: true, apply: true });
    while (s.deps.pacer.sentLastHour() < 179) s.deps.pacer.take();
    const r = out(await call(s, 'import_transactions', args));
    expect(r).toMatchObject({ status: 'unknown', imported: null });
    expect(r.message).toContain('avenir-mcp could not check what YNAB holds');
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['POST']);
    expect(bankRows(h.standIn.state)).toHaveLength(2);
  });

  it('a refusal is an error, not read back', async ({ h, journal }) => {
    const s = await afterRead(h, journal);
    h.standIn.fault({ ...IMPORT, status: 503, times: 3 });
    const r = await call(s, 'import_transactions', args);
    expect(r.isError).toBe(true);
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['POST']);
    expect(bankRows(h.standIn.state)).toHaveLength(0);
  });
});
