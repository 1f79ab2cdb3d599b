/**
 * `get_transaction` through a real MCP client, in both protocol eras, against the stand-in: every
 * field of a plain transaction, a split, a transfer and a flagged import, the memo whole (its lines
 * kept, nothing cut), the duplicate flag, the refusals (an id that is no id, an unknown one, a deleted
 * one), and the one request it sends (none within the freshness window).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { otherApp } from '../../helpers/fresh.js';
import { buildDemoPlan, type TransactionRow } from '../../../src/demo/index.js';
import { renderResult } from '../../../src/mcp/render.js';
import { ERAS, call, connect, requestLines, textOf, type Era, type Harness } from '../../helpers/harness.js';

const PLAN = 'demo-budget';
const READ = `GET /plans/${PLAN}/transactions`;
const demo = buildDemoPlan();
const demoRow = (id: string): TransactionRow => demo.transactions.find((t) => t.id === id)!;
const stateRow = (h: Harness, id: string): TransactionRow =>
  h.standIn.state.transactions.find((t) => t.id === id)!;

/** The fields of a demo row that is neither split, flagged, imported nor a transfer, as the tool shows them. */
const plainFields = (t: TransactionRow) => ({
  transaction_id: t.id,
  date: t.date,
  amount: t.amount / 1000,
  payee: t.payee_name,
  payee_id: t.payee_id,
  account: t.account_name,
  account_id: t.account_id,
  category: t.category_name,
  category_id: t.category_id,
  memo: t.memo,
  cleared: t.cleared,
  approved: t.approved,
  flag: null,
  import: {
    import_id: null,
    matched_transaction_id: null,
    import_payee_name: null,
    import_payee_name_original: null,
  },
  transfer: null,
  possible_duplicate_of: null,
  duplicate_evidence: null,
  lines: [],
});

