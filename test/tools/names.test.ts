/**
 * Names where ids are asked, through a real client: account, category, group and payee names taken by
 * read and write tools, the refusals of an unknown or ambiguous name (before anything is asked, after
 * the list reads only), a confirmation bound to the ids its preview resolved (a rename in between does
 * not move it to another category), and ids costing no request more than before.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../src/demo/index.js';
import { E_CODE_REFUSED, E_PLAN_CHANGED } from '../../src/safety/confirm.js';
import { ERAS, call, connect, requestLines, textOf, type Harness, out, writes } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';

const PLAN = 'demo-budget';
const MONTH = '2026-09-01';
const MONTH_PATH = `/plans/${PLAN}/months/${MONTH}`;
const ACCOUNTS = `GET /plans/${PLAN}/accounts`;
const CATEGORIES = `GET /plans/${PLAN}/categories`;
const PAYEES = `GET /plans/${PLAN}/payees`;
const TRANSACTIONS = `GET /plans/${PLAN}/transactions`;

/** The request lines without their query strings. */
const paths = (h: Harness) => requestLines(h.standIn).map((line) => line.split('?')[0]);

/**
 * The demo plan with names that need telling apart: `Insurance` in two groups, a second account named
 * like `Joint savings` in another case, and a payee whose name is shaped like an id.
 */
function namesPlan(): PlanData {
  const plan = buildDemoPlan();
  const base = { hidden: false, deleted: false, note: null, target: null };
  plan.categories.push(
    { ...base, id: 'cat-ins-bills', name: 'Insurance', category_group_id: 'grp-bills' },
    { ...base, id: 'cat-ins-fun', name: 'INSURANCE', category_group_id: 'grp-fun' },
  );
  const joint = plan.accounts.find((a) => a.id === 'acc-joint-savings')!;
  plan.accounts.push({ ...joint, id: 'acc-joint-2', name: 'JOINT SAVINGS' });
  const payee = plan.payees.find((p) => p.id === 'pay-028')!;
  plan.payees.push({ ...payee, id: 'pay-999', name: 'corner-shop' });
  return plan;
}

