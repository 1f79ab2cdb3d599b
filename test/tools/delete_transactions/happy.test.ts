/**
 * delete_transactions through a real client in both eras: the refusals (reconciled, unknown, twice),
 * the question showing each transaction in full, one DELETE per transaction and nothing else (a
 * transfer once, YNAB removing both sides), a failure halfway journaling what was deleted, and the
 * undo of a `delete` operation recreating them with the same fields, or leaving alone those whose
 * account closed since.
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
  journalLines,
} from '../../helpers/harness.js';
import { ACCEPT, answering, fakeClock, tempJournal } from '../../helpers/writes.js';

/** The demo plan with tx-045 reconciled and a memo and a flag on tx-056. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  const rent = plan.transactions.find((t) => t.id === 'tx-045');
  if (rent) rent.cleared = 'reconciled';
  const dup = plan.transactions.find((t) => t.id === 'tx-056');
  if (dup) Object.assign(dup, { memo: 'imported twice', flag_color: 'orange', approved: false });
  return plan;
}

const GET_TX = 'GET /plans/demo-budget/transactions';
const GET_ACC = 'GET /plans/demo-budget/accounts';
const DUP = 'CB MARKET FRESH FACT 190926 525130******1';
const QUESTION = [
  'Delete 1 transaction(s)?',
  `- 2026-09-19 Checking: ${DUP} -71.86 (no category)`,
  '  memo: imported twice',
  // a cleared transaction: the bank shows it, so the question warns before the yes
  "Warning: one of these is cleared (your bank shows it): deleting moves the account's cleared balance away from the bank's.",
].join('\n');
const RECREATED = {
  account_id: 'acc-checking',
  date: '2026-09-19',
  amount: -71860,
  payee_id: 'pay-013',
  memo: 'imported twice',
  category_id: null,
  cleared: 'cleared',
  approved: false,
  flag_color: 'orange',
};

const live = (h: Harness, id: string) => h.standIn.state.transactions.find((t) => t.id === id && !t.deleted);
/** The Savings side of the Checking → Savings transfer tx-044. */
const savingsSide = (h: Harness) =>
  h.standIn.state.transactions.find(
    (t) => t.account_id === 'acc-savings' && t.date === '2026-08-29' && t.amount === 200000,
  )?.id ?? '';

