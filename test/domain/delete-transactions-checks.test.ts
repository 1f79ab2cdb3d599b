/**
 * delete_transactions planned without a client: the checks in their order, the linked side of a
 * transfer told apart from look-alikes, a transfer named by both sides deleted once, the record kept
 * for undo, the question, and the undo's choice of what can come back.
 */
import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import {
  deleteQuestion,
  deleteSubject,
  linkedSide,
  planDelete,
  planDeleteUndo,
  recreateBody,
} from '../../src/domain/transactions/delete-transactions.js';
import { account } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

const ACCOUNTS = [
  account('chk', 'Checking'),
  account('sav', 'Savings'),
  account('shut', 'Shut', { closed: true }),
];
const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-10',
  amount: -50_000,
  cleared: 'uncleared',
  approved: true,
  account_id: 'chk',
  payee_name: 'Shop',
  deleted: false,
  ...extra,
});
const OUT = tx('out', { transfer_account_id: 'sav', payee_name: 'Transfer : Savings' });
const side = (id: string, extra: Partial<YnabTransaction> = {}) =>
  tx(id, {
    account_id: 'sav',
    transfer_account_id: 'chk',
    amount: 50_000,
    payee_name: 'Transfer : Checking',
    ...extra,
  });
const LOOKALIKES = [
  side('gone', { deleted: true }),
  side('elsewhere', { account_id: 'shut' }),
  side('other-link', { transfer_account_id: 'shut' }),
  side('other-amount', { amount: 40_000 }),
  side('other-day', { date: '2026-09-11' }),
];
const IN = side('in');
const ALL = [OUT, ...LOOKALIKES, IN, tx('plain'), tx('rec', { cleared: 'reconciled' })];

describe('linkedSide', () => {
  it('is the live transaction on the other account, linked back, of the opposite amount, that day', () => {
    expect(linkedSide(OUT, ALL)?.id).toBe('in');
    expect(linkedSide(IN, ALL)?.id).toBe('out');
    expect(linkedSide(OUT, [OUT, ...LOOKALIKES])).toBeUndefined();
    expect(linkedSide(tx('plain'), ALL)).toBeUndefined();
  });
});

describe('planDelete refuses', () => {
  it.each<[string[], YnabTransaction[], string]>([
    [[], ALL, 'Give at least one transaction to delete.'],
    [['plain', 'out', 'plain'], ALL, 'Transaction plain is named twice.'],
    [['out', 'in', 'out'], ALL, 'Transaction out is named twice.'],
    [
      ['plain', 'nope'],
      ALL,
      'Transaction nope is not in this plan: use a transaction_id from find_transactions.',
    ],
    [['gone'], ALL, 'Transaction gone is not in this plan'],
    [
      ['rec'],
      ALL,
      'Transaction rec is reconciled: deleting it would change the reconciled balance of Checking, which the bank statement confirmed. Nothing was deleted; if it really is wrong, un-reconcile it in YNAB first.',
    ],
    [['out'], [OUT, side('in', { cleared: 'reconciled' })], 'Transaction in is reconciled'],
  ])('%j', (ids, transactions, message) => {
    expect(() => planDelete(ids, transactions, ACCOUNTS)).toThrow(message);
  });
});

describe('planDelete plans', () => {
  it('deletes a transfer named by both sides once, with its linked side named for the question', () => {
    const plan = planDelete(['out', 'in', 'plain'], ALL, ACCOUNTS);
    expect(deleteSubject(plan)).toEqual({ delete: ['out', 'plain'] });
    expect(plan.views.map((v) => v.linked_transaction_id)).toEqual(['in', null]);
    expect([...plan.linkedAccounts]).toEqual([['in', 'Savings']]);
    expect(deleteQuestion(plan, ALL, twoDecimals)).toBe(
      [
        'Delete 2 transaction(s)?',
        '- 2026-09-10 Checking: Transfer : Savings -50.00 (no category)',
        '  and its linked side on Savings (a transfer)',
        '- 2026-09-10 Checking: Shop -50.00 (no category)',
      ].join('\n'),
    );
  });

  it('warns before the yes when cleared transactions are among those deleted', () => {
    const rows = [tx('a', { cleared: 'cleared' }), tx('b', { cleared: 'cleared' }), tx('c')];
    const warning = (ids: string[]) =>
      deleteQuestion(planDelete(ids, rows, ACCOUNTS), rows, twoDecimals)
        .split('\n')
        .slice(ids.length + 1);
    expect(warning(['a', 'b', 'c'])).toEqual([
      "Warning: 2 of these are cleared (your bank shows them): deleting moves the account's cleared balance away from the bank's.",
    ]);
    expect(warning(['a', 'c'])).toEqual([
      "Warning: one of these is cleared (your bank shows it): deleting moves the account's cleared balance away from the bank's.",
    ]);
    expect(warning(['c'])).toEqual([]);
  });

  it('keeps memo, cleared state and category for undo, and shows a split as split', () => {
    const rows = [
      tx('a', { memo: 'gift', cleared: 'cleared', category_id: 'food', category_name: 'Groceries' }),
      tx('b', {
        category_id: 'food',
        category_name: 'Groceries',
        subtransactions: [{ id: 's', amount: -50_000, deleted: true }],
      }),
      tx('c', { subtransactions: [{ id: 's1', amount: -50_000, category_id: 'food', deleted: false }] }),
    ];
    const plan = planDelete(['a', 'b', 'c'], rows, ACCOUNTS);
    expect(plan.records.map((r) => [r.memo, r.cleared, r.category_id])).toEqual([
      ['gift', 'cleared', 'food'],
      [null, 'uncleared', 'food'],
      [null, 'uncleared', null],
    ]);
    expect(plan.views.map((v) => v.category)).toEqual(['Groceries', 'Groceries', 'split']);
    expect(deleteQuestion(plan, rows, twoDecimals).split('\n').slice(0, 3)).toEqual([
      'Delete 3 transaction(s)?',
      '- 2026-09-10 Checking: Shop -50.00 (Groceries)',
      '  memo: gift',
    ]);
    expect(recreateBody(plan.records).map((b) => b.category_id)).toEqual(['food', 'food', null]);
  });
});

describe('planDeleteUndo', () => {
  it('brings back what has an open account, and names the others in code-point order', () => {
    const records = planDelete(['plain', 'out'], ALL, ACCOUNTS).records;
    const late = { ...records[0]!, transaction_id: 'b-late', account_id: 'shut' };
    const early = { ...records[0]!, transaction_id: 'a-early', account_id: 'shut' };
    expect(planDeleteUndo([...records, late, early], ACCOUNTS)).toEqual({
      back: records,
      conflicts: ['a-early', 'b-late'],
    });
  });
});
