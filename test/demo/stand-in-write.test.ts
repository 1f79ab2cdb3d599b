import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { NOT_FOUND, P, call, get } from './helpers.js';
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
const post = (body: unknown) => call(si, 'POST', `${P}/transactions`, body);
const newTx = (over: Record<string, unknown> = {}) => ({
  account_id: 'acc-checking',
  date: '2026-09-24',
  amount: -12500,
  payee_name: 'CAFE DU COIN',
  cleared: 'cleared',
  approved: true,
  ...over,
});

describe('PATCH /transactions', () => {
  it('copies category, cleared, approved, flag and memo, recomputing category_name', async () => {
    const res = await patch([
      { id: 'tx-046', category_id: 'cat-groceries' },
      { id: 'tx-053', approved: false, flag_color: 'red', memo: null, cleared: 'reconciled' },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.data.transaction_ids).toEqual(['tx-046', 'tx-053']);
    expect(res.json.data.server_knowledge).toBe(2);
    expect(row('tx-046')).toMatchObject({ category_id: 'cat-groceries', category_name: 'Groceries' });
    expect(row('tx-053')).toMatchObject({
      approved: false,
      flag_color: 'red',
      memo: null,
      cleared: 'reconciled',
    });
    expect(res.json.data.transactions[1]).toMatchObject({ id: 'tx-053', flag_color: 'red' });
    expect(si.knowledge()).toBe(2);
    const sept = (await get(si, `${P}/months/2026-09-01`)).json.data.month;
    expect(sept.activity).toBe(-1206680 - 66120);
    expect(sept.categories.find((c: Item) => c.id === 'cat-groceries').activity).toBe(-66120);
  });

  it('clears a category with null', async () => {
    await patch([{ id: 'tx-000', category_id: null }]);
    expect(row('tx-000')).toMatchObject({ category_id: null, category_name: null });
  });

  it('splits a transaction into subtransactions with ids <tx-id>-<index>', async () => {
    const res = await patch([
      {
        id: 'tx-055',
        category_id: null,
        subtransactions: [
          { amount: -50000, category_id: 'cat-groceries', memo: 'food' },
          { amount: -21860, category_id: 'cat-restaurants' },
        ],
      },
    ]);
    expect(res.status).toBe(200);
    expect(row('tx-055').subtransactions).toEqual([
      {
        id: 'tx-055-0',
        transaction_id: 'tx-055',
        amount: -50000,
        memo: 'food',
        payee_id: null,
        payee_name: null,
        category_id: 'cat-groceries',
        category_name: 'Groceries',
        transfer_account_id: null,
        deleted: false,
      },
      expect.objectContaining({
        id: 'tx-055-1',
        category_id: 'cat-restaurants',
        category_name: 'Restaurants',
        deleted: false,
      }),
    ]);
    const groceries = (await get(si, `${P}/months/2026-09-01/categories/cat-groceries`)).json.data.category;
    expect(groceries.activity).toBe(-50000);
    const uncategorized = (await get(si, `${P}/transactions?type=uncategorized`)).json.data.transactions;
    expect(uncategorized.map((t: Item) => t.id)).not.toContain('tx-055');
    const again = await patch([
      { id: 'tx-055', subtransactions: [{ amount: -71860, category_id: 'cat-groceries' }] },
    ]);
    expect(again.status).toBe(400);
    expect((await patch([{ id: 'tx-055', category_id: 'cat-rent' }])).status).toBe(400);
  });

  it('refuses subtransactions that do not add up', async () => {
    const res = await patch([
      { id: 'tx-055', subtransactions: [{ amount: -1, category_id: 'cat-groceries' }] },
    ]);
    expect(res.status).toBe(400);
    expect(si.knowledge()).toBe(1);
  });

  it('applies nothing when one id is unknown (404.2)', async () => {
    const res = await patch([
      { id: 'tx-046', category_id: 'cat-groceries' },
      { id: 'tx-999', category_id: 'cat-groceries' },
    ]);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect(row('tx-046').category_id).toBeNull();
    expect(si.knowledge()).toBe(1);
    expect(si.writes).toEqual([]);
    expect((await patch([{ id: 'tx-046', category_id: 'cat-nope' }])).json).toEqual(NOT_FOUND);
  });

  it.each([
    [[{ id: 'tx-046', cleared: 'maybe' }]],
    [[{ id: 'tx-046', approved: 'yes' }]],
    [[{ id: 'tx-046', flag_color: 'pink' }]],
    [[{ id: 'tx-046', memo: 5 }]],
    [[{ id: 'tx-046', category_id: 7 }]],
    [[]],
    [['tx-046']],
  ])('refuses bad items with 400: %j', async (items) => {
    const res = await patch(items);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ id: '400', name: 'bad_request' });
  });

  it('answers 400 for a malformed JSON body', async () => {
    const res = await call(si, 'PATCH', `${P}/transactions`, '{"transactions": [');
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ id: '400', name: 'bad_request' });
    expect(si.requests.at(-1)!.body).toBe('{"transactions": [');
  });
});

