/**
 * update_transactions planned without a client: the checks that need no YNAB data, every refusal of
 * a transfer, a split and a reconciled transaction (and the edits each of them still allows), the
 * payee resolved by id or by name, every field's change with its question line, and the undo that
 * puts back only the fields still as the edit left them.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import type { YnabTransaction, YnabAccount } from '../../src/domain/model.js';
import {
  checkEditRequests,
  editPayee,
  type EditContext,
  type EditRequest,
} from '../../src/domain/transactions/edit-checks.js';
import {
  editQuestion,
  editSubject,
  editUndoIds,
  planEditUndo,
  planEdits,
  type EditMove,
  currentValue,
} from '../../src/domain/transactions/edit-transactions.js';
import { account, cat, group } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';
import {
  deleteQuestion,
  planDelete,
  planDeleteUndo,
  recreateBody,
} from '../../src/domain/transactions/delete-transactions.js';

const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-10',
  amount: -12_340,
  cleared: 'uncleared',
  approved: true,
  account_id: 'chk',
  payee_id: 'p-shop',
  payee_name: 'Shop',
  deleted: false,
  ...extra,
});
const INDEX = indexCategories([
  group('Everyday', [cat('food', 'Groceries'), cat('fun', 'Fun')], { id: 'g' }),
]);
const TXS = [
  tx('t-plain'),
  tx('t-other', { account_id: 'sav' }),
  tx('t-out', { transfer_account_id: 'sav', payee_name: 'Transfer : Savings' }),
  tx('t-loan', { transfer_account_id: 'car', payee_name: 'Transfer : Car loan' }),
  tx('t-nowhere', { account_id: 'gone-a', transfer_account_id: 'gone-b' }),
  tx('t-split', {
    category_id: 'split',
    subtransactions: [
      { id: 's1', amount: -10_000, category_id: 'food', deleted: false },
      { id: 's2', amount: -2_340, category_id: 'fun', deleted: false },
    ],
  }),
  tx('t-unsplit', { subtransactions: [{ id: 's3', amount: -12_340, category_id: 'food', deleted: true }] }),
  tx('t-rec', { cleared: 'reconciled' }),
  tx('t-rec-away', { cleared: 'reconciled', account_id: 'gone-a' }),
  tx('t-track', { account_id: 'car' }),
  tx('t-away', { account_id: 'gone-a' }),
  tx('t-full', { memo: 'note', category_id: 'food', category_name: 'Groceries', flag_color: 'red' }),
];
const CTX: EditContext = {
  transactions: new Map(TXS.map((t) => [t.id, t])),
  accounts: new Map(
    [
      account('chk', 'Checking'),
      account('sav', 'Savings'),
      account('car', 'Car loan', { on_budget: false }),
    ].map((a) => [a.id, a]),
  ),
  payees: [
    { id: 'p-gone', name: 'Bakery', deleted: true },
    { id: 'p-shop', name: 'Shop', deleted: false },
    { id: 'p-sav', name: 'Transfer : Savings', transfer_account_id: 'sav', deleted: false },
    { id: 'p-bakery', name: 'Bakery', deleted: false },
  ],
  index: INDEX,
  today: '2026-09-25',
};
const edit = (e: EditRequest) => planEdits([e], CTX);

describe('checkEditRequests', () => {
  it.each<[EditRequest[], string]>([
    [[], 'Give at least one transaction to change.'],
    [
      [
        { transaction_id: 't1', memo: 'a' },
        { transaction_id: 't2', memo: 'b' },
        { transaction_id: 't1', approved: true },
      ],
      'Transaction t1 is named twice: give all its changes in one item.',
    ],
    [[{ transaction_id: 't1' }], 'Transaction t1: give at least one field to change.'],
    [[{ transaction_id: 't1', memo: undefined }], 'Transaction t1: give at least one field to change.'],
    [
      [{ transaction_id: 't1', payee_id: 'p', payee_name: 'P' }],
      'Transaction t1: give payee_id or payee_name, not both.',
    ],
  ])('refuses %j', (edits, message) => {
    expect(() => checkEditRequests(edits)).toThrow(message);
  });

  it('accepts one field each, a null among them, and one payee field', () => {
    expect(() =>
      checkEditRequests([
        { transaction_id: 't1', memo: null },
        { transaction_id: 't2', payee_id: 'p' },
        { transaction_id: 't3', payee_name: 'P' },
        { transaction_id: 't4', approved: false },
      ]),
    ).not.toThrow();
  });
});

describe('the checks of one edit', () => {
  const TRANSFER =
    'Transaction t-out is one side of a transfer with Savings: its date, amount and accounts belong to both linked sides';
  it.each<[EditRequest, string]>([
    [
      { transaction_id: 't-none', memo: 'x' },
      'Transaction t-none is not in this plan: use a transaction_id from find_transactions.',
    ],
    [
      { transaction_id: 't-plain', date: '2026-09-27' },
      'Transaction t-plain: 2026-09-27 is in the future: YNAB only records transactions that happened, dated 2026-09-26 at the latest (today, 2026-09-25, and a day more for time zones).',
    ],
    [{ transaction_id: 't-out', date: '2026-09-11' }, TRANSFER],
    [{ transaction_id: 't-out', amount: -1 }, TRANSFER],
    [{ transaction_id: 't-out', payee_id: 'p-shop' }, TRANSFER],
    [{ transaction_id: 't-out', payee_name: 'Shop' }, TRANSFER],
    [
      { transaction_id: 't-out', category_id: 'food' },
      'Transaction t-out is a transfer between two budget accounts (with Savings): such a transfer takes no category.',
    ],
    [
      { transaction_id: 't-nowhere', category_id: 'food' },
      'Transaction t-nowhere is a transfer between two budget accounts (with gone-b)',
    ],
    [
      { transaction_id: 't-split', amount: -1 },
      "Transaction t-split is split: YNAB's API cannot change the lines of an existing split, so neither its amount nor its category. Change it in YNAB's app.",
    ],
    [{ transaction_id: 't-split', category_id: 'food' }, 'Transaction t-split is split'],
    [{ transaction_id: 't-split', category_id: null }, 'Transaction t-split is split'],
    [
      { transaction_id: 't-rec', date: '2026-09-11' },
      'Transaction t-rec is reconciled: changing its date, amount or cleared state would break the reconciled balance of Checking. Leave those fields out.',
    ],
    [{ transaction_id: 't-rec', amount: -1 }, 'Transaction t-rec is reconciled'],
    [{ transaction_id: 't-rec', cleared: 'cleared' }, 'Transaction t-rec is reconciled'],
    [{ transaction_id: 't-rec-away', amount: -1 }, 'would break the reconciled balance of gone-a.'],
    [
      { transaction_id: 't-track', category_id: 'food' },
      'Transaction t-track is on the tracking account Car loan: tracking transactions take no category.',
    ],
    [
      { transaction_id: 't-plain', category_id: 'nope' },
      'Category nope is not in this plan: use a category_id from get_category_balances.',
    ],
  ])('refuses %j', (e, message) => {
    expect(() => edit(e)).toThrow(message);
  });

  it('allows what each kind of transaction may still change', () => {
    // today itself is not the future
    expect(edit({ transaction_id: 't-plain', date: '2026-09-25' }).patches).toEqual([
      { id: 't-plain', date: '2026-09-25' },
    ]);
    // a transfer's memo, flag and cleared state; a category where it leaves the budget; none cleared
    expect(edit({ transaction_id: 't-out', memo: 'rent', category_id: null }).patches).toEqual([
      { id: 't-out', memo: 'rent' },
    ]);
    expect(edit({ transaction_id: 't-out', flag_color: 'red' }).patches).toEqual([
      { id: 't-out', flag_color: 'red' },
    ]);
    expect(edit({ transaction_id: 't-loan', category_id: 'food' }).patches).toEqual([
      { id: 't-loan', category_id: 'food' },
    ]);
    // a split's memo; a split whose lines were all deleted is not one
    expect(edit({ transaction_id: 't-split', memo: 'x' }).patches).toEqual([{ id: 't-split', memo: 'x' }]);
    expect(edit({ transaction_id: 't-unsplit', amount: -1 }).patches).toEqual([
      { id: 't-unsplit', amount: -1_000 },
    ]);
    // a reconciled transaction's memo and approval
    expect(edit({ transaction_id: 't-rec', memo: 'x', approved: false }).patches).toEqual([
      { id: 't-rec', memo: 'x', approved: false },
    ]);
    // a tracking transaction's memo; a transaction of an account missing from the list takes a category
    expect(edit({ transaction_id: 't-track', memo: 'x' }).patches).toEqual([{ id: 't-track', memo: 'x' }]);
    expect(edit({ transaction_id: 't-away', category_id: 'food' }).patches).toEqual([
      { id: 't-away', category_id: 'food' },
    ]);
  });
});

describe('editPayee', () => {
  const payee = (e: Omit<EditRequest, 'transaction_id'>) => editPayee({ transaction_id: 't1', ...e }, CTX);
  const TRANSFER_PAYEE =
    'Transaction t1: a transfer cannot be made by changing the payee (YNAB would only create a payee of that name). Use create_transfer, and delete_transactions for this one if it was meant as the transfer.';

  it('resolves an id among the live payees, and an exact name to the payee that holds it', () => {
    expect(payee({ payee_id: 'p-bakery' })).toEqual({ id: 'p-bakery', name: 'Bakery' });
    expect(payee({ payee_name: '  Bakery ' })).toEqual({ id: 'p-bakery', name: 'Bakery' });
    expect(payee({ payee_name: 'bakery' })).toEqual({ id: null, name: 'bakery' });
    expect(payee({ payee_name: 'Corner shop' })).toEqual({ id: null, name: 'Corner shop' });
    expect(payee({ memo: 'x' })).toBeUndefined();
  });

  it('refuses a transfer payee, by id or by a name of the transfer form', () => {
    expect(() => payee({ payee_id: 'p-sav' })).toThrow(TRANSFER_PAYEE);
    expect(() => payee({ payee_name: 'Transfer : Savings' })).toThrow(TRANSFER_PAYEE);
    expect(() => payee({ payee_name: 'transfer:Anything' })).toThrow(TRANSFER_PAYEE);
    expect(() => payee({ payee_id: 'p-gone' })).toThrow('Payee p-gone is not in this plan');
  });
});

describe('planEdits, field by field', () => {
  it('changes date, amount, payee by id and flag, and asks with each before → after', () => {
    const plan = edit({
      transaction_id: 't-full',
      date: '2026-09-12',
      amount: -20.5,
      payee_id: 'p-bakery',
      flag_color: null,
    });
    expect(plan.patches).toEqual([
      { id: 't-full', date: '2026-09-12', amount: -20_500, payee_id: 'p-bakery', flag_color: null },
    ]);
    expect(plan.moves).toEqual([
      {
        transaction_id: 't-full',
        fields: [
          { field: 'date', from: '2026-09-10', to: '2026-09-12' },
          { field: 'amount', from: -12_340, to: -20_500 },
          { field: 'payee', from: 'p-shop', to: 'Bakery' },
          { field: 'flag_color', from: 'red', to: null },
        ],
      },
    ]);
    expect(editQuestion(plan.changes, twoDecimals)).toBe(
      [
        'Change 1 transaction(s)?',
        '- 2026-09-10 Shop -12.34 (Checking)',
        '  date: 2026-09-10 → 2026-09-12',
        '  amount: -12.34 → -20.50',
        '  payee: Shop → Bakery',
        '  flag_color: red → none',
      ].join('\n'),
    );
    expect(editSubject(plan)).toEqual({ edits: plan.patches });
  });

  it('names a new payee by its name, and a memo set where there was none', () => {
    const plan = edit({ transaction_id: 't-plain', payee_name: 'Corner shop', memo: 'Bread' });
    expect(plan.patches).toEqual([{ id: 't-plain', payee_name: 'Corner shop', memo: 'Bread' }]);
    expect(plan.changes[0]?.fields).toEqual([
      { field: 'payee', from: 'Shop', to: 'Corner shop' },
      { field: 'memo', from: null, to: 'Bread' },
    ]);
    expect(editQuestion(plan.changes, twoDecimals)).toContain('  memo: (none) → Bread');
    const fromEmpty = edit({ transaction_id: 't-plain', flag_color: 'blue' });
    expect(editQuestion(fromEmpty.changes, twoDecimals)).toContain('  flag_color: none → blue');
    const emptyMemo = planEdits([{ transaction_id: 'e', memo: 'x' }], {
      ...CTX,
      transactions: new Map([['e', tx('e', { memo: '' })]]),
    });
    expect(emptyMemo.changes[0]?.fields).toEqual([{ field: 'memo', from: null, to: 'x' }]);
  });

  it('counts as unchanged every field given as YNAB already holds it', () => {
    const plan = planEdits(
      [
        { transaction_id: 't-full', date: '2026-09-10', amount: -12.34, payee_id: 'p-shop' },
        { transaction_id: 't-full2', payee_name: 'Shop', flag_color: 'red', memo: 'note' },
      ],
      {
        ...CTX,
        transactions: new Map([
          ...CTX.transactions,
          ['t-full2', tx('t-full2', { memo: 'note', flag_color: 'red' })],
        ]),
      },
    );
    expect(plan).toEqual({ changes: [], moves: [], patches: [], unchanged: 2 });
  });
});

describe('planEditUndo', () => {
  const moves: EditMove[] = [
    {
      transaction_id: 't-b',
      fields: [
        { field: 'payee', from: 'p-shop', to: 'Bakery' },
        { field: 'memo', from: null, to: 'x' },
      ],
    },
    { transaction_id: 't-a', fields: [{ field: 'amount', from: -12_340, to: -20_500 }] },
    { transaction_id: 't-c', fields: [{ field: 'memo', from: 'old', to: 'new' }] },
  ];

  it('puts back each field still as the edit left it, a payee by its id, and names the others', () => {
    const now = [
      tx('t-b', { payee_id: 'p-bakery', payee_name: 'Bakery', memo: 'changed since' }),
      tx('t-a', { amount: -20_500 }),
      tx('t-c', { memo: 'changed since' }),
    ];
    const undo = planEditUndo(moves, now);
    expect(undo).toEqual({
      patches: [
        { id: 't-b', payee_id: 'p-shop' },
        { id: 't-a', amount: -12_340 },
      ],
      conflicts: ['t-b memo', 't-c memo'],
      fields: 2,
    });
    expect(editUndoIds(undo.patches)).toEqual(['t-a', 't-b']);
  });
});

/*
 * The edges of planning update_transactions and delete_transactions that the tool tests do not reach
 * on the demo plan: fields YNAB leaves out of an answer (no payee, no memo, no category), the cleared
 * and approved fields, a split deleted and recreated line for line, a payee kept only by name,
 * transfers across and within the budget, and an edit undone after its transaction was deleted.
 */
