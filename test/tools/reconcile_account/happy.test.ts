/**
 * reconcile_account through real clients in both eras: its errors, the gap it reports without writing,
 * the question, codes and answers, the exact writes (the adjustment goes to Inflow: Ready to Assign) and
 * the journal line written after YNAB accepted them, the request counts. Its undo is in
 * reconcile_account/undo.test.ts.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  out,
  writes,
  journalLines,
} from '../../helpers/harness.js';
import {
  ACCEPT,
  CANCEL,
  DECLINE,
  UNTICKED,
  answering,
  fakeClock,
  tempJournal,
} from '../../helpers/writes.js';

const FORGED = 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged';
const ONE_LINE = 'Rent - 2026-09-03 Fake 0.00: forged';
const SAVINGS = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 600 };
const READS = ['GET /plans/demo-budget/accounts', 'GET /plans/demo-budget/transactions'];
const CATEGORIES = 'GET /plans/demo-budget/categories';
const PATCH = 'PATCH /plans/demo-budget/transactions';
const POST = 'POST /plans/demo-budget/transactions';
const reconciled = (...ids: string[]) => ({ transactions: ids.map((id) => ({ id, cleared: 'reconciled' })) });

/** The demo plan with some statuses changed (every demo transaction starts cleared). */
function planted(change: (plan: PlanData) => void = () => undefined): PlanData {
  const plan = buildDemoPlan();
  change(plan);
  return plan;
}
const status = (plan: PlanData, id: string, cleared: string) => {
  const t = plan.transactions.find((x) => x.id === id);
  if (t) t.cleared = cleared;
};