describe.each(ERAS)('delete_transactions, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  it.for([
    [[], 'Give at least one transaction to delete.'],
    [['tx-056', 'tx-056'], 'Transaction tx-056 is named twice.'],
    [
      ['tx-056', 'nope'],
      'Transaction nope is not in this plan: use a transaction_id from find_transactions.',
    ],
    [
      ['tx-056', 'tx-045'],
      'Transaction tx-045 is reconciled: deleting it would change the reconciled balance of Checking, which the bank statement confirmed. Nothing was deleted; if it really is wrong, un-reconcile it in YNAB first.',
    ],
  ])('refuses %j before asking anything', async ([ids, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'delete_transactions', { plan_id: 'demo-budget', transaction_ids: ids });
    expect(textOf(r)).toBe(message);
    expect(r.isError).toBe(true);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
  });

  it('the duplicate tx-056 by code: shown in full, one DELETE, journaled whole', async ({ h }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const args = { plan_id: 'demo-budget', transaction_ids: ['tx-056'] };
    const preview = out(await call(s, 'delete_transactions', args));
    expect(preview).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE}\n${QUESTION}\nIf they agree, call again with this code.`,
      transactions: [
        {
          transaction_id: 'tx-056',
          date: '2026-09-19',
          account: 'Checking',
          payee: DUP,
          amount: -71.86,
          category: null,
          memo: 'imported twice',
          linked_transaction_id: null,
        },
      ],
      confirmation: expect.any(String),
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET_TX, GET_ACC]);
    const applied = out(
      await call(s, 'delete_transactions', { ...args, confirmation: preview.confirmation }),
    );
    const id = String(applied.operation_id);
    expect(applied.message).toBe(
      `Deleted. undo_operation with operation_id ${id} recreates them (with new ids).`,
    );
    expect(h.standIn.writes.map((w) => [w.method, w.path])).toEqual([
      ['DELETE', '/plans/demo-budget/transactions/tx-056'],
    ]);
    expect(live(h, 'tx-056')).toBeUndefined();
    expect(live(h, 'tx-055')).toBeDefined();
    expect(JSON.parse(journalLines(journal)[0] ?? '{}')).toMatchObject({
      kind: 'delete',
      details: {
        transactions: [
          {
            transaction_id: 'tx-056',
            ...RECREATED,
            payee_name: DUP,
            transfer_account_id: null,
            subtransactions: [],
          },
        ],
      },
    });
  });

  it('a transfer named by both sides: one DELETE, and YNAB removes both', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const other = savingsSide(h);
    const r = out(
      await call(s, 'delete_transactions', { plan_id: 'demo-budget', transaction_ids: ['tx-044', other] }),
    );
    expect(a.questions[0]).toBe(
      [
        'Delete 1 transaction(s)?',
        '- 2026-08-29 Checking: Transfer : Savings -200.00 (no category)',
        '  and its linked side on Savings (a transfer)',
        "Warning: one of these is cleared (your bank shows it): deleting moves the account's cleared balance away from the bank's.",
      ].join('\n'),
    );
    expect(r).toMatchObject({ status: 'applied', transactions: [{ linked_transaction_id: other }] });
    expect(h.standIn.writes.map((w) => w.path)).toEqual(['/plans/demo-budget/transactions/tx-044']);
    expect([live(h, 'tx-044'), live(h, other)]).toEqual([undefined, undefined]);
  });

  it('a failure on the second DELETE journals the first and says what YNAB holds', async ({ h }) => {
    h.standIn.fault({ method: 'DELETE', path: '/plans/demo-budget/transactions/tx-055', status: 500 });
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    const r = await call(s, 'delete_transactions', {
      plan_id: 'demo-budget',
      transaction_ids: ['tx-056', 'tx-055', 'tx-054'],
    });
    expect(r.isError).toBe(true);
    const id = String(JSON.parse(journalLines(journal)[0] ?? '{}').operation_id);
    expect(textOf(r)).toContain('Deleted 1 of 3 (tx-056), then the delete of tx-055 failed: ');
    expect(textOf(r)).toContain(`undo_operation with operation_id ${id} recreates those deleted.`);
    expect(h.standIn.writes.map((w) => w.path)).toEqual(['/plans/demo-budget/transactions/tx-056']);
    expect(h.standIn.requests.filter((q) => q.method === 'DELETE')).toHaveLength(2);
    expect([live(h, 'tx-056'), live(h, 'tx-055')?.id, live(h, 'tx-054')?.id]).toEqual([
      undefined,
      'tx-055',
      'tx-054',
    ]);
  });

  describe('undo_operation of a delete operation', () => {
    const deleted = async (h: Harness, ids: string[]) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      const applied = out(
        await call(s, 'delete_transactions', { plan_id: 'demo-budget', transaction_ids: ids }),
      );
      h.standIn.clearRequests();
      return { s, a, id: String(applied.operation_id) };
    };

    it('recreates tx-056 with the same fields in one POST, under a new id', async ({ h }) => {
      const { s, a, id } = await deleted(h, ['tx-056']);
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe(
        'Undo: recreate the 1 deleted transaction(s) with the same fields? They come back with new ids.',
      );
      expect(r).toMatchObject({
        status: 'applied',
        message: 'Recreated with new ids: tx-226.',
        conflicts: [],
      });
      expect(h.standIn.writes.map((w) => [w.method, w.path, w.body])).toEqual([
        ['POST', '/plans/demo-budget/transactions', { transactions: [RECREATED] }],
      ]);
      expect(live(h, 'tx-226')).toMatchObject({ ...RECREATED, payee_name: DUP });
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
    });

    it('recreates a deleted transfer as a linked pair through the transfer payee', async ({ h }) => {
      const { s } = await deleted(h, ['tx-044']);
      await call(s, 'undo_operation', { plan_id: 'demo-budget' });
      expect(h.standIn.writes.at(-1)?.body).toMatchObject({
        transactions: [
          { account_id: 'acc-checking', amount: -200000, payee_id: 'pay-039', category_id: null },
        ],
      });
      const pair = h.standIn.state.transactions.filter(
        (t) => !t.deleted && t.date === '2026-08-29' && t.transfer_account_id,
      );
      expect(pair.map((t) => [t.account_id, t.amount])).toEqual([
        ['acc-checking', -200000],
        ['acc-savings', 200000],
      ]);
    });

    it('leaves alone a transaction whose account closed since, and closes the operation', async ({ h }) => {
      const { s, id } = await deleted(h, ['tx-056']);
      const checking = h.standIn.state.accounts.find((x) => x.id === 'acc-checking');
      if (checking) checking.closed = true;
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toMatchObject({
        status: 'nothing_to_do',
        message: 'Their accounts are closed or gone: nothing recreated.',
        conflicts: ['tx-056'],
      });
      expect(h.standIn.writes).toEqual([]);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
    });
  });
});