describe('beyond the demo plan', () => {
  /** A transaction as YNAB may send it: the optional fields left out. */
  const bare = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
    id,
    date: '2026-09-10',
    amount: -12_340,
    cleared: 'uncleared',
    approved: true,
    account_id: 'chk',
    deleted: false,
    ...extra,
  });
  const ACCOUNTS = [
    account('chk', 'Checking'),
    account('sav', 'Savings'),
    account('car', 'Car loan', { on_budget: false, type: 'autoLoan' }),
    account('old', 'Old card', { closed: true }),
  ];
  const INDEX = indexCategories([
    {
      id: 'g',
      name: 'Everyday',
      hidden: false,
      deleted: false,
      categories: [{ id: 'food', name: 'Groceries', category_group_id: 'g', hidden: false, deleted: false }],
    },
  ]);
  const context = (transactions: YnabTransaction[]): EditContext => ({
    transactions: new Map(transactions.map((t) => [t.id, t])),
    accounts: new Map(ACCOUNTS.map((a) => [a.id, a])),
    payees: [
      { id: 'p-shop', name: 'Shop', deleted: false },
      { id: 'p-gone', name: 'Gone', deleted: true },
    ],
    index: INDEX,
    today: '2026-09-25',
  });

  describe('planning a delete', () => {
    it('records a transaction without payee, memo or category as nulls, and asks with placeholders', () => {
      const tx = bare('t1');
      const plan = planDelete(['t1'], [tx], ACCOUNTS);
      expect(plan.records).toEqual([
        {
          transaction_id: 't1',
          account_id: 'chk',
          date: '2026-09-10',
          amount: -12_340,
          payee_id: null,
          payee_name: null,
          category_id: null,
          memo: null,
          cleared: 'uncleared',
          approved: true,
          flag_color: null,
          transfer_account_id: null,
          subtransactions: [],
        },
      ]);
      expect(plan.views[0]).toMatchObject({ payee: '', category: null, memo: null });
      // a transaction missing from the list read for the question still gets its line
      expect(deleteQuestion(plan, [], twoDecimals)).toBe(
        'Delete 1 transaction(s)?\n- 2026-09-10 Checking:  0.00 (no category)',
      );
      // nothing named by payee id or name: the recreated one has neither
      expect(recreateBody(plan.records)).toEqual([
        {
          account_id: 'chk',
          date: '2026-09-10',
          amount: -12_340,
          memo: null,
          category_id: null,
          cleared: 'uncleared',
          approved: true,
          flag_color: null,
        },
      ]);
    });

    it('keeps a split line for line (deleted lines left out) and recreates it without a category', () => {
      const split = bare('t2', {
        payee_id: 'p-shop',
        payee_name: 'Shop',
        category_id: 'split-cat',
        category_name: 'Split (Multiple Categories)...',
        memo: '',
        subtransactions: [
          { id: 's1', transaction_id: 't2', amount: -10_000, category_id: 'food', deleted: false },
          {
            id: 's2',
            transaction_id: 't2',
            amount: -2_340,
            payee_id: 'p-shop',
            category_id: null,
            memo: 'bag',
            deleted: false,
          },
          { id: 's3', transaction_id: 't2', amount: -999, category_id: 'food', deleted: true },
        ],
      });
      const plan = planDelete(['t2'], [split], ACCOUNTS);
      expect(plan.views[0]).toMatchObject({ category: 'split', memo: null });
      expect(plan.records[0]?.memo).toBeNull();
      const subtransactions = [
        { amount: -10_000, payee_id: null, category_id: 'food', memo: null },
        { amount: -2_340, payee_id: 'p-shop', category_id: null, memo: 'bag' },
      ];
      expect(plan.records[0]?.subtransactions).toEqual(subtransactions);
      expect(recreateBody(plan.records)[0]).toMatchObject({
        payee_id: 'p-shop',
        category_id: null,
        subtransactions,
      });
    });

    it('recreates a payee YNAB knew only by name through that name', () => {
      const plan = planDelete(['t3'], [bare('t3', { payee_name: 'Corner shop' })], ACCOUNTS);
      expect(recreateBody(plan.records)[0]).toMatchObject({ payee_name: 'Corner shop' });
      expect(recreateBody(plan.records)[0]).not.toHaveProperty('payee_id');
    });

    it('names an account that is not in the list by its id, and a linked side whose account is unknown', () => {
      const tx = bare('t4', { account_id: 'gone', transfer_account_id: 'chk', amount: -5_000 });
      const other = bare('t5', { account_id: 'chk', transfer_account_id: 'gone', amount: 5_000 });
      const plan = planDelete(['t4'], [tx, other], ACCOUNTS);
      expect(plan.views[0]).toMatchObject({ account: 'gone', linked_transaction_id: 't5' });
      plan.linkedAccounts.clear();
      expect(deleteQuestion(plan, [tx], twoDecimals)).toContain('and its linked side on ? (a transfer)');
    });

    it('an undo leaves alone a transfer whose other account closed since', () => {
      const plan = planDelete(
        ['t6'],
        [bare('t6', { transfer_account_id: 'old' }), bare('t7', { account_id: 'sav' })],
        ACCOUNTS,
      );
      const records = [
        ...plan.records,
        ...planDelete(['t7'], [bare('t7', { account_id: 'sav' })], ACCOUNTS).records,
      ];
      expect(planDeleteUndo(records, ACCOUNTS)).toEqual({ back: [records[1]], conflicts: ['t6'] });
    });
  });

  describe('planning an edit', () => {
    it('reads the current value of every field, YNAB’s missing ones as null', () => {
      const tx = bare('t1', { memo: '' });
      expect(currentValue(tx, 'payee')).toBeNull();
      expect(currentValue(tx, 'memo')).toBeNull();
      expect(currentValue(bare('t1'), 'memo')).toBeNull();
      expect(currentValue(tx, 'category')).toBeNull();
      expect(currentValue(tx, 'cleared')).toBe('uncleared');
      expect(currentValue(tx, 'approved')).toBe(true);
    });

    it('changes cleared and approved, and asks with yes/no and the account YNAB named', () => {
      const tx = bare('t1', { account_id: 'elsewhere', account_name: 'Joint' });
      const plan = planEdits([{ transaction_id: 't1', cleared: 'cleared', approved: false }], context([tx]));
      expect(plan.patches).toEqual([{ id: 't1', cleared: 'cleared', approved: false }]);
      expect(plan.moves).toEqual([
        {
          transaction_id: 't1',
          fields: [
            { field: 'cleared', from: 'uncleared', to: 'cleared' },
            { field: 'approved', from: true, to: false },
          ],
        },
      ]);
      expect(editQuestion(plan.changes, twoDecimals)).toBe(
        [
          'Change 1 transaction(s)?',
          '- 2026-09-10  -12.34 (Joint)',
          '  cleared: uncleared → cleared',
          '  approved: yes → no',
        ].join('\n'),
      );
      const unnamed = planEdits(
        [{ transaction_id: 't9', approved: false }],
        context([bare('t9', { account_id: 'x' })]),
      );
      expect(unnamed.changes[0]?.account).toBe('x');
    });

    it('a memo and a category cleared with "", shown as (none)', () => {
      const tx = bare('t1', { memo: 'note', category_id: 'food', category_name: 'Groceries' });
      const plan = planEdits([{ transaction_id: 't1', memo: '', category_id: '' }], context([tx]));
      expect(plan.patches).toEqual([{ id: 't1', memo: null, category_id: null }]);
      expect(editQuestion(plan.changes, twoDecimals)).toContain(
        '  memo: note → (none)\n  category: Groceries → (none)',
      );
      const fromNone = planEdits([{ transaction_id: 't2', category_id: 'food' }], context([bare('t2')]));
      expect(fromNone.changes[0]?.fields).toEqual([{ field: 'category', from: null, to: 'Groceries' }]);
    });

    it('an edit of a transaction deleted since is left alone and named', () => {
      const moves = [
        { transaction_id: 't1', fields: [{ field: 'memo' as const, from: null, to: 'x' }] },
        { transaction_id: 't2', fields: [{ field: 'memo' as const, from: null, to: 'y' }] },
      ];
      const now = [bare('t1', { deleted: true }), bare('t2', { memo: 'y' })];
      expect(planEditUndo(moves, now)).toEqual({
        patches: [{ id: 't2', memo: null }],
        conflicts: ['t1'],
        fields: 1,
      });
    });
  });

  describe('the edit checks', () => {
    const ctx = context([bare('t1')]);
    it.each([
      [{ payee_name: '   ' }, 'Transaction t1: the payee name is empty.'],
      [{ payee_name: 'Two\nlines' }, /one line/],
      [{ payee_id: 'p-gone' }, 'Payee p-gone is not in this plan: use a payee_id from list_payees.'],
    ])('refuses the payee %j', (change, message) => {
      expect(() => editPayee({ transaction_id: 't1', ...change }, ctx)).toThrow(message);
    });

    it('names the tracking side of a transfer between two tracking accounts', () => {
      const tx = bare('t1', { account_id: 'car', transfer_account_id: 'car2' });
      const withSecondLoan = context([tx]);
      (withSecondLoan.accounts as Map<string, YnabAccount>).set(
        'car2',
        account('car2', 'Van loan', { on_budget: false }),
      );
      expect(() => planEdits([{ transaction_id: 't1', category_id: 'food' }], withSecondLoan)).toThrow(
        'Transaction t1 is a transfer between two tracking accounts (with Van loan): such a transfer takes no category.',
      );
    });

    it('refuses a category on a transaction of a tracking account', () => {
      const tx = bare('t1', { account_id: 'car' });
      expect(() => planEdits([{ transaction_id: 't1', category_id: 'food' }], context([tx]))).toThrow(
        'Transaction t1 is on the tracking account Car loan: tracking transactions take no category.',
      );
      // clearing the category of a tracking transaction is allowed
      const cleared = planEdits([{ transaction_id: 't1', category_id: null }], context([tx]));
      expect(cleared.unchanged).toBe(1);
    });
  });
});
