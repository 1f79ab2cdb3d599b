/**
 * The two writes applied at once, approve_transactions and import_transactions, end in a known, true
 * state like the confirmed ones, through a real client against the stand-in: each is sent once, a lost
 * answer (dropped, cut off, timed out, a page that is not YNAB's JSON; landed or not) is read back
 * once and reported as what the stand-in then holds, an ignored `approved` is named and never
 * claimed, and neither writes a journal (neither has an undo).
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { buildDemoPlan, type FaultRule } from '../../src/demo/index.js';
import type { PlanData, PlanState, TransactionRow } from '../../src/demo/plan-data.js';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../helpers/harness.js';

const PLAN = '/plans/demo-budget';
const PATCH = { method: 'PATCH', path: `${PLAN}/transactions` };
const IMPORT = { method: 'POST', path: `${PLAN}/transactions/import` };
const PENDING = ['tx-046', 'tx-052'];

/** The demo plan with two transactions waiting for approval and two waiting at the bank. */
function planWithWork(): PlanData {
  const plan = buildDemoPlan();
  for (const t of plan.transactions) if (PENDING.includes(t.id)) t.approved = false;
  const bank = (id: string, date: string, amount: number, payee: string): TransactionRow => ({
    id,
    date,
    amount,
    memo: null,
    cleared: 'cleared',
    approved: false,
    account_id: 'acc-checking',
    account_name: 'Checking',
    payee_id: null,
    payee_name: payee,
    category_id: null,
    category_name: null,
    transfer_account_id: null,
    import_id: `YNAB:${amount}:${date}:1`,
    deleted: false,
  });
  plan.bank_feed = [
    bank('tx-bank-1', '2026-09-24', -18_400, 'CORNER BAKERY'),
    bank('tx-bank-2', '2026-09-25', -61_250, 'FUEL STOP'),
  ];
  return plan;
}

const approvedOf = (s: PlanState): boolean[] =>
  PENDING.map((id) => s.transactions.find((t) => t.id === id)?.approved ?? false);
const bankRows = (s: PlanState): TransactionRow[] => s.transactions.filter((t) => t.id.startsWith('tx-bank'));
const sent = (h: Harness, route: { method: string; path: string }): number =>
  h.standIn.requests.filter((q) => q.method === route.method && q.path === route.path).length;

type Out = Record<string, unknown> & { status: string; message: string };
const out = (r: { structuredContent?: unknown }): Out => r.structuredContent as Out;

interface Lost {
  name: string;
  fault: Partial<FaultRule>;
  landed: boolean;
  /** The client's timeout (ms), for a fault that answers too late. */
  timeoutMs?: number;
}

const LOST: Lost[] = [
  { name: 'dropped after it landed', fault: { drop: true, apply: true }, landed: true },
  { name: 'dropped before it landed', fault: { drop: true }, landed: false },
  { name: 'cut off after it landed', fault: { truncate: true, apply: true }, landed: true },
  { name: 'cut off before it landed', fault: { truncate: true }, landed: false },
  { name: 'replaced by an HTML page', fault: { status: 200, body: '<html>proxy</html>' }, landed: false },
  { name: 'too late (a timeout)', fault: { drop: true, delayMs: 3000 }, landed: false, timeoutMs: 1500 },
];

const open = (h: Harness, journal: string, timeoutMs?: number) =>
  connect(h, 'modern', {
    env: { AVENIR_MCP_JOURNAL: journal },
    ...(timeoutMs === undefined ? {} : { overrides: { timeoutMs } }),
  });

