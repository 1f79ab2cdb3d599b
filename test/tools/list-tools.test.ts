/**
 * The four list tools through a real MCP client, in both protocol eras, against the stand-in over
 * loopback HTTP: results computed here from the demo data, and the YNAB requests each call made.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import { merchant } from '../../src/domain/payees/merchant.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../helpers/harness.js';
import { renderResult } from '../../src/mcp/render.js';

const demo = buildDemoPlan();
const units = (m: number): number => m / 1000;
const balanceOf = (accountId: string): number =>
  units(
    demo.transactions
      .filter((t) => t.account_id === accountId && !t.deleted)
      .reduce((s, t) => s + t.amount, 0),
  );

describe.each(ERAS)('list tools, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it('list_plans names the demo household in one request', async ({ h }) => {
    const r = await call(s, 'list_plans');
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({
      result: [
        {
          id: demo.plan.id,
          name: 'Demo household',
          first_month: demo.plan.first_month,
          last_month: demo.plan.last_month,
          currency: {
            iso_code: 'EUR',
            symbol: '€',
            decimal_digits: 2,
            symbol_first: false,
            example: '123 456,78',
          },
        },
      ],
    });
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    expect(requestLines(h.standIn)).toEqual(['GET /plans']);
  });

  it('list_accounts gives every account with its balance, link and reconciliation', async ({ h }) => {
    const r = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    const rows = (r.structuredContent as { result: Record<string, unknown>[] }).result;
    expect(rows.map((a) => a.id)).toEqual(demo.accounts.map((a) => a.id));
    const checking = rows.find((a) => a.id === 'acc-checking');
    expect(checking).toEqual({
      id: 'acc-checking',
      name: 'Checking',
      type: 'checking',
      on_budget: true,
      closed: false,
      balance: 3328.5,
      cleared_balance: 3328.5,
      uncleared_balance: 0,
      bank_link: 'healthy',
      last_reconciled: '2026-08-31',
    });
    for (const a of rows) {
      expect(a.balance).toBeCloseTo(balanceOf(String(a.id)), 6);
      expect(a.uncleared_balance).toBe(0);
    }
    expect(rows.find((a) => a.id === 'acc-student-loan')).toMatchObject({
      closed: true,
      balance: 0,
      bank_link: 'none',
      last_reconciled: null,
    });
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/accounts']);
  });

  it('list_category_groups leaves out the internal group', async ({ h }) => {
    const r = await call(s, 'list_category_groups', { plan_id: 'demo-budget' });
    const expected = demo.category_groups
      .filter((g) => !g.hidden && !g.deleted && g.name !== 'Internal Master Category')
      .map((g) => ({ id: g.id, name: g.name }));
    expect(r.structuredContent).toEqual({ result: expected });
    expect(expected.map((g) => g.id)).toEqual(['grp-bills', 'grp-everyday', 'grp-fun', 'grp-savings-goals']);
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/categories']);
  });

  it('list_payees ranks the payees by use, in two requests', async ({ h }) => {
    const r = await call(s, 'list_payees', { plan_id: 'demo-budget', limit: 3 });
    const counts = new Map<string, number>();
    for (const t of demo.transactions)
      if (t.payee_id) counts.set(t.payee_id, (counts.get(t.payee_id) ?? 0) + 1);
    const expected = demo.payees
      .filter((p) => !p.transfer_account_id)
      .map((p) => ({ id: p.id, name: p.name, n: counts.get(p.id) ?? 0 }))
      .sort((a, b) => b.n - a.n || (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
    const out = r.structuredContent as {
      payees: { payee_id: string; transactions: number; merchant: string; name: string }[];
      total: number;
      shown: number;
    };
    expect(out.total).toBe(expected.length);
    expect(out.shown).toBe(3);
    expect(out.payees.map((p) => [p.payee_id, p.transactions])).toEqual(
      expected.slice(0, 3).map((p) => [p.id, p.n]),
    );
    for (const p of out.payees) expect(p.merchant).toBe(merchant(p.name));
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/payees',
      'GET /plans/demo-budget/transactions',
    ]);
    expect(h.standIn.requests[1]?.query.since_date).toBe('1970-01-01');
  });

  it('list_payees searches names and merchants, casefolded', async () => {
    const r = await call(s, 'list_payees', { plan_id: 'demo-budget', search: 'market fresh' });
    const out = r.structuredContent as { payees: { merchant: string; last_date: string }[]; total: number };
    expect(out.total).toBe(demo.payees.filter((p) => p.name.includes('MARKET FRESH')).length);
    expect(out.payees.every((p) => p.merchant === 'MARKET FRESH')).toBe(true);
  });

  it('refuses out-of-range limits before any YNAB request', async ({ h }) => {
    for (const limit of [0, 201, 2.5]) {
      const r = await call(s, 'list_payees', { plan_id: 'demo-budget', limit });
      expect(r.isError).toBe(true);
    }
    const unknown = await call(s, 'list_accounts', { plan_id: 'demo-budget', extra: 1 });
    expect(unknown.isError).toBe(true);
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('refuses a plan id that is not a YNAB id before any request', async ({ h }) => {
    const r = await call(s, 'list_accounts', { plan_id: 'my plan' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      "Error calling tool 'list_accounts': 'my plan' is not a YNAB id: use the ids returned by list_plans, list_accounts or the other tools.",
    );
    expect(h.standIn.requests).toHaveLength(0);
  });

  it("passes 'last-used' through to YNAB, uncached", async ({ h }) => {
    const first = await call(s, 'list_accounts', { plan_id: 'last-used' });
    const again = await call(s, 'list_accounts', { plan_id: 'last-used' });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(h.standIn.requests.map((r) => [r.path, r.query.last_knowledge_of_server])).toEqual([
      ['/plans/last-used/accounts', undefined],
      ['/plans/last-used/accounts', undefined],
    ]);
  });

  it('reports YNAB errors with their exact texts', async ({ h }) => {
    const unknown = await call(s, 'list_accounts', { plan_id: 'no-such-plan' });
    expect(textOf(unknown)).toBe(
      "Error calling tool 'list_accounts': plan_id 'no-such-plan' is not a plan this token can read: pass one of 'demo-budget' (from list_plans).",
    );
    h.standIn.fault({ path: '/plans', status: 401 });
    const unauthorised = await call(s, 'list_plans');
    expect(textOf(unauthorised)).toBe(
      "Error calling tool 'list_plans': YNAB 401: the token is invalid or was revoked; create a new Personal Access Token in YNAB's settings.",
    );
  });
});

describe('the transaction history', () => {
  it('is read whole even after list_plans taught the client the first month', async ({ h }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern');
    try {
      await call(s, 'list_plans');
      const r = await call(s, 'list_payees', { plan_id: 'demo-budget', search: 'Interest' });
      const interest = demo.transactions.filter((t) => t.payee_name === 'Interest').length;
      expect((r.structuredContent as { payees: { transactions: number }[] }).payees[0]?.transactions).toBe(
        interest,
      );
      expect(interest).toBe(30);
    } finally {
      await s.close();
    }
  });
});
