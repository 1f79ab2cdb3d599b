/**
 * import_transactions ends in a true state, through a real client against the stand-in: the import
 * is sent once, a lost or unreadable answer is read back over the settling window from what changed
 * since the server knowledge held before sending, and what came in is reported as the stand-in then
 * holds it, or as unknown when that cannot be told or nothing shows yet (YNAB may still bring it in).
 * No journal or pending entry is written (an import has no undo, and is not confirmed).
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { TransactionRow } from '../../../src/demo/plan-data.js';
import { it } from '../../helpers/fixture.js';
import { call, type Harness } from '../../helpers/harness.js';
import {
  bankRows,
  IMPORT,
  LOST,
  open,
  out,
  PLAN,
  planWithWork,
  sent,
} from '../../helpers/immediate-writes.js';

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

  it.for(LOST)('an answer $name is read back until it shows, never re-sent', async (lost, { h, journal }) => {
    const s = await afterRead(h, journal, lost.timeoutMs);
    h.standIn.fault({ ...IMPORT, ...lost.fault });
    const result = await call(s, 'import_transactions', args);
    const r = out(result);
    expect(sent(h, IMPORT)).toBe(1);
    const methods = h.standIn.requests.map((q) => q.method);
    // every read asks what changed since the knowledge held before the import
    for (const q of h.standIn.requests.slice(1)) expect(q.query['last_knowledge_of_server']).toBe('1');
    if (lost.landed) {
      // the first read shows it: no more reads
      expect(methods).toEqual(['POST', 'GET']);
      expect(result.isError).toBeFalsy();
      expect(r).toMatchObject({
        status: 'applied',
        imported: 2,
        transaction_ids: ['tx-bank-1', 'tx-bank-2'],
      });
      expect(r.message).toContain('a read-back shows 2 transaction(s) imported since avenir-mcp last read');
      expect(bankRows(h.standIn.state)).toHaveLength(2);
    } else {
      // read again over the window, the import never re-sent
      expect(methods[0]).toBe('POST');
      expect(methods.slice(1).every((m) => m === 'GET')).toBe(true);
      expect(methods.length).toBeGreaterThan(2);
      expect(result.isError).toBe(true);
      expect(r).toMatchObject({ status: 'unknown', imported: null, transaction_ids: [] });
      expect(r.message).toBe(
        "Do not repeat this change yet: YNAB's answer to the import was lost, and reads over 1 s show no transaction imported since avenir-mcp last read the plan. YNAB may still bring them in: look with suggest_categories in a few minutes (importing again then is harmless: YNAB never imports a transaction twice).",
      );
      expect(bankRows(h.standIn.state)).toHaveLength(0);
    }
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(`${journal}.pending.json`)).toBe(false);
  });

  it('an answer without the list of ids is read back like a lost one', async ({ h, journal }) => {
    const s = await afterRead(h, journal);
    h.standIn.fault({ ...IMPORT, status: 201, body: JSON.stringify({ data: {} }) });
    const result = await call(s, 'import_transactions', args);
    expect(result.isError).toBe(true);
    const r = out(result);
    expect(r).toMatchObject({ status: 'unknown', imported: null });
    expect(r.message).toMatch(/^Do not repeat this change yet: /);
    const methods = h.standIn.requests.map((q) => q.method);
    expect(methods[0]).toBe('POST');
    expect(methods.slice(1).every((m) => m === 'GET')).toBe(true);
    expect(methods.length).toBeGreaterThan(2);
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
    const result = await call(s, 'import_transactions', args);
    expect(result.isError).toBe(true);
    const r = out(result);
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
    const result = await call(s, 'import_transactions', args);
    expect(result.isError).toBe(true);
    const r = out(result);
    expect(r).toMatchObject({ status: 'unknown', imported: null });
    expect(r.message).toContain('a read-back finds 2 bank transaction(s) changed since avenir-mcp last read');
    expect(bankRows(h.standIn.state)).toHaveLength(2);
  });

  it('a lost answer the pacer forbids reading back ends unknown', async ({ h, journal }) => {
    const s = await afterRead(h, journal);
    h.standIn.fault({ ...IMPORT, drop: true, apply: true });
    while ((await s.deps.pacer.sentLastHour()) < 179) await s.deps.pacer.take();
    const result = await call(s, 'import_transactions', args);
    expect(result.isError).toBe(true);
    const r = out(result);
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