/** Renames a category in the stand-in, as the user would in YNAB, behind the server's back. */
const renameInYnab = (h: Harness, id: string, name: string) =>
  fetch(`${h.standIn.url}/plans/${PLAN}/categories/${id}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ category: { name } }),
  });

describe.each(ERAS)('names where ids are asked, %s era', (era) => {
  it.beforeEach(({ h }) => {
    h.standIn.reset(namesPlan());
  });

  it('find_transactions takes an account and a category by name, in the requests ids cost', async ({ h }) => {
    const s = await connect(h, era);
    const args = { plan_id: PLAN, since_date: '2026-06-01' };
    const byId = await call(s, 'find_transactions', {
      ...args,
      account_ids: ['acc-checking'],
      category_ids: ['cat-restaurants'],
    });
    const idRequests = paths(h).sort();
    expect(idRequests).toEqual([ACCOUNTS, CATEGORIES, TRANSACTIONS]);
    const t = await connect(h, era);
    h.standIn.clearRequests();
    const byName = await call(t, 'find_transactions', {
      ...args,
      account_ids: ['  CHECKING '],
      category_ids: ['restaurants'],
    });
    expect(byName.isError).toBeFalsy();
    expect(out(byName)).toEqual(out(byId));
    expect((out(byName).transactions as unknown[]).length).toBeGreaterThan(0);
    // the lists read to resolve the names are the tool's own reads: no request more
    expect(paths(h).sort()).toEqual(idRequests);
  });

  it("takes 'last-used' with names in a read: each uncached list is still read once", async ({ h }) => {
    const s = await connect(h, era);
    const r = await call(s, 'find_transactions', {
      plan_id: 'last-used',
      since_date: MONTH,
      account_ids: ['Checking'],
    });
    expect(r.isError).toBeFalsy();
    expect(paths(h).sort()).toEqual([
      'GET /plans/last-used/accounts',
      'GET /plans/last-used/categories',
      'GET /plans/last-used/transactions',
    ]);
  });

  it('set_category_budget by category name: the code applies to the id the preview showed', async ({ h }) => {
    const s = await connect(h, era);
    const args = { plan_id: PLAN, month: MONTH, category_id: 'Restaurants', amount: 150 };
    const preview = out(await call(s, 'set_category_budget', args));
    expect(preview).toMatchObject({
      category_id: 'cat-restaurants',
      category: 'Restaurants',
      to_amount: 150,
    });
    // a write reads anew: the category list the name needed, then the month
    expect(paths(h)).toEqual([CATEGORIES, `GET ${MONTH_PATH}`]);
    const applied = out(
      await call(s, 'set_category_budget', { ...args, confirmation: preview.confirmation }),
    );
    expect(applied).toMatchObject({ status: 'applied', category_id: 'cat-restaurants' });
    expect(writes(h)).toEqual([
      ['PATCH', `${MONTH_PATH}/categories/cat-restaurants`, { category: { budgeted: 150_000 } }],
    ]);
  });

  it("resolves 'last-used' once for the names and the write: one GET /plans", async ({ h }) => {
    const s = await connect(h, era);
    const r = out(
      await call(s, 'set_category_budget', {
        plan_id: 'last-used',
        month: MONTH,
        category_id: 'Everyday: Groceries',
        amount: 500,
      }),
    );
    expect(r).toMatchObject({ status: 'confirmation_required', category_id: 'cat-groceries' });
    expect(paths(h)).toEqual(['GET /plans', CATEGORIES, `GET ${MONTH_PATH}`]);
    // the plan known now, an id is checked against its cached list: still no read of its own
    h.standIn.clearRequests();
    const again = out(
      await call(s, 'set_category_budget', {
        plan_id: 'last-used',
        month: MONTH,
        category_id: 'cat-groceries',
        amount: 500,
      }),
    );
    expect(again).toMatchObject({ status: 'confirmation_required', category_id: 'cat-groceries' });
    expect(paths(h)).toEqual(['GET /plans', `GET ${MONTH_PATH}`]);
  });

  it('move_money by category names, asked and applied on yes', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const r = out(
      await call(s, 'move_money', {
        plan_id: PLAN,
        month: MONTH,
        from_category_id: 'holidays',
        to_category_id: 'Everyday: Restaurants',
        amount: 10,
      }),
    );
    expect(r).toMatchObject({ status: 'applied' });
    expect(a.questions[0]).toContain('Move 10.00 from Holidays to Restaurants');
    expect(writes(h).map(([method, path]) => `${String(method)} ${String(path)}`)).toEqual([
      `PATCH ${MONTH_PATH}/categories/cat-holidays`,
      `PATCH ${MONTH_PATH}/categories/cat-restaurants`,
    ]);
  });

  it('create_transactions takes the account and each category by name; payee_name stays a name', async ({
    h,
  }) => {
    const s = await connect(h, era);
    const args = {
      plan_id: PLAN,
      account_id: 'checking',
      transactions: [
        { date: '2026-09-20', amount: -5, payee_name: 'Groceries', category_id: 'Groceries' },
        { date: '2026-09-21', amount: -7, payee_name: 'New Bakery', category_id: null },
        { date: '2026-09-22', amount: 9, payee_name: 'Refund', category_id: 'inflow: ready to assign' },
      ],
    };
    const preview = out(await call(s, 'create_transactions', args));
    expect(paths(h)).toEqual([ACCOUNTS, CATEGORIES]);
    const applied = await call(s, 'create_transactions', { ...args, confirmation: preview.confirmation });
    expect(out(applied)).toMatchObject({ status: 'applied' });
    const [method, path, body] = writes(h)[0]!;
    expect([method, path]).toEqual(['POST', `/plans/${PLAN}/transactions`]);
    expect(body).toMatchObject({
      transactions: [
        { account_id: 'acc-checking', payee_name: 'Groceries', category_id: 'cat-groceries' },
        { account_id: 'acc-checking', payee_name: 'New Bakery' },
        { account_id: 'acc-checking', payee_name: 'Refund', category_id: 'cat-inflow' },
      ],
    });
  });

  it('create_category takes its group by name', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const r = await call(s, 'create_category', { plan_id: PLAN, category_group_id: 'bills', name: 'Water' });
    expect(out(r)).toMatchObject({ status: 'applied' });
    expect(writes(h)).toEqual([
      ['POST', `/plans/${PLAN}/categories`, { category: { name: 'Water', category_group_id: 'grp-bills' } }],
    ]);
  });

  it('update_transactions takes a payee by name, and a payee named like an id once its list is known', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const tx = h.standIn.state.transactions.find((t) => t.payee_id === 'pay-028' && !t.deleted)!;
    const first = await call(s, 'update_transactions', {
      plan_id: PLAN,
      transactions: [{ transaction_id: tx.id, payee_id: 'Interest' }],
    });
    expect(out(first)).toMatchObject({ status: 'applied' });
    expect(h.standIn.state.transactions.find((t) => t.id === tx.id)?.payee_id).toBe('pay-024');
    // the payee list is cached now: `corner-shop` is a name there, not an id
    const second = await call(s, 'update_transactions', {
      plan_id: PLAN,
      transactions: [{ transaction_id: tx.id, payee_id: 'corner-shop' }],
    });
    expect(out(second)).toMatchObject({ status: 'applied' });
    expect(h.standIn.state.transactions.find((t) => t.id === tx.id)?.payee_id).toBe('pay-999');
  });

  it('refuses a category name two groups share, listing Group: Name, after the list read only', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const r = await call(s, 'set_category_budget', {
      plan_id: PLAN,
      month: MONTH,
      category_id: 'insurance',
      amount: 10,
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      "category_id 'insurance' names 2 categories: give one as 'Bills: Insurance' or 'Fun: INSURANCE', or its id.",
    );
    expect(paths(h)).toEqual([CATEGORIES]);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
    // the group tells them apart
    const ok = await call(s, 'set_category_budget', {
      plan_id: PLAN,
      month: MONTH,
      category_id: 'Fun: Insurance',
      amount: 10,
    });
    expect(out(ok)).toMatchObject({ status: 'applied', category_id: 'cat-ins-fun' });
  });

  it.for<[string, Record<string, unknown>, string, string[]]>([
    [
      'move_money',
      { month: MONTH, from_category_id: 'Holidays', to_category_id: 'Groceriez', amount: 5 },
      "to_category_id 'Groceriez' is neither a category id nor the name of a visible category: use a name or id from get_category_balances.",
      [CATEGORIES],
    ],
    [
      'create_transfer',
      { from_account_id: 'Joint savings', to_account_id: 'Checking', amount: 5, date: '2026-09-20' },
      "from_account_id 'Joint savings' names 2 accounts: give one by its id, 'acc-joint-savings' or 'acc-joint-2'.",
      [ACCOUNTS],
    ],
    [
      'reconcile_account',
      { account_id: 'Student loan', bank_balance: 0 },
      "account_id 'Student loan' is neither an account id nor the name of an open account: use a name or id from list_accounts.",
      [ACCOUNTS],
    ],
    [
      'rename_payee',
      { payee_id: 'pay 013', name: 'Market Fresh' },
      "payee_id 'pay 013' is neither a payee id nor the name of a payee: use a name or id from list_payees.",
      [PAYEES],
    ],
    [
      'update_category',
      { category_id: 'Rent', category_group_id: 'Housing' },
      "category_group_id 'Housing' is neither a category group id nor the name of a visible group: use a name or id from list_category_groups.",
      [CATEGORIES],
    ],
    [
      'split_transaction',
      {
        transaction_id: 'tx-001',
        lines: [
          { amount: -1, category_id: 'Rent' },
          { amount: -1, category_id: 'Nope' },
        ],
      },
      "lines[1].category_id 'Nope' is neither a category id nor the name of a visible category: use a name or id from get_category_balances.",
      [CATEGORIES],
    ],
  ])(
    '%s: refuses an unknown or ambiguous name before asking anything',
    async ([tool, args, text, requests], { h }) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { elicit: a.handler });
      const r = await call(s, tool, { plan_id: PLAN, ...args });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(text);
      expect(paths(h)).toEqual(requests);
      expect(a.questions).toEqual([]);
      expect(h.standIn.writes).toEqual([]);
    },
  );

  it('a code issued for a name does not follow the name to another category', async ({ h }) => {
    const s = await connect(h, era);
    const args = { plan_id: PLAN, month: MONTH, category_id: 'Groceries', amount: 450 };
    const preview = out(await call(s, 'set_category_budget', args));
    expect(preview).toMatchObject({ category_id: 'cat-groceries', status: 'confirmation_required' });
    // the user renames in YNAB: Groceries becomes Food, and Restaurants takes the name Groceries
    expect((await renameInYnab(h, 'cat-groceries', 'Food')).ok).toBe(true);
    expect((await renameInYnab(h, 'cat-restaurants', 'Groceries')).ok).toBe(true);
    h.standIn.clearRequests();
    const r = await call(s, 'set_category_budget', { ...args, confirmation: preview.confirmation });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(E_CODE_REFUSED);
    expect(h.standIn.writes.filter((w) => w.path.includes('/months/'))).toEqual([]);
    expect(h.standIn.state.budgets[MONTH]?.['cat-restaurants']).toBe(120_000);
    // renamed away with no other category taking the name: the name is unknown now
    const gone = await call(s, 'set_category_budget', { ...args, category_id: 'Food', amount: 1 });
    expect(out(gone)).toMatchObject({ category_id: 'cat-groceries' });
    await renameInYnab(h, 'cat-restaurants', 'Restaurants');
    const unknown = await call(s, 'set_category_budget', { ...args, confirmation: gone.confirmation });
    expect(textOf(unknown)).toContain("category_id 'Groceries' is neither a category id nor the name");
  });

  it('a yes given while the name moves to another category never changes that one', async ({ h }) => {
    // the user renames in YNAB while the question is on screen
    const handler = async () => {
      await renameInYnab(h, 'cat-groceries', 'Food');
      await renameInYnab(h, 'cat-restaurants', 'Groceries');
      return ACCEPT;
    };
    const s = await connect(h, era, { elicit: handler });
    const args = { plan_id: PLAN, month: MONTH, category_id: 'Groceries', amount: 450 };
    const r = await call(s, 'set_category_budget', args);
    const budgets = h.standIn.writes.filter((w) => w.path.includes('/months/')).map((w) => w.path);
    expect(budgets).not.toContain(`${MONTH_PATH}/categories/cat-restaurants`);
    expect(h.standIn.state.budgets[MONTH]?.['cat-restaurants']).toBe(120_000);
    // the plan changed under the question, and the name with it: refused in both eras
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(E_PLAN_CHANGED);
    expect(budgets).toEqual([]);
  });

  it('with the lists cached, ids of a group and a category cost no read of their own', async ({ h }) => {
    const s = await connect(h, era);
    await call(s, 'list_category_groups', { plan_id: PLAN });
    h.standIn.clearRequests();
    const group = out(
      await call(s, 'create_category', { plan_id: PLAN, category_group_id: 'grp-bills', name: 'Water' }),
    );
    expect(group).toMatchObject({ status: 'confirmation_required' });
    // the two reads create_category sends with an id, nothing more
    expect(paths(h)).toEqual([CATEGORIES, CATEGORIES]);
    h.standIn.clearRequests();
    const budget = out(
      await call(s, 'set_category_budget', {
        plan_id: PLAN,
        month: MONTH,
        category_id: 'cat-ins-fun',
        amount: 3,
      }),
    );
    expect(budget).toMatchObject({ status: 'confirmation_required', category_id: 'cat-ins-fun' });
    expect(paths(h)).toEqual([`GET ${MONTH_PATH}`]);
  });

  it('ids cost no request more: a write with ids reads only what it read before', async ({ h }) => {
    const s = await connect(h, era);
    const r = out(
      await call(s, 'move_money', {
        plan_id: PLAN,
        month: MONTH,
        from_category_id: 'cat-holidays',
        to_category_id: 'cat-restaurants',
        amount: 5,
      }),
    );
    expect(r).toMatchObject({ status: 'confirmation_required' });
    expect(paths(h)).toEqual([`GET ${MONTH_PATH}`]);
    h.standIn.clearRequests();
    const t = out(
      await call(s, 'create_transfer', {
        plan_id: PLAN,
        from_account_id: 'acc-checking',
        to_account_id: 'acc-savings',
        amount: 5,
        date: '2026-09-20',
      }),
    );
    expect(t).toMatchObject({ status: 'confirmation_required' });
    expect(paths(h)).not.toContain(PAYEES);
    expect(paths(h).filter((p) => p === ACCOUNTS)).toHaveLength(1);
  });
});
