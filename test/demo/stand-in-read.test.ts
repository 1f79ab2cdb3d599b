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

describe('stand-in: server, auth and errors', () => {
  it('listens on 127.0.0.1 under /v1', () => {
    expect(si.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('answers 401 in YNAB shape without a bearer token', async () => {
    for (const token of [null, '', '   ']) {
      const res = await call(si, 'GET', '/plans', undefined, token);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: { id: '401', name: 'unauthorized', detail: 'Unauthorized' } });
    }
    const basic = await fetch(`${si.url}/plans`, { headers: { Authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
    expect((await get(si, '/plans')).status).toBe(200);
  });

  it('answers 404.1 for a route the demo does not serve', async () => {
    const res = await get(si, P);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      error: { id: '404.1', name: 'not_found', detail: `Not in the demo: GET ${P}` },
    });
    expect((await call(si, 'DELETE', `${P}/accounts`)).json.error.detail).toBe(
      `Not in the demo: DELETE ${P}/accounts`,
    );
    expect((await get(si, `${P}/settings`)).json.error.id).toBe('404.1');
  });

  it('answers 404.2 for an unknown plan, month or id', async () => {
    for (const path of [
      '/plans/other/accounts',
      '/plans/default/months',
      `${P}/months/2026-05-01`,
      `${P}/months/june`,
      `${P}/accounts/acc-nope`,
      `${P}/categories/cat-nope`,
      `${P}/transactions/tx-999`,
      `${P}/payees/pay-999`,
      `${P}/scheduled_transactions/sch-nope`,
      `${P}/months/2026-09-01/categories/cat-nope`,
      `${P}/accounts/%E0%A4%A`,
    ]) {
      const res = await get(si, path);
      expect([path, res.status, res.json]).toEqual([path, 404, NOT_FOUND]);
    }
  });

  it('strips /v1 and accepts last-used for the plan', async () => {
    const res = await get(si, '/plans/last-used/accounts');
    expect(res.status).toBe(200);
    const raw = await fetch(si.url.replace(/\/v1$/, '/plans'), { headers: { Authorization: 'Bearer x' } });
    expect(raw.status).toBe(200);
  });

  it('refuses malformed queries with 400', async () => {
    for (const q of ['last_knowledge_of_server=abc', 'since_date=2026-13', 'type=pending']) {
      const res = await get(si, `${P}/transactions?${q}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ id: '400', name: 'bad_request' });
    }
  });
});

describe('stand-in: read routes', () => {
  it('lists the plan with its currency_format and date_format, as YNAB does', async () => {
    const res = await get(si, '/plans');
    expect(res.json).toEqual({
      data: {
        plans: [
          {
            id: 'demo-budget',
            name: 'Demo household',
            last_modified_on: '2026-09-20',
            first_month: '2026-06-01',
            last_month: '2026-09-01',
            currency_format: {
              iso_code: 'EUR',
              example_format: '123 456,78',
              decimal_digits: 2,
              decimal_separator: ',',
              symbol_first: false,
              group_separator: ' ',
              currency_symbol: '€',
              display_symbol: true,
            },
            date_format: { format: 'DD/MM/YYYY' },
          },
        ],
      },
    });
  });

  it('serves the six accounts with computed balances', async () => {
    const res = await get(si, `${P}/accounts`);
    expect(res.json.data.server_knowledge).toBe(1);
    const accounts = res.json.data.accounts;
    expect(accounts).toHaveLength(6);
    expect(accounts[0]).toEqual({
      id: 'acc-checking',
      name: 'Checking',
      type: 'checking',
      on_budget: true,
      closed: false,
      note: null,
      balance: 3328500,
      cleared_balance: 3328500,
      uncleared_balance: 0,
      transfer_payee_id: 'pay-036',
      direct_import_linked: true,
      direct_import_in_error: false,
      last_reconciled_at: '2026-08-31T18:02:11.000Z',
      debt_original_balance: null,
      debt_interest_rates: null,
      debt_minimum_payments: null,
      debt_escrow_amounts: null,
      deleted: false,
    });
    const byId = Object.fromEntries(accounts.map((a: Item) => [a.id, a]));
    expect(byId['acc-student-loan'].balance).toBe(0);
    expect(byId['acc-car-loan'].balance).toBe(-19040810);
    expect(byId['acc-car-loan'].debt_interest_rates).toEqual({ '2025-03-31': 4500 });
    const one = await get(si, `${P}/accounts/acc-car-loan`);
    expect(one.json.data.account).toEqual(byId['acc-car-loan']);
  });

  it('serves the categories by group with their goal fields for the current month', async () => {
    const res = await get(si, `${P}/categories`);
    const groups = res.json.data.category_groups;
    expect(groups.map((g: Item) => [g.id, g.categories.length])).toEqual([
      ['grp-internal-master-category', 1],
      ['grp-bills', 4],
      ['grp-everyday', 3],
      ['grp-fun', 2],
      ['grp-savings-goals', 1],
    ]);
    expect(groups[1]).toMatchObject({ name: 'Bills', hidden: false, deleted: false });
    const tennis = groups[3].categories[0];
    expect(tennis).toMatchObject({
      id: 'cat-tennis',
      category_group_id: 'grp-fun',
      category_group_name: 'Fun',
      name: 'Tennis',
      hidden: false,
      deleted: false,
      goal_type: 'NEED',
      goal_target: 480000,
      goal_target_date: '2026-12-01',
      goal_cadence: 0,
      goal_creation_month: '2026-09-01',
    });
    const one = await get(si, `${P}/categories/cat-tennis`);
    expect(one.json.data.category).toEqual(tennis);
    expect(res.json.data.server_knowledge).toBe(1);
  });

  it('serves the payees and scheduled transactions', async () => {
    const payees = (await get(si, `${P}/payees`)).json.data;
    expect(payees.payees).toHaveLength(43);
    expect(payees.server_knowledge).toBe(1);
    expect((await get(si, `${P}/payees/pay-042`)).json.data.payee).toEqual({
      id: 'pay-042',
      name: 'VIR ACME EMPLOYER PRIME',
      transfer_account_id: null,
      deleted: false,
    });
    const sched = (await get(si, `${P}/scheduled_transactions`)).json.data;
    expect(sched.scheduled_transactions).toHaveLength(7);
    expect(sched.server_knowledge).toBe(1);
    const insurance = (await get(si, `${P}/scheduled_transactions/sch-insurance`)).json.data
      .scheduled_transaction;
    expect(insurance).toMatchObject({
      frequency: 'yearly',
      date_first: '2025-10-20',
      date_next: '2026-10-20',
      amount: -420000,
      payee_name: 'HOMESAFE INSURANCE',
      account_name: 'Checking',
      memo: null,
      flag_color: null,
      subtransactions: [],
      deleted: false,
    });
    const savings = sched.scheduled_transactions.find((s: Item) => s.id === 'sch-savings');
    expect(savings).toMatchObject({
      transfer_account_id: 'acc-savings',
      payee_id: 'pay-039',
      category_id: null,
    });
  });

  it('lists the months newest first, without categories', async () => {
    const res = await get(si, `${P}/months`);
    const months = res.json.data.months;
    expect(months.map((m: Item) => m.month)).toEqual([
      '2026-09-01',
      '2026-08-01',
      '2026-07-01',
      '2026-06-01',
    ]);
    expect(months[0]).toEqual({
      month: '2026-09-01',
      note: null,
      income: 0,
      budgeted: 1967670,
      activity: -1206680,
      to_be_budgeted: 1729320,
      age_of_money: 47,
      deleted: false,
    });
    expect(res.json.data.server_knowledge).toBe(1);
  });

  it('serves one month with its categories; current = the pinned today', async () => {
    const res = await get(si, `${P}/months/current`);
    expect(res.status).toBe(200);
    const month = res.json.data.month;
    expect(month.month).toBe('2026-09-01');
    expect(month.categories).toHaveLength(11);
    expect(month.categories.find((c: Item) => c.id === 'cat-groceries')).toMatchObject({
      budgeted: 400000,
      activity: 0,
      balance: 400000,
      goal_under_funded: 50000,
    });
    si.setToday('2026-07-14');
    expect((await get(si, `${P}/months/current`)).json.data.month.month).toBe('2026-07-01');
    expect((await get(si, `${P}/months/2026-06-15`)).json.data.month.month).toBe('2026-06-01');
    si.setToday('2026-10-01');
    expect((await get(si, `${P}/months/current`)).json).toEqual(NOT_FOUND);
    expect(() => si.setToday('tomorrow')).toThrow(RangeError);
  });

  it('serves one month category', async () => {
    const res = await get(si, `${P}/months/2026-08-01/categories/cat-restaurants`);
    expect(res.json.data.category).toMatchObject({
      id: 'cat-restaurants',
      budgeted: 120000,
      activity: -89100,
      balance: 30900,
    });
  });

  it('lists the transactions and one transaction', async () => {
    const res = await get(si, `${P}/transactions`);
    expect(res.json.data.transactions).toHaveLength(226);
    expect(res.json.data.server_knowledge).toBe(1);
    const one = await get(si, `${P}/transactions/nw-004`);
    expect(one.json.data.transaction).toMatchObject({ id: 'nw-004', date: '2025-04-04', amount: -92810 });
  });

  it('filters transactions by date and type', async () => {
    const ids = async (q: string) =>
      (await get(si, `${P}/transactions?${q}`)).json.data.transactions.map((t: Item) => t.id);
    expect(await ids('since_date=2026-09-16')).toEqual(['tx-053', 'tx-054', 'tx-055', 'tx-056']);
    expect(await ids('since_date=2026-09-01&until_date=2026-09-05')).toEqual([
      'tx-045',
      'tx-046',
      'nw-161',
      'nw-162',
      'nw-163',
    ]);
    expect(await ids('until_date=2025-03-31')).toEqual(['nw-000', 'nw-001', 'nw-002', 'nw-003']);
    expect(await ids('type=uncategorized')).toEqual([
      'tx-046',
      'tx-052',
      'tx-053',
      'tx-054',
      'tx-055',
      'tx-056',
    ]);
    expect(await ids('type=unapproved')).toEqual([]);
    await call(si, 'PATCH', `${P}/transactions`, { transactions: [{ id: 'tx-001', approved: false }] });
    expect(await ids('type=unapproved')).toEqual(['tx-001']);
  });
});