describe('approve_transactions', () => {
  it.beforeEach(({ h }) => h.standIn.reset(planWithWork()));
  const args = { plan_id: 'demo-budget', tx_ids: PENDING };

  it('an answered approval is verified from the answer, in one request', async ({ h, journal }) => {
    const s = await open(h, journal);
    const r = out(await call(s, 'approve_transactions', args));
    expect(r).toEqual({
      status: 'applied',
      message: 'Approved 2 transactions.',
      approved: 2,
      not_approved_ids: [],
      unknown_ids: [],
    });
    expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    expect(h.standIn.requests).toHaveLength(1);
    expect(existsSync(journal)).toBe(false);
  });

  it.for(LOST)('an answer $name is read back once, never re-sent', async (lost, { h, journal }) => {
    const s = await open(h, journal, lost.timeoutMs);
    h.standIn.fault({ ...PATCH, ...lost.fault });
    const r = out(await call(s, 'approve_transactions', args));
    expect(sent(h, PATCH)).toBe(1);
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['PATCH', 'GET']);
    if (lost.landed) {
      expect(r).toMatchObject({ status: 'applied', approved: 2, not_approved_ids: [], unknown_ids: [] });
      expect(r.message).toBe(
        "Approved 2 transactions. YNAB's answer was lost, but a read-back shows them approved.",
      );
      expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    } else {
      expect(r).toMatchObject({ status: 'not_applied', approved: 0, not_approved_ids: PENDING });
      expect(r.message).toBe(
        "YNAB's answer was lost, and a read-back shows none of the 2 transactions approved: YNAB did not take approved of tx-046, tx-052 (still unapproved). It is safe to ask again.",
      );
      expect(approvedOf(h.standIn.state)).toEqual([false, false]);
    }
    expect(existsSync(journal)).toBe(false);
  });

  it('a lost answer over one approved and one unapproved transaction is partial', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, drop: true });
    const r = out(await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-001', 'tx-052'] }));
    expect(r).toMatchObject({ status: 'partial', approved: 1, not_approved_ids: ['tx-052'] });
    expect(r.message).toBe(
      "YNAB's answer was lost; a read-back shows 1 of 2 transactions approved. Not approved: YNAB did not take approved of tx-052 (still unapproved).",
    );
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
  });

  it('an approved flag YNAB ignores is named, never claimed', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, ignoreFields: ['approved'] });
    const r = out(await call(s, 'approve_transactions', args));
    expect(r).toMatchObject({
      status: 'not_applied',
      approved: 0,
      not_approved_ids: PENDING,
      unknown_ids: [],
    });
    expect(r.message).toBe(
      'YNAB answered, but approved none of the 2 transactions: YNAB did not take approved of tx-046, tx-052 (still unapproved).',
    );
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
    expect(h.standIn.requests).toHaveLength(1);
  });

  it('an answer showing only some of them approved is partial', async ({ h, journal }) => {
    const s = await open(h, journal);
    const shown = (id: string) => h.standIn.state.transactions.find((t) => t.id === id);
    const body = { data: { transactions: [{ ...shown('tx-001') }, { ...shown('tx-052') }] } };
    h.standIn.fault({ ...PATCH, status: 200, body: JSON.stringify(body) });
    const r = out(await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-001', 'tx-052', 'tx-046'] }));
    expect(r).toMatchObject({ status: 'partial', approved: 1, not_approved_ids: ['tx-052', 'tx-046'] });
    expect(r.message).toBe(
      "1 of 3 transactions approved. Not approved: YNAB did not take approved of tx-052 (still unapproved); tx-046 not in YNAB's answer (no such transaction, or deleted).",
    );
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
  });

  it('a lost answer the pacer forbids reading back ends unknown, naming every id', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, drop: true, apply: true });
    while (s.deps.pacer.sentLastHour() < 179) s.deps.pacer.take();
    const r = out(await call(s, 'approve_transactions', args));
    expect(r).toMatchObject({ status: 'unknown', approved: 0, not_approved_ids: [], unknown_ids: PENDING });
    expect(r.message).toContain('The approval of 2 transactions may or may not be in YNAB');
    expect(r.message).toContain('avenir-mcp could not check what YNAB holds');
    expect(r.message).toContain('approving them again is harmless');
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['PATCH']);
    expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    expect(existsSync(journal)).toBe(false);
  });

  it('a refusal is an error that says nothing changed, and is not read back', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, status: 500 });
    const r = await call(s, 'approve_transactions', args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('YNAB 500: internal error');
    expect(h.standIn.requests).toHaveLength(1);
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
  });

  it('an empty list sends nothing; a repeated id is sent once', async ({ h, journal }) => {
    const s = await open(h, journal);
    expect(out(await call(s, 'approve_transactions', { ...args, tx_ids: [] }))).toMatchObject({
      status: 'nothing_to_do',
      approved: 0,
    });
    expect(h.standIn.requests).toHaveLength(0);
    const r = out(await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-046', 'tx-046'] }));
    expect(r).toMatchObject({ status: 'applied', approved: 1, message: 'Approved 1 transaction.' });
    expect(h.standIn.writes[0]?.body).toEqual({ transactions: [{ id: 'tx-046', approved: true }] });
  });
});

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
