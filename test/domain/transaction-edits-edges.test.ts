/**
 * The edges of planning update_transactions and delete_transactions that the tool tests do not reach
 * on the demo plan: fields YNAB leaves out of an answer (no payee, no memo, no category), the cleared
 * and approved fields, a split deleted and recreated line for line, a payee kept only by name,
 * transfers across and within the budget, and an edit undone after its transaction was deleted.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import type { YnabAccount, YnabTransaction } from '../../src/domain/model.js';
import {
  deleteQuestion,
  planDelete,
  planDeleteUndo,
  recreateBody,
} from '../../src/domain/transactions/delete-transactions.js';
import { editPayee, type EditContext } from '../../src/domain/transactions/edit-checks.js';
import {
  currentValue,
  editQuestion,
  planEditUndo,
  planEdits,
} from '../../src/domain/transactions/edit-transactions.js';
import { account } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

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
