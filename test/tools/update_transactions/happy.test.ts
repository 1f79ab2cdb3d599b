/**
 * update_transactions through a real client in both eras: every refusal before anything is asked (a
 * split's lines, a transfer's date, amount or payee, a reconciled transaction's amount, a future date,
 * a category on a tracking account, a transfer payee), the question with each field `before → after`,
 * code and elicitation paths, the one bulk PATCH the stand-in recorded, the journal, and the undo of an
 * `edit` operation, which leaves alone a field changed in YNAB since.
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
import { ACCEPT, DECLINE, answering, fakeClock, tempJournal } from '../../helpers/writes.js';
import { req } from '../../requirements.js';

/** The demo plan with tx-045 reconciled and tx-051 split in two lines. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  const rent = plan.transactions.find((t) => t.id === 'tx-045');
  if (rent) rent.cleared = 'reconciled';
  const power = plan.transactions.find((t) => t.id === 'tx-051');
  if (power) {
    power.category_id = null;
    power.category_name = null;
    power.subtransactions = [-40000, -24200].map((amount, i) => ({
      id: `tx-051-${i}`,
      transaction_id: 'tx-051',
      amount,
      memo: null,
      payee_id: null,
      payee_name: null,
      category_id: 'cat-power',
      category_name: 'Electricity',
      transfer_account_id: null,
      deleted: false,
    }));
  }
  return plan;
}

const GET_TX = 'GET /plans/demo-budget/transactions';
const GET_ACC = 'GET /plans/demo-budget/accounts';
const GET_CAT = 'GET /plans/demo-budget/categories';
const GET_PAY = 'GET /plans/demo-budget/payees';
const PATCH_TX = 'PATCH /plans/demo-budget/transactions';
const MEMO_ARGS = {
  plan_id: 'demo-budget',
  transactions: [{ transaction_id: 'tx-049', memo: 'Dinner with Léa' }],
};
const MULTI_ARGS = {
  plan_id: 'demo-budget',
  transactions: [
    { transaction_id: 'tx-049', memo: 'Dinner with Léa', category_id: 'cat-groceries' },
    { transaction_id: 'tx-054', amount: -44.5, date: '2026-09-17', payee_name: 'SNCF', flag_color: 'red' },
    { transaction_id: 'tx-050', approved: true },
  ],
};
const MULTI_QUESTION = [
  'Change 2 transaction(s)?',
  '- 2026-09-10 CB CHEZ LUCIE FACT 100926 525130******1 -88.00 (Checking)',
  '  memo: (none) → Dinner with Léa',
  '  category: Restaurants → Groceries',
  '- 2026-09-18 RAIL CO -45.00 (Checking)',
  '  date: 2026-09-18 → 2026-09-17',
  '  amount: -45.00 → -44.50',
  '  payee: RAIL CO → SNCF',
  '  flag_color: none → red',
].join('\n');

const tx = (h: Harness, id: string) => h.standIn.state.transactions.find((t) => t.id === id);
const patch = (h: Harness, items: Record<string, unknown>[]) =>
  fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ transactions: items }),
  });

describe.each(ERAS)('update_transactions, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  it.for([
    [[], 'Give at least one transaction to change.'],
    [[{ transaction_id: 'tx-049' }], 'Transaction tx-049: give at least one field to change.'],
    [
      [
        { transaction_id: 'tx-049', memo: 'a' },
        { transaction_id: 'tx-049', approved: true },
      ],
      'Transaction tx-049 is named twice: give all its changes in one item.',
    ],
    [
      [{ transaction_id: 'tx-049', payee_id: 'pay-001', payee_name: 'X' }],
      'Transaction tx-049: give payee_id or payee_name, not both.',
    ],
    [
      [{ transaction_id: 'nope', memo: 'a' }],
      'Transaction nope is not in this plan: use a transaction_id from find_transactions.',
    ],
    [
      [{ transaction_id: 'tx-051', amount: -60 }],
      "Transaction tx-051 is split: YNAB's API cannot change the lines of an existing split, so neither its amount nor its category. Change it in YNAB's app.",
    ],
    [
      [{ transaction_id: 'tx-044', amount: -150 }],
      "Transaction tx-044 is one side of a transfer with Savings: its date, amount and accounts belong to both linked sides, which YNAB's API does not change together. Delete it (delete_transactions removes both sides) and make it again with create_transfer.",
    ],
    [
      [{ transaction_id: 'tx-044', category_id: 'cat-groceries' }],
      'Transaction tx-044 is a transfer between two budget accounts (with Savings): such a transfer takes no category.',
    ],
    [
      [{ transaction_id: 'tx-045', amount: -900 }],
      'Transaction tx-045 is reconciled: changing its date, amount or cleared state would break the reconciled balance of Checking. Leave those fields out.',
    ],
    [
      [{ transaction_id: 'tx-049', date: '2026-09-27' }],
      'Transaction tx-049: 2026-09-27 is in the future: YNAB only records transactions that happened, dated 2026-09-26 at the latest (today, 2026-09-25, and a day more for time zones).',
    ],
    [
      [{ transaction_id: 'nw-162', category_id: 'cat-groceries' }],
      'Transaction nw-162 is a transfer between two tracking accounts (with Car loan): such a transfer takes no category.',
    ],
    [
      [{ transaction_id: 'tx-049', payee_id: 'pay-039' }],
      'Transaction tx-049: a transfer cannot be made by changing the payee (YNAB would only create a payee of that name). Use create_transfer, and delete_transactions for this one if it was meant as the transfer.',
    ],
    [
      [{ transaction_id: 'tx-049', payee_name: 'Transfer : Savings' }],
      'Transaction tx-049: a transfer cannot be made by changing the payee (YNAB would only create a payee of that name). Use create_transfer, and delete_transactions for this one if it was meant as the transfer.',
    ],
    [
      [{ transaction_id: 'tx-049', category_id: 'cat-nope' }],
      'Category cat-nope is not in this plan: use a category_id from get_category_balances.',
    ],
  ])('refuses %j before asking anything', async ([transactions, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'update_transactions', { plan_id: 'demo-budget', transactions });
    expect(textOf(r)).toBe(message);
    expect(r.isError).toBe(true);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
  });

  it('refuses more than 100 transactions in the arguments', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const many = Array.from({ length: 101 }, (_, i) => ({ transaction_id: `tx-${i}`, approved: true }));
    const r = await call(s, 'update_transactions', { plan_id: 'demo-budget', transactions: many });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('transactions');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('nothing to do when every field is already as asked', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const r = out(
      await call(s, 'update_transactions', {
        plan_id: 'demo-budget',
        transactions: [{ transaction_id: 'tx-049', approved: true, category_id: 'cat-restaurants' }],
      }),
    );
    expect(r).toMatchObject({ status: 'nothing_to_do', changes: [], unchanged_count: 1 });
    expect(requestLines(h.standIn)).toEqual([GET_TX, GET_ACC, GET_CAT]);
  });

  it('the memo of tx-049 by code: one bulk PATCH with that memo, journaled', async ({ h }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'update_transactions', MEMO_ARGS));
    const question = [
      'Change 1 transaction(s)?',
      '- 2026-09-10 CB CHEZ LUCIE FACT 100926 525130******1 -88.00 (Checking)',
      '  memo: (none) → Dinner with Léa',
    ].join('\n');
    expect(preview).toMatchObject({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE}\n${question}\nIf they agree, call again with this code.`,
      unchanged_count: 0,
    });
    expect(requestLines(h.standIn)).toEqual([GET_TX, GET_ACC, GET_CAT]);
    const applied = out(
      await call(s, 'update_transactions', { ...MEMO_ARGS, confirmation: preview.confirmation }),
    );
    const id = String(applied.operation_id);
    expect(applied).toMatchObject({
      status: 'applied',
      message: `Updated. undo_operation with operation_id ${id} puts the fields back.`,
      changes: [
        {
          transaction_id: 'tx-049',
          date: '2026-09-10',
          payee: 'CB CHEZ LUCIE FACT 100926 525130******1',
          amount: -88,
          account: 'Checking',
          fields: [{ field: 'memo', from: null, to: 'Dinner with Léa' }],
        },
      ],
    });
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/transactions',
        { transactions: [{ id: 'tx-049', memo: 'Dinner with Léa' }] },
      ],
    ]);
    expect(tx(h, 'tx-049')?.memo).toBe('Dinner with Léa');
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"edit","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"changes":[{"transaction_id":"tx-049","fields":[{"field":"memo","from":null,"to":"Dinner with Léa"}]}]}}`,
    ]);
  });

  it('asks every field before → after; a yes sends one PATCH; a new payee name is created', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'update_transactions', MULTI_ARGS));
    expect(a.questions).toEqual([MULTI_QUESTION]);
    expect(r).toMatchObject({ status: 'applied', unchanged_count: 1 });
    // read, re-read (delta) on the answer round, then the one PATCH
    const reads = [GET_TX, GET_ACC, GET_CAT, GET_PAY];
    expect(requestLines(h.standIn)).toEqual([...reads, ...reads, PATCH_TX]);
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/transactions',
        {
          transactions: [
            { id: 'tx-049', memo: 'Dinner with Léa', category_id: 'cat-groceries' },
            { id: 'tx-054', date: '2026-09-17', amount: -44500, payee_name: 'SNCF', flag_color: 'red' },
          ],
        },
      ],
    ]);
    expect(tx(h, 'tx-054')).toMatchObject({
      date: '2026-09-17',
      amount: -44500,
      payee_name: 'SNCF',
      flag_color: 'red',
    });
    expect(tx(h, 'tx-049')).toMatchObject({ category_id: 'cat-groceries', memo: 'Dinner with Léa' });
  });

  it('an existing payee by name is sent by its id', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    await call(s, 'update_transactions', {
      plan_id: 'demo-budget',
      transactions: [{ transaction_id: 'tx-054', payee_name: 'STREAMFLIX' }],
    });
    expect(h.standIn.writes.map((w) => w.body)).toEqual([
      { transactions: [{ id: 'tx-054', payee_id: 'pay-030' }] },
    ]);
  });

  it('a decline writes nothing', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(DECLINE).handler });
    const r = out(await call(s, 'update_transactions', MULTI_ARGS));
    expect(r.status).toBe('declined');
    expect(h.standIn.writes).toEqual([]);
  });

  describe(`${req('journal-undoable')} undo_operation of an edit operation`, () => {
    const edited = async (h: Harness) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      const applied = out(await call(s, 'update_transactions', MULTI_ARGS));
      h.standIn.clearRequests();
      return { s, a, id: String(applied.operation_id) };
    };

    it('puts every field back in one PATCH after a yes', async ({ h }) => {
      const { s, a, id } = await edited(h);
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe('Undo: put back 6 field(s) of 2 transaction(s)?');
      expect(r).toMatchObject({ status: 'applied', message: 'Fields restored.', conflicts: [] });
      expect(h.standIn.writes.map((w) => [w.method, w.body])).toEqual([
        [
          'PATCH',
          {
            transactions: [
              { id: 'tx-049', memo: null, category_id: 'cat-restaurants' },
              { id: 'tx-054', date: '2026-09-18', amount: -45000, payee_id: 'pay-028', flag_color: null },
            ],
          },
        ],
      ]);
      expect(tx(h, 'tx-054')).toMatchObject({
        date: '2026-09-18',
        amount: -45000,
        payee_name: 'RAIL CO',
        flag_color: null,
      });
      expect(tx(h, 'tx-049')).toMatchObject({ category_id: 'cat-restaurants', memo: null });
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
    });

    it('leaves alone a field changed in YNAB since, and names it', async ({ h }) => {
      const { s, a } = await edited(h);
      await patch(h, [
        { id: 'tx-049', memo: 'Changed by hand' },
        { id: 'tx-054', flag_color: 'blue' },
      ]);
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe('Undo: put back 4 field(s) of 2 transaction(s)?');
      expect(r).toMatchObject({ status: 'applied', conflicts: ['tx-049 memo', 'tx-054 flag_color'] });
      expect(h.standIn.writes.at(-1)?.body).toEqual({
        transactions: [
          { id: 'tx-049', category_id: 'cat-restaurants' },
          { id: 'tx-054', date: '2026-09-18', amount: -45000, payee_id: 'pay-028' },
        ],
      });
      expect(tx(h, 'tx-049')?.memo).toBe('Changed by hand');
      expect(tx(h, 'tx-054')?.flag_color).toBe('blue');
    });

    it('a full conflict writes nothing and closes the operation', async ({ h }) => {
      const { s, id } = await edited(h);
      await patch(h, [
        { id: 'tx-049', memo: 'x', category_id: 'cat-rent' },
        { id: 'tx-054', date: '2026-09-16', amount: -1000, payee_name: 'Other', flag_color: 'blue' },
      ]);
      const knowledge = h.standIn.knowledge();
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toMatchObject({ status: 'nothing_to_do', message: 'Every field changed since: left alone.' });
      expect(h.standIn.knowledge()).toBe(knowledge);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
    });
  });
});