describe('POST /transactions', () => {
  it('creates tx-226 onwards, 201, resolving or creating payees', async () => {
    const res = await post({
      transactions: [
        newTx(),
        newTx({
          payee_name: 'STREAMFLIX',
          amount: -13490,
          category_id: 'cat-subscriptions',
          memo: 'x',
          flag_color: 'blue',
        }),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      transaction_ids: ['tx-226', 'tx-227'],
      duplicate_import_ids: [],
      server_knowledge: 2,
    });
    expect(row('tx-226')).toEqual({
      id: 'tx-226',
      date: '2026-09-24',
      amount: -12500,
      memo: null,
      cleared: 'cleared',
      approved: true,
      account_id: 'acc-checking',
      account_name: 'Checking',
      payee_id: 'pay-043',
      payee_name: 'CAFE DU COIN',
      category_id: null,
      category_name: null,
      transfer_account_id: null,
      deleted: false,
    });
    expect(row('tx-227')).toMatchObject({
      payee_id: 'pay-030',
      category_name: 'Subscriptions',
      memo: 'x',
      flag_color: 'blue',
    });
    expect(si.state.payees.at(-1)).toEqual({
      id: 'pay-043',
      name: 'CAFE DU COIN',
      transfer_account_id: null,
      deleted: false,
    });
    const accounts = (await get(si, `${P}/accounts`)).json.data.accounts;
    expect(accounts[0].balance).toBe(3328500 - 12500 - 13490);
  });

  it('accepts a single transaction and defaults to unapproved, uncleared', async () => {
    const res = await post({ transaction: { account_id: 'acc-savings', date: '2026-09-01', amount: 1000 } });
    expect(res.status).toBe(201);
    expect(res.json.data.transaction).toMatchObject({
      id: 'tx-226',
      approved: false,
      cleared: 'uncleared',
      payee_id: null,
    });
    const savings = (await get(si, `${P}/accounts/acc-savings`)).json.data.account;
    expect(savings).toMatchObject({ balance: 601000, cleared_balance: 600000, uncleared_balance: 1000 });
  });

  it('skips a repeated import_id (batch) and answers 409 for a single one', async () => {
    await post({ transactions: [newTx({ import_id: 'YNAB:-12500:2026-09-24:1' })] });
    const batch = await post({
      transactions: [newTx({ import_id: 'YNAB:-12500:2026-09-24:1' }), newTx({ amount: -1 })],
    });
    expect(batch.json.data.duplicate_import_ids).toEqual(['YNAB:-12500:2026-09-24:1']);
    expect(batch.json.data.transaction_ids).toEqual(['tx-227']);
    const single = await post({ transaction: newTx({ import_id: 'YNAB:-12500:2026-09-24:1' }) });
    expect(single.status).toBe(409);
  });

  it('makes both sides of a transfer given a transfer payee id', async () => {
    const res = await post({
      transaction: newTx({ payee_id: 'pay-039', payee_name: undefined, amount: -5000 }),
    });
    expect(res.json.data.transaction_ids).toEqual(['tx-226']);
    expect(row('tx-226')).toMatchObject({
      payee_name: 'Transfer : Savings',
      transfer_account_id: 'acc-savings',
    });
    expect(row('tx-227')).toMatchObject({
      account_id: 'acc-savings',
      amount: 5000,
      payee_id: 'pay-036',
      transfer_account_id: 'acc-checking',
    });
  });

  it('creates a split transaction', async () => {
    const res = await post({
      transaction: newTx({
        subtransactions: [
          { amount: -10000, category_id: 'cat-groceries' },
          { amount: -2500, payee_name: 'TIP' },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(row('tx-226').subtransactions!.map((s) => [s.id, s.category_id, s.payee_name])).toEqual([
      ['tx-226-0', 'cat-groceries', null],
      ['tx-226-1', null, 'TIP'],
    ]);
    expect(si.state.payees.map((p) => p.name)).toContain('TIP');
  });

  it.each([
    [{ transactions: [newTx({ date: '2026-09-27' })] }, 400],
    [{ transactions: [newTx({ date: '2021-09-24' })] }, 400],
    [{ transactions: [newTx({ date: '26/09/2026' })] }, 400],
    [{ transactions: [newTx({ amount: 1.5 })] }, 400],
    [{ transactions: [newTx({ payee_name: '' })] }, 400],
    [{ transactions: [newTx({ import_id: '' })] }, 400],
    [{ transactions: [newTx({ account_id: 'acc-nope' })] }, 404],
    [{ transactions: [newTx({ payee_id: 'pay-999' })] }, 404],
    [{ transactions: [newTx({ payee_id: 'pay-036' })] }, 400],
    [{ transactions: [] }, 400],
    [{ nothing: true }, 400],
  ])('refuses %j', async (body, status) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(si.knowledge()).toBe(1);
    expect(si.state.transactions).toHaveLength(226);
  });
});

describe('import, GET and DELETE of one transaction', () => {
  it('import finds nothing new', async () => {
    const res = await call(si, 'POST', `${P}/transactions/import`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { transaction_ids: [] } });
    expect(si.knowledge()).toBe(1);
  });

  it('soft-deletes a transaction', async () => {
    const res = await call(si, 'DELETE', `${P}/transactions/tx-056`);
    expect(res.status).toBe(200);
    expect(res.json.data.transaction).toMatchObject({ id: 'tx-056', deleted: true });
    expect(res.json.data.server_knowledge).toBe(2);
    expect(row('tx-056').deleted).toBe(true);
    expect((await get(si, `${P}/accounts/acc-checking`)).json.data.account.balance).toBe(3328500 + 71860);
    expect((await get(si, `${P}/transactions/tx-056`)).json.data.transaction.deleted).toBe(true);
    expect((await call(si, 'DELETE', `${P}/transactions/tx-056`)).json).toEqual(NOT_FOUND);
    expect((await call(si, 'DELETE', `${P}/transactions/tx-999`)).json).toEqual(NOT_FOUND);
  });
});

describe('budget, category and payee writes', () => {
  it('sets a month category budget and carries Ready to Assign', async () => {
    const res = await call(si, 'PATCH', `${P}/months/2026-08-01/categories/cat-holidays`, {
      category: { budgeted: 250000 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.category).toMatchObject({ id: 'cat-holidays', budgeted: 250000, balance: 250000 });
    const months = (await get(si, `${P}/months`)).json.data.months;
    expect(months.map((m: Item) => m.to_be_budgeted)).toEqual([1679320, 3646990, 2464660, 1232330]);
    const current = await call(si, 'PATCH', `${P}/months/current/categories/cat-rent`, {
      category: { budgeted: 0 },
    });
    expect(current.json.data.category).toMatchObject({
      budgeted: 0,
      balance: -950000,
      goal_under_funded: 950000,
    });
    expect(
      (await call(si, 'PATCH', `${P}/months/2026-08-01/categories/cat-rent`, { category: { budgeted: '1' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(si, 'PATCH', `${P}/months/2026-05-01/categories/cat-rent`, { category: { budgeted: 1 } }))
        .json,
    ).toEqual(NOT_FOUND);
    expect(
      (await call(si, 'PATCH', `${P}/months/2026-08-01/categories/cat-x`, { category: { budgeted: 1 } }))
        .json,
    ).toEqual(NOT_FOUND);
  });

  it('sets, changes and removes a target', async () => {
    const set = await call(si, 'PATCH', `${P}/categories/cat-holidays`, {
      category: { goal_target: 1200000, goal_target_date: '2027-06-01' },
    });
    expect(set.status).toBe(200);
    expect(set.json.data.category).toMatchObject({
      goal_type: 'NEED',
      goal_target: 1200000,
      goal_target_date: '2027-06-01',
      goal_cadence: 0,
      goal_cadence_frequency: 1,
      goal_creation_month: '2026-09-01',
      goal_months_to_budget: 10,
    });
    await call(si, 'PATCH', `${P}/categories/cat-rent`, { category: { goal_target: 1000000 } });
    expect(si.state.categories.find((c) => c.id === 'cat-rent')!.target).toMatchObject({
      goal_target: 1000000,
      goal_creation_month: '2026-06-01',
      goal_cadence: 1,
    });
    await call(si, 'PATCH', `${P}/categories/cat-tennis`, { category: { goal_target: null } });
    const tennis = (await get(si, `${P}/months/2026-09-01/categories/cat-tennis`)).json.data.category;
    expect([tennis.goal_type, tennis.goal_target]).toEqual([null, null]);
    const bad = await call(si, 'PATCH', `${P}/categories/cat-rent`, {
      category: { goal_frequency: 'monthly' },
    });
    expect(bad.status).toBe(400);
    expect(si.knowledge()).toBe(4);
  });

  it('renames a category and moves it to another group', async () => {
    const res = await call(si, 'PATCH', `${P}/categories/cat-tennis`, {
      category: { name: 'Padel', category_group_id: 'grp-everyday' },
    });
    expect(res.json.data.category).toMatchObject({
      name: 'Padel',
      category_group_id: 'grp-everyday',
      category_group_name: 'Everyday',
    });
    expect(
      (await call(si, 'PATCH', `${P}/categories/cat-tennis`, { category: { category_group_id: 'grp-x' } }))
        .json,
    ).toEqual(NOT_FOUND);
    expect((await call(si, 'PATCH', `${P}/categories/cat-tennis`, { category: { name: '' } })).status).toBe(
      400,
    );
    expect((await call(si, 'PATCH', `${P}/categories/cat-x`, { category: { name: 'X' } })).json).toEqual(
      NOT_FOUND,
    );
  });

  it('creates a category', async () => {
    const res = await call(si, 'POST', `${P}/categories`, {
      category: { name: 'Gifts', category_group_id: 'grp-fun' },
    });
    expect(res.status).toBe(201);
    expect(res.json.data.category).toMatchObject({
      id: 'cat-new-1',
      name: 'Gifts',
      category_group_id: 'grp-fun',
      budgeted: 0,
      goal_type: null,
    });
    const second = await call(si, 'POST', `${P}/categories`, {
      category: { name: 'Books', category_group_id: 'grp-fun' },
    });
    expect(second.json.data.category.id).toBe('cat-new-2');
    const groups = (await get(si, `${P}/categories`)).json.data.category_groups;
    expect(groups[3].categories.map((c: Item) => c.id)).toEqual([
      'cat-tennis',
      'cat-subscriptions',
      'cat-new-1',
      'cat-new-2',
    ]);
    expect((await call(si, 'POST', `${P}/categories`, { category: { name: 'X' } })).status).toBe(400);
  });

  it('renames a payee and every transaction naming it', async () => {
    const res = await call(si, 'PATCH', `${P}/payees/pay-030`, { payee: { name: 'Streamflix' } });
    expect(res.json.data.payee).toEqual({
      id: 'pay-030',
      name: 'Streamflix',
      transfer_account_id: null,
      deleted: false,
    });
    const named = si.state.transactions.filter((t) => t.payee_id === 'pay-030');
    expect(named).toHaveLength(4);
    expect(named.every((t) => t.payee_name === 'Streamflix')).toBe(true);
    expect((await call(si, 'PATCH', `${P}/payees/pay-999`, { payee: { name: 'X' } })).json).toEqual(
      NOT_FOUND,
    );
    expect((await call(si, 'PATCH', `${P}/payees/pay-030`, { payee: { name: ' ' } })).status).toBe(400);
    expect((await call(si, 'PATCH', `${P}/payees/pay-030`, { name: 'X' })).status).toBe(400);
  });
});