/** The sanitising rule applied by hand to a memo shown whole: each line without format characters, trimmed. */
const wholeMemo = (memo: string): string =>
  memo
    .split('\n')
    .map((line) =>
      line
        .replace(/\u202e/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join('\n');

async function get(h: Harness, era: Era, transaction_id: string, env: Record<string, string> = {}) {
  const s = await connect(h, era, { env });
  h.standIn.clearRequests();
  const r = await call(s, 'get_transaction', { plan_id: PLAN, transaction_id });
  return { s, r, out: r.structuredContent as Record<string, unknown> };
}

describe.each(ERAS)('get_transaction, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('shows a plain transaction whole in one request, and none again within the window', async ({ h }) => {
    const row = demoRow('tx-000');
    expect(row.category_id).not.toBeNull();
    const { s, r, out } = await get(h, era, 'tx-000');
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(out).toEqual(plainFields(row));
    expect(textOf(r)).toBe(renderResult(out));
    expect(requestLines(h.standIn)).toEqual([READ]);
    h.standIn.clearRequests();
    const again = await call(s, 'get_transaction', { plan_id: PLAN, transaction_id: 'tx-001' });
    expect(again.structuredContent).toEqual(plainFields(demoRow('tx-001')));
    expect(h.standIn.requests).toEqual([]);
  });

  it('returns a long memo of several lines whole, the planted direction mark taken out', async ({ h }) => {
    const raw = demoRow('tx-052').memo!;
    expect(raw.split('\n')).toHaveLength(3);
    const { r, out } = await get(h, era, 'tx-052');
    const memo = out.memo as string;
    expect(memo).toBe(wholeMemo(raw));
    expect(memo.split('\n')).toHaveLength(3);
    expect(memo).not.toContain('\u202e');
    // longer than the 80 code points a list keeps, and in the text block on one line
    const long = `${'Reimbursed by Alex, see the shared note for the receipts. '.repeat(4)}\nline two`;
    stateRow(h, 'tx-052').memo = long;
    const second = await get(h, era, 'tx-052');
    expect(second.out.memo).toBe(wholeMemo(long));
    expect(Array.from(second.out.memo as string).length).toBeGreaterThan(200);
    expect(textOf(second.r)).toContain(`memo: ${wholeMemo(long).replace('\n', ' ')}`);
    expect(textOf(r)).not.toContain('\n\u202e');
  });

  it('shows a split with each line: amount, category, payee, memo and transfer', async ({ h }) => {
    const row = stateRow(h, 'tx-046');
    row.category_id = null;
    row.category_name = null;
    row.subtransactions = [
      {
        id: 'tx-046-0',
        transaction_id: 'tx-046',
        amount: -50_000,
        memo: 'food\nfor the week',
        payee_id: null,
        payee_name: null,
        category_id: 'cat-groceries',
        category_name: 'Groceries',
        transfer_account_id: null,
        deleted: false,
      },
      {
        id: 'tx-046-1',
        transaction_id: 'tx-046',
        amount: -16_120,
        memo: null,
        payee_id: 'pay-savings',
        payee_name: 'Transfer : Savings',
        category_id: null,
        category_name: null,
        transfer_account_id: 'acc-savings',
        transfer_transaction_id: 'tx-013',
        deleted: false,
      },
      {
        id: 'tx-046-2',
        transaction_id: 'tx-046',
        amount: -1,
        memo: 'gone',
        payee_id: null,
        payee_name: null,
        category_id: null,
        category_name: null,
        transfer_account_id: null,
        deleted: true,
      },
    ];
    const { out } = await get(h, era, 'tx-046');
    expect(out).toMatchObject({
      transaction_id: 'tx-046',
      category: null,
      category_id: null,
      transfer: null,
    });
    expect(out.lines).toEqual([
      {
        amount: -50,
        category_id: 'cat-groceries',
        category: 'Groceries',
        payee: null,
        payee_id: null,
        memo: 'food\nfor the week',
        transfer: null,
      },
      {
        amount: -16.12,
        category_id: null,
        category: null,
        payee: 'Transfer : Savings',
        payee_id: 'pay-savings',
        memo: null,
        transfer: {
          transfer_account_id: 'acc-savings',
          transfer_account: demoRow('tx-013').account_name,
          transfer_transaction_id: 'tx-013',
        },
      },
    ]);
    expect(requestLines(h.standIn)).toEqual([READ]);
  });

  it('shows both sides of a transfer, each naming the other and its account', async ({ h }) => {
    const [a, b] = [demoRow('tx-013'), demoRow('tx-014')];
    expect(a.transfer_transaction_id).toBe(b.id);
    const { out } = await get(h, era, a.id);
    expect(out).toEqual({
      ...plainFields(a),
      transfer: {
        transfer_account_id: b.account_id,
        transfer_account: b.account_name,
        transfer_transaction_id: b.id,
      },
    });
    const other = await get(h, era, b.id);
    expect(other.out.transfer).toEqual({
      transfer_account_id: a.account_id,
      transfer_account: a.account_name,
      transfer_transaction_id: a.id,
    });
    // a side YNAB names no other transaction of: the account alone
    stateRow(h, b.id).transfer_transaction_id = null;
    expect((await get(h, era, b.id)).out.transfer).toEqual({
      transfer_account_id: a.account_id,
      transfer_account: null,
      transfer_transaction_id: null,
    });
  });

  it('shows the flag, the import fields and a duplicate with its evidence', async ({ h }) => {
    const row = stateRow(h, 'tx-055');
    Object.assign(row, {
      flag_color: 'red',
      flag_name: 'Ask\u202e Alex',
      import_id: 'YNAB:-71860:2026-09-19:2',
      matched_transaction_id: 'tx-900',
      import_payee_name: 'Market Fresh',
      import_payee_name_original: 'CB MARKET FRESH FACT 190926\n525130******1',
    });
    stateRow(h, 'tx-056').flag_color = '';
    const { out } = await get(h, era, 'tx-055');
    expect(out).toMatchObject({
      flag: { color: 'red', name: 'Ask Alex' },
      import: {
        import_id: 'YNAB:-71860:2026-09-19:2',
        matched_transaction_id: 'tx-900',
        import_payee_name: 'Market Fresh',
        import_payee_name_original: 'CB MARKET FRESH FACT 190926 525130******1',
      },
      possible_duplicate_of: 'tx-056',
      duplicate_evidence: { this: 'matched', other: 'entered', later: 'unknown' },
    });
    // a colour YNAB gives without a name; an empty colour is no flag
    row.flag_name = null;
    expect((await get(h, era, 'tx-055')).out.flag).toEqual({ color: 'red', name: null });
    expect((await get(h, era, 'tx-056')).out.flag).toBeNull();
  });

  it('refuses an id that is no YNAB id before any request', async ({ h }) => {
    const { r } = await get(h, era, 'tx/../accounts');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      "Error calling tool 'get_transaction': 'tx/../accounts' is not a YNAB id: use the ids returned by list_plans, list_accounts or the other tools.",
    );
    expect(h.standIn.requests).toEqual([]);
  });

  it('refuses an unknown id after its one request, naming the tool that lists ids', async ({ h }) => {
    const { r } = await get(h, era, 'tx-999');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'Transaction tx-999 is not in this plan: use a transaction_id from find_transactions.',
    );
    expect(requestLines(h.standIn)).toEqual([READ]);
  });

  it('says so plainly of a transaction deleted since the list was read', async ({ h }) => {
    const { s } = await get(h, era, 'tx-020');
    await otherApp(h, 'DELETE', '/transactions/tx-020');
    h.standIn.clearRequests();
    const r = await call(s, 'get_transaction', { plan_id: PLAN, transaction_id: 'tx-020', fresh: true });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'Transaction tx-020 was deleted in YNAB: use a transaction_id from find_transactions.',
    );
    expect(requestLines(h.standIn)).toEqual([READ]);
    expect(h.standIn.requests[0]?.query).toHaveProperty('last_knowledge_of_server');
  });

  it("reads 'last-used' whole, every time", async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const r = await call(s, 'get_transaction', { plan_id: 'last-used', transaction_id: 'tx-000' });
    expect(r.structuredContent).toEqual(plainFields(demoRow('tx-000')));
    expect(requestLines(h.standIn)).toEqual(['GET /plans/last-used/transactions']);
  });
});