describe.each(ERAS)('reconcile_account, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
  });

  const refuse = async (h: Harness, args: Record<string, unknown>, message: string, requests: string[]) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = await call(s, 'reconcile_account', args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(requestLines(h.standIn)).toEqual(requests);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  };

  it('refuses an account not in the plan after reading the accounts', async ({ h }) => {
    const message = 'Account acc-nope is not in this plan: use an id from list_accounts.';
    await refuse(h, { ...SAVINGS, account_id: 'acc-nope' }, message, [READS[0] as string]);
  });

  it('refuses an adjustment when Ready to Assign cannot be found, before asking', async ({ h }) => {
    h.standIn.reset(
      planted((plan) => {
        const inflow = plan.categories.find((c) => c.id === 'cat-inflow');
        if (inflow) inflow.category_group_id = 'grp-bills';
        plan.categories.unshift({
          id: 'cat-uncat',
          name: 'Uncategorized',
          category_group_id: 'grp-internal-master-category',
          hidden: false,
          deleted: false,
          note: null,
          target: null,
        });
      }),
    );
    const message = "YNAB's Inflow: Ready to Assign category was not found: record the gap in YNAB itself.";
    await refuse(h, { ...SAVINGS, bank_balance: 610, adjust: true }, message, [...READS, CATEGORIES]);
  });

  it('refuses a bank balance beyond a billion before any request', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const r = await call(s, 'reconcile_account', { ...SAVINGS, bank_balance: 1_000_000_001 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('at most 1000000000');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('reports a difference without writing or asking, with what may explain it', async ({ h }) => {
    h.standIn.reset(planted((plan) => status(plan, 'tx-043', 'uncleared')));
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'reconcile_account', SAVINGS));
    expect(r).toEqual({
      status: 'difference_found',
      message:
        "The bank shows 200.00 more than YNAB. (YNAB's cleared balance differs from the bank by 200.00.) Nothing was changed. Check explained_by, uncleared and possible_duplicates with the user; call again once fixed, or with adjust=true to record the gap as an adjustment.",
      account: 'Savings',
      analysis: {
        account_id: 'acc-savings',
        bank_balance: 600,
        cleared_balance: 400,
        working_balance: 600,
        difference: 200,
        higher: 'bank',
        gap: 'The bank shows 200.00 more than YNAB.',
        to_reconcile_count: 2,
        uncleared_count: 1,
        uncleared: [
          { transaction_id: 'tx-043', date: '2026-08-29', amount: 200, payee: 'Transfer : Checking' },
        ],
        explained_by: ['tx-043'],
        explained_by_note:
          'Clearing one of these uncleared transactions (amount 200.00) would close the gap, if the bank has already taken it.',
        possible_duplicates: [],
      },
      adjustment: null,
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual(READS);
    expect(a.questions).toEqual([]);
    const checking = out(
      await call(s, 'reconcile_account', { ...SAVINGS, account_id: 'acc-checking', bank_balance: 3500 }),
    );
    expect(checking.analysis).toMatchObject({
      cleared_balance: 3328.5,
      difference: 171.5,
      higher: 'bank',
      possible_duplicates: [['tx-055', 'tx-056']],
    });
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('never offers a duplicated charge when YNAB already shows more than the bank', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const checking = { ...SAVINGS, account_id: 'acc-checking' };
    const below = out(await call(s, 'reconcile_account', { ...checking, bank_balance: 3256.64 }));
    expect(below.status).toBe('difference_found');
    expect(String(below.message)).toMatch(/^YNAB shows 71\.86 more than the bank\. /);
    expect(below.analysis).toMatchObject({
      difference: -71.86,
      higher: 'ynab',
      gap: 'YNAB shows 71.86 more than the bank.',
      explained_by: [],
      explained_by_note:
        'Empty: no uncleared transaction has exactly the amount -71.86 that clearing would need. Look for an inflow YNAB has that the bank does not, or a charge the bank took that YNAB lacks.',
      possible_duplicates: [],
    });
    const above = out(await call(s, 'reconcile_account', { ...checking, bank_balance: 3400.36 }));
    expect(above.analysis).toMatchObject({
      difference: 71.86,
      higher: 'bank',
      gap: 'The bank shows 71.86 more than YNAB.',
      explained_by: [],
      explained_by_note:
        'Empty: no uncleared transaction has exactly the amount 71.86 that clearing would need. Deleting one copy of a pair in possible_duplicates would close the gap exactly.',
      possible_duplicates: [['tx-055', 'tx-056']],
    });
    expect(h.standIn.writes).toEqual([]);
  });

  it.for([false, true])(
    'nothing to do when everything is reconciled already (adjust %s)',
    async (adjust, { h }) => {
      h.standIn.reset(
        planted((plan) => ['tx-013', 'tx-028', 'tx-043'].forEach((id) => status(plan, id, 'reconciled'))),
      );
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      h.standIn.clearRequests();
      const r = out(await call(s, 'reconcile_account', { ...SAVINGS, adjust }));
      expect(r).toMatchObject({
        status: 'nothing_to_do',
        message: 'Already reconciled: nothing to do.',
        adjustment: null,
        confirmation: null,
        operation_id: null,
      });
      expect(r.analysis).toMatchObject({ cleared_balance: 600, to_reconcile_count: 0, difference: 0 });
      expect(requestLines(h.standIn)).toEqual(READS);
      expect(a.questions).toEqual([]);
      expect(h.standIn.knowledge()).toBe(1);
      await s.close();
    },
  );

  it('previews with a code, then marks the cleared transactions reconciled in one PATCH, journaled', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const question = 'Reconcile Savings: mark 3 cleared transaction(s) reconciled?';
    const preview = out(await call(s, 'reconcile_account', SAVINGS));
    expect(preview).toMatchObject({
      status: 'confirmation_required',
      account: 'Savings',
      adjustment: null,
      operation_id: null,
    });
    expect(preview.message).toBe(
      `Nothing changed yet. ${AGREEMENT_NOTICE} ${question} If they agree, call again with this code.`,
    );
    expect(preview.confirmation).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(requestLines(h.standIn)).toEqual(READS);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(
      await call(s, 'reconcile_account', { ...SAVINGS, confirmation: preview.confirmation }),
    );
    const id = String(applied.operation_id);
    expect(applied).toEqual({
      ...preview,
      status: 'applied',
      message: `Reconciled. undo_operation with operation_id ${id} reverts it.`,
      confirmation: null,
      operation_id: id,
    });
    expect(requestLines(h.standIn)).toEqual([...READS, PATCH]);
    expect(writes(h)).toEqual([
      ['PATCH', '/plans/demo-budget/transactions', reconciled('tx-013', 'tx-028', 'tx-043')],
    ]);
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"reconcile","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"account_id":"acc-savings","reconciled_ids":["tx-013","tx-028","tx-043"],"adjustment_id":null}}`,
    ]);
  });

  it('with adjust=true records the gap as a Ready to Assign adjustment, then reconciles it too', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const args = { ...SAVINGS, bank_balance: 612.345, adjust: true };
    const question =
      'Reconcile Savings: mark 3 cleared transaction(s) reconciled and add a balance adjustment of 12.35?';
    const preview = out(await call(s, 'reconcile_account', args));
    expect(preview.message).toBe(
      `Nothing changed yet. ${AGREEMENT_NOTICE} ${question} If they agree, call again with this code.`,
    );
    expect(preview).toMatchObject({
      adjustment: 12.345,
      analysis: { bank_balance: 612.345, difference: 12.345 },
    });
    expect(requestLines(h.standIn)).toEqual([...READS, CATEGORIES]);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'reconcile_account', { ...args, confirmation: preview.confirmation }));
    expect(applied).toMatchObject({ status: 'applied', adjustment: 12.345 });
    expect(requestLines(h.standIn)).toEqual([...READS, CATEGORIES, POST, PATCH]);
    const adjustment = {
      account_id: 'acc-savings',
      date: '2026-09-25',
      amount: 12345,
      payee_name: 'Balance adjustment',
      memo: 'Entered by reconcile_account',
      category_id: 'cat-inflow',
      cleared: 'cleared',
      approved: true,
    };
    expect(writes(h)).toEqual([
      ['POST', '/plans/demo-budget/transactions', { transactions: [adjustment] }],
      ['PATCH', '/plans/demo-budget/transactions', reconciled('tx-013', 'tx-028', 'tx-043', 'tx-226')],
    ]);
    expect(h.standIn.state.transactions.find((t) => t.id === 'tx-226')).toMatchObject({
      cleared: 'reconciled',
      approved: true,
      amount: 12345,
    });
    expect(JSON.parse(journalLines(journal)[0] ?? '').details).toEqual({
      account_id: 'acc-savings',
      reconciled_ids: ['tx-013', 'tx-028', 'tx-043', 'tx-226'],
      adjustment_id: 'tx-226',
    });
  });

  it('an adjustment alone, when nothing is cleared: n is 0', async ({ h }) => {
    h.standIn.reset(
      planted((plan) => ['tx-013', 'tx-028', 'tx-043'].forEach((id) => status(plan, id, 'reconciled'))),
    );
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(await call(s, 'reconcile_account', { ...SAVINGS, bank_balance: 599, adjust: true }));
    expect(a.questions).toEqual([
      'Reconcile Savings: mark 0 cleared transaction(s) reconciled and add a balance adjustment of -1.00?',
    ]);
    expect(r).toMatchObject({ status: 'applied', adjustment: -1 });
    expect(writes(h).map((w) => w[0])).toEqual(['POST', 'PATCH']);
    expect(h.standIn.writes[1]?.body).toEqual(reconciled('tx-226'));
  });

  it('asks a client that can, in one line even with forged names, and applies on yes', async ({ h }) => {
    h.standIn.reset(
      planted((plan) => {
        const savings = plan.accounts.find((acc) => acc.id === 'acc-savings');
        if (savings) savings.name = FORGED;
      }),
    );
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'reconcile_account', SAVINGS));
    expect(a.questions).toEqual([`Reconcile ${ONE_LINE}: mark 3 cleared transaction(s) reconciled?`]);
    expect(r).toMatchObject({ status: 'applied', account: ONE_LINE });
    // the answer round re-enters the call, which reads again
    expect(requestLines(h.standIn)).toEqual([...READS, ...READS, PATCH]);
  });

  it.for<[string, Record<string, unknown>]>([
    ['a decline', DECLINE],
    ['an unticked box', UNTICKED],
  ])('%s declines and writes nothing', async ([_what, answer], { h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(answer).handler });
    const r = out(await call(s, 'reconcile_account', SAVINGS));
    expect(r).toMatchObject({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      confirmation: null,
      operation_id: null,
    });
    expect(r.analysis).toMatchObject({ to_reconcile_count: 3 });
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('a dismissed question falls back to a code', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(CANCEL).handler });
    expect(out(await call(s, 'reconcile_account', SAVINGS)).status).toBe('confirmation_required');
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('a transaction cleared after the preview voids the code', async ({ h }) => {
    h.standIn.reset(planted((plan) => status(plan, 'tx-043', 'uncleared')));
    const s = await connect(h, era, { env: env() });
    const args = { ...SAVINGS, bank_balance: 400, adjust: true };
    const code = out(await call(s, 'reconcile_account', args)).confirmation;
    await fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: JSON.stringify({ transactions: [{ id: 'tx-043', cleared: 'cleared' }] }),
    });
    const r = await call(s, 'reconcile_account', { ...args, confirmation: code });
    expect(textOf(r)).toContain('unknown, expired, already used, or was issued for different changes');
    expect(h.standIn.writes).toHaveLength(1);
  });

  it("resolves 'last-used' to the one plan first; the code binds the real id", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'reconcile_account', { ...SAVINGS, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', ...READS]);
    const applied = out(
      await call(s, 'reconcile_account', { ...SAVINGS, confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    expect(JSON.parse(journalLines(journal)[0] ?? '').plan_id).toBe('demo-budget');
  });
});
