/**
 * create_transfer through a real client in both eras: the refusals (same account, closed account,
 * future date, a category on a budget↔budget transfer, none on a budget→tracking one), the question
 * with both sides, one POST through the target's transfer payee making one linked pair, the category
 * YNAB requires on the budget side of a transfer to a tracking account, and the undo of a `transfer`
 * operation (one DELETE removing both sides; a transfer changed since is left alone; the cases of
 * each side and field are in create_transfer/linked-sides.test.ts).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
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
import { req } from '../../requirements.js';

const ARGS = {
  plan_id: 'demo-budget',
  from_account_id: 'acc-checking',
  to_account_id: 'acc-savings',
  amount: 200,
  date: '2026-09-25',
};
const QUESTION = [
  'Transfer 200.00 from Checking to Savings on 2026-09-25?',
  '- Checking: -200.00 (Transfer : Savings)',
  '- Savings: +200.00 (Transfer : Checking)',
  '  both sides uncleared, until the bank shows them',
].join('\n');
const BODY = {
  account_id: 'acc-checking',
  date: '2026-09-25',
  amount: -200000,
  payee_id: 'pay-039',
  cleared: 'uncleared',
  approved: true,
};

// both sides as YNAB made them, recorded for undo to compare (the memo as a digest: here, none)
const SIDE_226 =
  '{"transaction_id":"tx-226","account_id":"acc-checking","date":"2026-09-25","amount":-200000,"payee_id":"pay-039","category_id":null,"memo_digest":"811c9dc501000193","cleared":"uncleared","approved":true,"flag_color":null}';
const SIDE_227 =
  '{"transaction_id":"tx-227","account_id":"acc-savings","date":"2026-09-25","amount":200000,"payee_id":"pay-036","category_id":null,"memo_digest":"811c9dc501000193","cleared":"uncleared","approved":true,"flag_color":null}';
const newRows = (h: Harness) =>
  h.standIn.state.transactions
    .filter((t) => t.date === '2026-09-25' && !t.deleted)
    .map((t) => [t.id, t.account_id, t.amount, t.payee_name, t.transfer_account_id, t.category_id]);

describe.each(ERAS)('create_transfer, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
  });

  it.for<[Record<string, unknown>, string]>([
    [{ to_account_id: 'acc-checking' }, 'A transfer needs two different accounts.'],
    [{ to_account_id: 'acc-nope' }, 'Account acc-nope is not in this plan: use an id from list_accounts.'],
    [
      { to_account_id: 'acc-former-bank' },
      'Account Former bank is closed: reopen it in YNAB before moving money to or from it.',
    ],
    [
      { date: '2026-09-27' },
      '2026-09-27 is in the future: YNAB only records transactions that happened, dated 2026-09-26 at the latest (today, 2026-09-25, and a day more for time zones). A transfer still to come is a scheduled transaction.',
    ],
    [
      { category_id: 'cat-groceries' },
      'A transfer between two budget accounts takes no category: leave category_id out.',
    ],
    [
      { to_account_id: 'acc-joint-savings' },
      'A transfer between the budget account Checking and the tracking account Joint savings is spending for the budget: YNAB needs a category on the Checking side. Give category_id.',
    ],
    [
      { to_account_id: 'acc-joint-savings', category_id: 'cat-nope' },
      'Category cat-nope is not in this plan: use a category_id from get_category_balances.',
    ],
  ])('refuses %j before asking anything', async ([change, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'create_transfer', { ...ARGS, ...change });
    expect(textOf(r)).toBe(message);
    expect(r.isError).toBe(true);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
  });

  it('warns before the yes that a transfer overdraws a cash account, and a no writes nothing', async ({
    h,
  }) => {
    const a = answering({ action: 'decline' });
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    // the balance YNAB gives an account: the sum of its transactions
    const before = h.standIn.state.transactions
      .filter((t) => t.account_id === 'acc-checking' && !t.deleted)
      .reduce((sum, t) => sum + t.amount, 0);
    const amount = before / 1000 + 50;
    const r = await call(s, 'create_transfer', { ...ARGS, amount });
    expect(out(r).status).toBe('declined');
    expect(a.questions[0]?.split('\n').at(-1)).toBe(
      `Warning: Checking goes below zero (overdrawn): it holds ${(before / 1000).toFixed(2)}, -50.00 after this transfer.`,
    );
    expect(h.standIn.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('says nothing of an overdraft when the source keeps money', async ({ h }) => {
    const a = answering({ action: 'decline' });
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    await call(s, 'create_transfer', ARGS);
    expect(a.questions[0]).not.toContain('Warning:');
  });

  it('refuses an amount of 0 or less in the arguments', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const r = await call(s, 'create_transfer', { ...ARGS, amount: -200 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('amount');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('200.00 from Checking to Savings by code: one POST, one linked pair, no category', async ({ h }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const asked = await call(s, 'create_transfer', ARGS);
    // the text says it too, beside the question: the pair waits for the bank
    expect(textOf(asked).split('\n')).toContain('cleared: uncleared');
    const preview = out(asked);
    expect(preview).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE}\n${QUESTION}\nIf they agree, call again with this code.`,
      from: { account: 'Checking', amount: -200 },
      to: { account: 'Savings', amount: 200 },
      category: null,
      transaction_id: null,
      cleared: 'uncleared',
      confirmation: expect.any(String),
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/categories',
    ]);
    const applied = out(await call(s, 'create_transfer', { ...ARGS, confirmation: preview.confirmation }));
    const id = String(applied.operation_id);
    expect(applied).toMatchObject({
      status: 'applied',
      message: `Transferred. undo_operation with operation_id ${id} deletes both sides.`,
      transaction_id: 'tx-226',
    });
    expect(h.standIn.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ['POST', '/plans/demo-budget/transactions', { transactions: [BODY] }],
    ]);
    expect(newRows(h)).toEqual([
      ['tx-226', 'acc-checking', -200000, 'Transfer : Savings', 'acc-savings', null],
      ['tx-227', 'acc-savings', 200000, 'Transfer : Checking', 'acc-checking', null],
    ]);
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"transfer","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"transaction_id":"tx-226","account_id":"acc-checking","date":"2026-09-25","amount":-200000,"sides":[${SIDE_226},${SIDE_227}]}}`,
    ]);
  });

  it('to a tracking account: the budget side carries the category, and the memo is shown', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(
      await call(s, 'create_transfer', {
        ...ARGS,
        to_account_id: 'acc-joint-savings',
        category_id: 'cat-holidays',
        memo: 'our trip',
      }),
    );
    expect(a.questions).toEqual([
      [
        'Transfer 200.00 from Checking to Joint savings on 2026-09-25?',
        '- Checking: -200.00 (Transfer : Joint savings)',
        '- Joint savings: +200.00 (Transfer : Checking)',
        '  category on Checking: Holidays',
        '  memo: our trip',
        '  both sides uncleared, until the bank shows them',
      ].join('\n'),
    ]);
    expect(r).toMatchObject({ status: 'applied', category: 'Holidays' });
    expect(h.standIn.writes.map((w) => w.body)).toEqual([
      { transactions: [{ ...BODY, payee_id: 'pay-038', memo: 'our trip', category_id: 'cat-holidays' }] },
    ]);
    expect(newRows(h)).toEqual([
      ['tx-226', 'acc-checking', -200000, 'Transfer : Joint savings', 'acc-joint-savings', 'cat-holidays'],
      ['tx-227', 'acc-joint-savings', 200000, 'Transfer : Checking', 'acc-checking', null],
    ]);
  });

  it('from a tracking account to a budget one: sent on the budget side, as income', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    await call(s, 'create_transfer', {
      ...ARGS,
      from_account_id: 'acc-joint-savings',
      category_id: 'cat-inflow',
    });
    expect(h.standIn.writes.map((w) => w.body)).toEqual([
      {
        transactions: [
          {
            ...BODY,
            account_id: 'acc-savings',
            amount: 200000,
            payee_id: 'pay-038',
            category_id: 'cat-inflow',
          },
        ],
      },
    ]);
  });

  describe(`${req('journal-undoable')} undo_operation of a transfer operation`, () => {
    const transferred = async (h: Harness) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      const applied = out(await call(s, 'create_transfer', ARGS));
      h.standIn.clearRequests();
      return { s, a, id: String(applied.operation_id) };
    };

    it('deletes both sides with one DELETE after a yes', async ({ h }) => {
      const { s, a, id } = await transferred(h);
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe('Undo: delete the transfer this operation created (both sides)?');
      expect(r).toMatchObject({
        status: 'applied',
        message: 'Transfer deleted (both sides): YNAB removed tx-227 with tx-226.',
        conflicts: [],
      });
      expect(h.standIn.writes.map((w) => [w.method, w.path])).toEqual([
        ['DELETE', '/plans/demo-budget/transactions/tx-226'],
      ]);
      expect(newRows(h)).toEqual([]);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
    });

    it('leaves alone a transfer whose amount changed in YNAB since', async ({ h }) => {
      const { s, id } = await transferred(h);
      await fetch(`${h.standIn.url}/plans/demo-budget/transactions/tx-226`, {
        method: 'PUT',
        headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
        body: JSON.stringify({ transaction: { amount: -250000 } }),
      });
      h.standIn.clearRequests();
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toMatchObject({
        status: 'nothing_to_do',
        message: 'The transfer changed since (the amount of tx-226): left alone.',
        conflicts: ['tx-226', 'tx-227'],
      });
      expect(h.standIn.writes).toEqual([]);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
    });

    it('a transfer already deleted is a full conflict', async ({ h }) => {
      const { s } = await transferred(h);
      await fetch(`${h.standIn.url}/plans/demo-budget/transactions/tx-227`, {
        method: 'DELETE',
        headers: { Authorization: 'Bearer t' },
      });
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toMatchObject({
        status: 'nothing_to_do',
        message: 'The transfer is already deleted: nothing to undo.',
      });
    });
  });
});
