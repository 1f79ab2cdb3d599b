import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildDemoPlan, startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { P, call, get } from './helpers.js';
import type { Item } from './helpers.js';

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn();
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

const delta = async (list: string, since: number) =>
  (await get(si, `${P}/${list}?last_knowledge_of_server=${since}`)).json.data;

describe('delta sync (server_knowledge)', () => {
  it('returns nothing after knowledge 1 while nothing was written', async () => {
    expect(si.knowledge()).toBe(1);
    for (const [list, key] of [
      ['accounts', 'accounts'],
      ['payees', 'payees'],
      ['months', 'months'],
      ['scheduled_transactions', 'scheduled_transactions'],
      ['transactions', 'transactions'],
      ['categories', 'category_groups'],
    ] as const) {
      const data = await delta(list, 1);
      expect([list, data[key], data.server_knowledge]).toEqual([list, [], 1]);
    }
    expect((await delta('transactions', 0)).transactions).toHaveLength(226);
  });

  it('a transaction PATCH stamps the rows, their account, old and new categories, and later months', async () => {
    await call(si, 'PATCH', `${P}/transactions`, {
      transactions: [{ id: 'tx-031', category_id: 'cat-restaurants' }],
    });
    expect(si.knowledge()).toBe(2);
    expect((await delta('transactions', 1)).transactions.map((t: Item) => t.id)).toEqual(['tx-031']);
    expect((await delta('accounts', 1)).accounts.map((a: Item) => a.id)).toEqual(['acc-checking']);
    const groups = (await delta('categories', 1)).category_groups;
    expect(groups.map((g: Item) => [g.id, g.categories.map((c: Item) => c.id)])).toEqual([
      ['grp-everyday', ['cat-groceries', 'cat-restaurants']],
    ]);
    expect((await delta('months', 1)).months.map((m: Item) => m.month)).toEqual(['2026-09-01', '2026-08-01']);
    expect((await delta('payees', 1)).payees).toEqual([]);
    expect((await delta('transactions', 2)).transactions).toEqual([]);
    expect((await delta('transactions', 2)).server_knowledge).toBe(2);
  });

  it('an approval stamps the row and its account only', async () => {
    await call(si, 'PATCH', `${P}/transactions`, { transactions: [{ id: 'nw-004', approved: false }] });
    expect((await delta('accounts', 1)).accounts.map((a: Item) => a.id)).toEqual(['acc-car-loan']);
    expect((await delta('months', 1)).months).toEqual([]);
    expect((await delta('categories', 1)).category_groups).toEqual([]);
  });

  it('a delete is in the delta with deleted true, and out of a full read', async () => {
    await call(si, 'PATCH', `${P}/transactions`, {
      transactions: [{ id: 'tx-046', category_id: 'cat-groceries' }],
    });
    await call(si, 'DELETE', `${P}/transactions/tx-056`);
    expect(si.knowledge()).toBe(3);
    const since1 = (await delta('transactions', 1)).transactions;
    expect(since1.map((t: Item) => [t.id, t.deleted])).toEqual([
      ['tx-046', false],
      ['tx-056', true],
    ]);
    expect((await delta('transactions', 2)).transactions.map((t: Item) => t.id)).toEqual(['tx-056']);
    const full = (await get(si, `${P}/transactions`)).json.data;
    expect(full.transactions).toHaveLength(225);
    expect(full.transactions.some((t: Item) => t.id === 'tx-056')).toBe(false);
    expect(full.server_knowledge).toBe(3);
    const sinceZero = (await delta('transactions', 0)).transactions;
    expect(sinceZero).toHaveLength(225);
  });

  it('a delta combines with the date filter', async () => {
    await call(si, 'DELETE', `${P}/transactions/tx-056`);
    await call(si, 'DELETE', `${P}/transactions/nw-004`);
    const res = await get(si, `${P}/transactions?last_knowledge_of_server=1&since_date=2026-06-01`);
    expect(res.json.data.transactions.map((t: Item) => t.id)).toEqual(['tx-056']);
  });

  it('a budget change stamps the category and the month with later months', async () => {
    await call(si, 'PATCH', `${P}/months/2026-07-01/categories/cat-tennis`, { category: { budgeted: 0 } });
    expect((await delta('months', 1)).months.map((m: Item) => m.month)).toEqual([
      '2026-09-01',
      '2026-08-01',
      '2026-07-01',
    ]);
    expect((await delta('categories', 1)).category_groups[0].categories.map((c: Item) => c.id)).toEqual([
      'cat-tennis',
    ]);
    expect((await delta('transactions', 1)).transactions).toEqual([]);
  });

  it('a payee rename stamps the payee and the transactions naming it', async () => {
    await call(si, 'PATCH', `${P}/payees/pay-025`, { payee: { name: 'Landlord' } });
    expect((await delta('payees', 1)).payees).toEqual([
      { id: 'pay-025', name: 'Landlord', transfer_account_id: null, deleted: false },
    ]);
    const txs = (await delta('transactions', 1)).transactions;
    expect(txs.map((t: Item) => [t.id, t.payee_name])).toEqual([
      ['tx-000', 'Landlord'],
      ['tx-015', 'Landlord'],
      ['tx-030', 'Landlord'],
      ['tx-045', 'Landlord'],
    ]);
    expect((await delta('scheduled_transactions', 1)).scheduled_transactions.map((s: Item) => s.id)).toEqual([
      'sch-rent',
    ]);
  });

  it('a new category or a target change stamps the category', async () => {
    await call(si, 'POST', `${P}/categories`, { category: { name: 'Gifts', category_group_id: 'grp-fun' } });
    await call(si, 'PATCH', `${P}/categories/cat-rent`, { category: { goal_target: null } });
    const groups = (await delta('categories', 1)).category_groups;
    expect(groups.map((g: Item) => [g.id, g.categories.map((c: Item) => c.id)])).toEqual([
      ['grp-bills', ['cat-rent']],
      ['grp-fun', ['cat-new-1']],
    ]);
    expect((await delta('categories', 2)).category_groups.map((g: Item) => g.id)).toEqual(['grp-bills']);
  });

  it('a creation stamps the new payee and the new row', async () => {
    await call(si, 'POST', `${P}/transactions`, {
      transaction: { account_id: 'acc-checking', date: '2026-09-20', amount: -1000, payee_name: 'NEW SHOP' },
    });
    expect((await delta('payees', 1)).payees.map((p: Item) => p.id)).toEqual(['pay-043']);
    expect((await delta('transactions', 1)).transactions.map((t: Item) => t.id)).toEqual(['tx-226']);
    expect((await delta('months', 1)).months.map((m: Item) => m.month)).toEqual(['2026-09-01']);
  });

  it('reset gives a fresh state, knowledge 1', async () => {
    await call(si, 'DELETE', `${P}/transactions/tx-056`);
    si.reset();
    expect(si.knowledge()).toBe(1);
    expect(si.state.transactions.find((t) => t.id === 'tx-056')!.deleted).toBe(false);
    const plan = buildDemoPlan();
    plan.plan.id = 'other-plan';
    plan.transactions = plan.transactions.slice(0, 10);
    si.reset(plan);
    expect((await get(si, '/plans/other-plan/transactions')).json.data.transactions).toHaveLength(10);
    expect((await get(si, `${P}/transactions`)).status).toBe(404);
    await call(si, 'DELETE', '/plans/other-plan/transactions/tx-001');
    expect(plan.transactions[1]!.deleted).toBe(false); // the given plan is copied, never mutated
  });
});
