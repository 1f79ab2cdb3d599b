/**
 * On a tracking (off-budget) account nothing carries a category, as in YNAB: reconcile_account records
 * its balance adjustment without one, and create_transactions refuses a category before any preview.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, ERAS, textOf } from '../helpers/harness.js';

const accept = async () => ({ action: 'accept', content: { value: true } });
const posts = (writes: { method: string; path: string; body: unknown }[]) =>
  writes.filter((w) => w.method === 'POST' && w.path === '/plans/demo-budget/transactions');

describe.each(ERAS)('%s era', (era) => {
  it('reconcile_account records the adjustment of a tracking account without a category', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, era, { elicit: accept, env: { AVENIR_MCP_JOURNAL: journal } });
    const r = await call(s, 'reconcile_account', {
      plan_id: 'demo-budget',
      account_id: 'acc-joint-savings',
      bank_balance: 12345.67,
      adjust: true,
    });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    const [post] = posts(h.standIn.writes);
    const [created] = (post?.body as { transactions: Record<string, unknown>[] }).transactions;
    expect(created).toMatchObject({ account_id: 'acc-joint-savings' });
    expect(created?.category_id ?? null).toBeNull();
    expect(h.standIn.requests.some((q) => q.path === '/plans/demo-budget/categories')).toBe(false);
  });

  it('create_transactions refuses a category on a tracking account, and creates without one', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, era, { elicit: accept, env: { AVENIR_MCP_JOURNAL: journal } });
    const tx = { date: '2026-09-20', amount: 50, payee_name: 'Interest', category_id: 'cat-restaurants' };
    const refused = await call(s, 'create_transactions', {
      plan_id: 'demo-budget',
      account_id: 'acc-joint-savings',
      transactions: [tx],
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      / is a tracking account: its transactions carry no category in YNAB\. Give category_id null for each of them\.$/,
    );
    expect(h.standIn.writes).toEqual([]);
    const made = await call(s, 'create_transactions', {
      plan_id: 'demo-budget',
      account_id: 'acc-joint-savings',
      transactions: [{ ...tx, category_id: null }],
    });
    expect(made.isError).toBeFalsy();
    const [post] = posts(h.standIn.writes);
    expect((post?.body as { transactions: Record<string, unknown>[] }).transactions[0]).not.toHaveProperty(
      'category_id',
    );
  });
});
