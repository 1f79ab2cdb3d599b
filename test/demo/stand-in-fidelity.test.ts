/**
 * Where YNAB's API (OpenAPI 1.86.0) fixes a behaviour, the stand-in follows it, so that the tests meet
 * what a real plan answers: `internal` on every category, `subtransactions: []` on a transaction that
 * is not split, an empty `flag_color`, 200 for a bulk update, no category on a tracking account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/demo/index.js';
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

const row = (id: string) => si.state.transactions.find((t) => t.id === id)!;
const patch = (items: unknown[]) => call(si, 'PATCH', `${P}/transactions`, { transactions: items });

describe('the stand-in answers as YNAB 1.86.0 does', () => {
  it('flags every category internal or not, as its group', async () => {
    const groups = (await get(si, `${P}/categories`)).json.data.category_groups as Item[];
    const categories = groups.flatMap((g) => g.categories);
    expect(categories.every((c) => typeof c['internal'] === 'boolean')).toBe(true);
    expect(categories.filter((c) => c['internal'] === true).map((c) => c.id)).toEqual(['cat-inflow']);
    const month = (await get(si, `${P}/months/2026-09-01`)).json.data.month as Item;
    expect(month.categories.find((c) => c.id === 'cat-inflow')?.['internal']).toBe(true);
    expect(month.categories.find((c) => c.id === 'cat-rent')?.['internal']).toBe(false);
  });

  it('sends subtransactions: [] on every transaction that is not split', async () => {
    const list = (await get(si, `${P}/transactions`)).json.data.transactions as Item[];
    expect(list.length).toBeGreaterThan(100);
    expect(list.every((t) => Array.isArray(t['subtransactions']))).toBe(true);
    const one = (await get(si, `${P}/transactions/tx-046`)).json.data.transaction as Item;
    expect(one['subtransactions']).toEqual([]);
  });

  it('answers a bulk PATCH with 200 and takes an empty flag_color as no flag', async () => {
    row('tx-053').flag_color = 'red';
    const res = await patch([{ id: 'tx-053', flag_color: '' }]);
    expect(res.status).toBe(200);
    expect(row('tx-053').flag_color).toBeNull();
    expect((await patch([{ id: 'tx-053', flag_color: 'pink' }])).status).toBe(400);
  });

  it('refuses a category on a tracking account, on create and on update, changing nothing', async () => {
    const created = await call(si, 'POST', `${P}/transactions`, {
      transaction: {
        account_id: 'acc-joint-savings',
        date: '2026-09-24',
        amount: 5000,
        category_id: 'cat-inflow',
      },
    });
    expect(created.status).toBe(400);
    expect(created.json.error.detail).toBe('A transaction on a tracking account cannot have a category.');
    const updated = await patch([{ id: 'nw-000', category_id: 'cat-groceries' }]);
    expect(updated.status).toBe(400);
    expect(row('nw-000').category_id).toBeNull();
    expect(si.knowledge()).toBe(1);
    expect((await patch([{ id: 'nw-000', category_id: null, memo: 'ok' }])).status).toBe(200);
  });
});
