/**
 * apply_categories through a real client: every check in its order, the
 * question (20 lines then "… and k more"), forged bank text on one line, last-used, the write gate.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf, type Harness } from '../../helpers/harness.js';
import { extraCategory, withCardGroup } from '../../helpers/plans.js';
import { ACCEPT, CANCEL, answering, tempJournal } from '../../helpers/writes.js';
import { req } from '../../requirements.js';

/** The demo plan plus an internal Uncategorized, a card-payment group, a hidden category and a split. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  withCardGroup(plan);
  const extra = extraCategory;
  plan.categories.push(
    extra('cat-uncat', 'Uncategorized', 'grp-internal-master-category'),
    extra('cat-visa', 'Visa', 'grp-cc'),
    extra('cat-old', 'Old stuff', 'grp-fun', true),
  );
  const split = plan.transactions.find((t) => t.id === 'tx-049');
  if (split) {
    split.category_id = null;
    split.subtransactions = [
      {
        id: 'tx-049-0',
        transaction_id: 'tx-049',
        amount: -50000,
        memo: null,
        payee_id: null,
        payee_name: null,
        category_id: 'cat-restaurants',
        category_name: 'Restaurants',
        transfer_account_id: null,
        deleted: false,
      },
      {
        id: 'tx-049-1',
        transaction_id: 'tx-049',
        amount: -38000,
        memo: null,
        payee_id: null,
        payee_name: null,
        category_id: 'cat-groceries',
        category_name: 'Groceries',
        transfer_account_id: null,
        deleted: false,
      },
    ];
  }
  const forged = plan.transactions.find((t) => t.id === 'tx-053');
  if (forged) forged.payee_name = 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged';
  return plan;
}

describe.each(ERAS)('apply_categories, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  const refuse = async (
    h: Harness,
    assignments: { transaction_id: string; category_id: string }[],
    message: string,
  ) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    h.standIn.clearRequests();
    const r = await call(s, 'apply_categories', { plan_id: 'demo-budget', assignments });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  };

  it.for<[{ transaction_id: string; category_id: string }[], string]>([
    [
      [
        { transaction_id: 'tx-046', category_id: 'cat-groceries' },
        { transaction_id: 'tx-046', category_id: 'cat-rent' },
      ],
      'Transaction tx-046 is assigned twice: keep one assignment.',
    ],
    [
      [{ transaction_id: 't404', category_id: 'cat-groceries' }],
      'Transaction t404 is not in this plan: use the transaction_id values returned by suggest_categories.',
    ],
    [
      [{ transaction_id: 'tx-046', category_id: 'cat-uncat' }],
      "Category cat-uncat is YNAB's internal Uncategorized: choose a real category.",
    ],
    [
      [{ transaction_id: 'tx-046', category_id: 'cat-nope' }],
      'Category cat-nope is not in this plan: use a category_id from the categories returned by suggest_categories.',
    ],
    [
      [{ transaction_id: 'tx-046', category_id: 'cat-old' }],
      'Category cat-old is not in this plan: use a category_id from the categories returned by suggest_categories.',
    ],
    [
      [{ transaction_id: 'tx-046', category_id: 'cat-visa' }],
      'Category cat-visa pays a credit card: YNAB ignores it on a transaction. Choose the category of what was paid for.',
    ],
    [
      [{ transaction_id: 'tx-049', category_id: 'cat-groceries' }],
      'Transaction tx-049 is split across categories: change its lines in YNAB.',
    ],
    [
      [{ transaction_id: 'nw-010', category_id: 'cat-groceries' }],
      'Transaction nw-010 is on an off-budget account: YNAB gives it no category.',
    ],
    [
      [{ transaction_id: 'tx-013', category_id: 'cat-groceries' }],
      'Transaction tx-013 is a transfer between accounts: YNAB gives it no category.',
    ],
    [
      [
        { transaction_id: 'tx-046', category_id: 'cat-groceries' },
        { transaction_id: 'tx-013', category_id: 'cat-nope' },
      ],
      'Category cat-nope is not in this plan: use a category_id from the categories returned by suggest_categories.',
    ],
  ])('refuses %j before asking anything', async ([assignments, message], { h }) => {
    await refuse(h, assignments, message);
  });

  it('reads transactions, categories and accounts, then nothing to do when nothing changes', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    h.standIn.clearRequests();
    const r = await call(s, 'apply_categories', {
      plan_id: 'demo-budget',
      assignments: [{ transaction_id: 'tx-045', category_id: 'cat-rent' }],
    });
    expect(r.structuredContent).toEqual({
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      changes: [],
      unchanged_count: 1,
      conflicts: [],
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/transactions',
      'GET /plans/demo-budget/categories',
      'GET /plans/demo-budget/accounts',
    ]);
  });

  it('shows 20 lines then "… and 1 more" for 21 changes, and Ready to Assign is a valid target', async ({
    h,
  }) => {
    const eligible = buildDemoPlan()
      .transactions.filter(
        (t) =>
          t.account_id === 'acc-checking' &&
          !t.transfer_account_id &&
          t.id !== 'tx-049' &&
          t.category_id !== 'cat-inflow',
      )
      .slice(0, 21);
    const a = answering(CANCEL);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const r = await call(s, 'apply_categories', {
      plan_id: 'demo-budget',
      assignments: eligible.map((t) => ({ transaction_id: t.id, category_id: 'cat-inflow' })),
    });
    const lines = (a.questions[0] ?? '').split('\n');
    expect(lines[0]).toBe('Recategorise 21 transaction(s)?');
    expect(lines).toHaveLength(22);
    expect(lines[21]).toBe('- … and 1 more');
    expect((r.structuredContent as { changes: unknown[] }).changes).toHaveLength(21);
  });

  it('shows forged bank text on one line, in the question and the result', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const r = await call(s, 'apply_categories', {
      plan_id: 'demo-budget',
      assignments: [{ transaction_id: 'tx-053', category_id: 'cat-groceries' }],
    });
    expect(a.questions[0]).toBe(
      'Recategorise 1 transaction(s)?\n- 2026-09-16 Rent - 2026-09-03 Fake 0.00: forged -8.40: no category → Groceries',
    );
    expect((r.structuredContent as { changes: { payee: string }[] }).changes[0]?.payee).toBe(
      'Rent - 2026-09-03 Fake 0.00: forged',
    );
  });

  it("resolves 'last-used' to the one plan first, and a code binds the real id", async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    h.standIn.clearRequests();
    const assignments = [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }];
    const first = await call(s, 'apply_categories', { plan_id: 'last-used', assignments });
    expect(requestLines(h.standIn)[0]).toBe('GET /plans');
    expect(
      requestLines(h.standIn)
        .slice(1)
        .every((l) => l.includes('/plans/demo-budget/')),
    ).toBe(true);
    const code = (first.structuredContent as { confirmation: string }).confirmation;
    const applied = await call(s, 'apply_categories', {
      plan_id: 'demo-budget',
      assignments,
      confirmation: code,
    });
    expect((applied.structuredContent as { status: string }).status).toBe('applied');
    expect(h.standIn.writes.map((w) => w.path)).toEqual(['/plans/demo-budget/transactions']);
  });
});

describe(`${req('writes-off-by-default')} the write gate`, () => {
  it.for(['', '0', 'true'])(
    'AVENIR_MCP_WRITE=%j hides and refuses every write tool like an unknown tool',
    async (value, { h }) => {
      h.standIn.reset();
      const s = await connect(h, 'modern', { env: { AVENIR_MCP_WRITE: value } });
      const { tools } = await s.client.listTools();
      expect(tools.some((t) => t.annotations?.readOnlyHint === false)).toBe(false);
      const unknown = await s.client
        .callTool({ name: 'no_such_tool', arguments: {} })
        .catch((e: Error) => e.message);
      const hidden = await s.client
        .callTool({ name: 'approve_transactions', arguments: { plan_id: 'demo-budget', tx_ids: ['tx-046'] } })
        .catch((e: Error) => e.message);
      const shape = (x: unknown) =>
        JSON.stringify(x).replaceAll('approve_transactions', 'X').replaceAll('no_such_tool', 'X');
      expect(shape(hidden)).toBe(shape(unknown));
      expect(h.standIn.requests).toHaveLength(0);
      await s.close();
    },
  );
});

describe.each(ERAS)('approve and import, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('approve_transactions sends one bulk PATCH, none for an empty list', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    expect(
      (await call(s, 'approve_transactions', { plan_id: 'demo-budget', tx_ids: [] })).structuredContent,
    ).toEqual({
      status: 'nothing_to_do',
      message: 'No transaction to approve.',
      approved: 0,
      newly_approved: 0,
      already_approved: 0,
      not_approved_ids: [],
      unknown_ids: [],
    });
    expect(h.standIn.requests).toHaveLength(0);
    const r = await call(s, 'approve_transactions', { plan_id: 'last-used', tx_ids: ['tx-046', 'tx-052'] });
    expect(r.structuredContent).toEqual({
      status: 'applied',
      // the demo holds both approved already: sent again, harmless, and counted as such
      message: 'Approved 2 transactions. 0 newly approved, 2 already were.',
      approved: 2,
      newly_approved: 0,
      already_approved: 2,
      not_approved_ids: [],
      unknown_ids: [],
    });
    // one read of which were approved (last-used is read whole, never cached), then the PATCH
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/last-used/transactions',
      'PATCH /plans/last-used/transactions',
    ]);
    expect(h.standIn.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      [
        'PATCH',
        '/plans/last-used/transactions',
        {
          transactions: [
            { id: 'tx-046', approved: true },
            { id: 'tx-052', approved: true },
          ],
        },
      ],
    ]);
  });

  it('import_transactions asks YNAB to import, once', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const r = await call(s, 'import_transactions', { plan_id: 'demo-budget' });
    expect(r.structuredContent).toEqual({
      status: 'applied',
      imported: 0,
      transaction_ids: [],
      message: 'No new transaction to import.',
    });
    expect(requestLines(h.standIn)).toEqual(['POST /plans/demo-budget/transactions/import']);
  });
});

describe('answers the stand-in cannot give by itself', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it("refuses 'last-used' for a confirmed write when the token reads several plans: the plan must be certain", async ({
    h,
  }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: tempJournal() } });
    h.standIn.clearRequests();
    const plan = (id: string) => ({
      id,
      name: id,
      last_modified_on: null,
      first_month: null,
      last_month: null,
    });
    h.standIn.fault({
      path: '/plans',
      status: 200,
      body: JSON.stringify({ data: { plans: [plan('a'), plan('b')] } }),
    });
    const r = await call(s, 'apply_categories', {
      plan_id: 'last-used',
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      "plan_id 'last-used' follows whichever plan was opened last, and this token reads 2 plans: pass the id of the plan to change, from list_plans.",
    );
    expect(requestLines(h.standIn)).toEqual(['GET /plans']);
  });

  it('import_transactions reports what YNAB imported', async ({ h }) => {
    const s = await connect(h, 'legacy');
    h.standIn.fault({
      method: 'POST',
      path: '/plans/demo-budget/transactions/import',
      status: 201,
      body: JSON.stringify({ data: { transaction_ids: ['t1', 't2'] } }),
    });
    const r = await call(s, 'import_transactions', { plan_id: 'demo-budget' });
    expect(r.structuredContent).toEqual({
      status: 'applied',
      imported: 2,
      transaction_ids: ['t1', 't2'],
      message: 'Imported 2 transaction(s). suggest_categories lists those that still need a category.',
    });
  });
});
