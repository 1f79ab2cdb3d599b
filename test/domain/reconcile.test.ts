/** reconcile_account's outcome flow, adjustment category, texts and undo plan (never over a later change). */
import { describe, expect, it } from 'vitest';
import type { YnabCategoryGroup, YnabTransaction } from '../../src/domain/model.js';
import {
  adjustmentCategory,
  differenceFound,
  planReconcileUndo,
  reconcileQuestion,
  reconcileStep,
  reconcileSubject,
  reconcileUndoItems,
  reconcileUndoQuestion,
} from '../../src/domain/accounts/reconcile.js';
import type { Gap } from '../../src/domain/accounts/reconcile-gap.js';
import { twoDecimals } from '../helpers/money.js';

function tx(
  id: string,
  amount: number,
  cleared = 'cleared',
  extra: Partial<YnabTransaction> = {},
): YnabTransaction {
  return {
    id,
    date: '2026-09-10',
    amount,
    cleared,
    approved: true,
    account_id: 'acc',
    payee_name: `PAYEE ${id}`,
    deleted: false,
    ...extra,
  };
}

const gapOf = (difference: number, toReconcile: string[]): Gap => ({
  bank: 0,
  cleared: -difference,
  working: 0,
  difference,
  toReconcile,
  uncleared: [],
  explainedBy: [],
  possibleDuplicates: [],
  explainedByNote: '',
});

describe('outcome flow', () => {
  it.each<[number, string[], boolean, string]>([
    [-2_250, ['a'], false, 'difference_found'],
    [-2_250, [], false, 'difference_found'],
    [-2_250, ['a'], true, 'confirm'],
    [-2_250, [], true, 'confirm'],
    [0, ['a'], false, 'confirm'],
    [0, ['a'], true, 'confirm'],
    [0, [], false, 'nothing_to_do'],
    [0, [], true, 'nothing_to_do'],
  ])('difference %d, to reconcile %j, adjust %s → %s', (difference, ids, adjust, step) => {
    expect(reconcileStep(gapOf(difference, ids), adjust)).toBe(step);
  });

  it.each([
    [-2_250, "YNAB shows 2.25 more than the bank. (YNAB's cleared balance differs from the bank by -2.25.)"],
    [125, "The bank shows 0.12 more than YNAB. (YNAB's cleared balance differs from the bank by 0.12.)"],
    [
      1_000_000,
      "The bank shows 1000.00 more than YNAB. (YNAB's cleared balance differs from the bank by 1000.00.)",
    ],
  ])('the difference message for %d', (difference, start) => {
    expect(differenceFound(difference, twoDecimals)).toBe(
      `${start} Nothing was changed. Check explained_by, uncleared and possible_duplicates with the user; call again once fixed, or with adjust=true to record the gap as an adjustment.`,
    );
  });

  it.each([
    ['Savings', 3, 0, 'Reconcile Savings: mark 3 cleared transaction(s) reconciled?'],
    [
      'Savings',
      0,
      -12_345,
      'Reconcile Savings: mark 0 cleared transaction(s) reconciled and add a balance adjustment of -12.35?',
    ],
    [
      'Checking',
      1,
      375,
      'Reconcile Checking: mark 1 cleared transaction(s) reconciled and add a balance adjustment of 0.38?',
    ],
  ])('question for %s, %d, %d', (account, n, difference, question) => {
    expect(reconcileQuestion(account, n, difference, twoDecimals)).toBe(question);
  });

  it('the subject holds the sorted cleared ids and the difference in units', () => {
    expect(reconcileSubject('acc', 12.5, gapOf(-2_250, ['tx-9', 'tx-10', 'a']))).toEqual({
      account: 'acc',
      balance: 12.5,
      adjust: -2.25,
      transactions: ['a', 'tx-10', 'tx-9'],
    });
  });
});

describe('adjustmentCategory (Inflow: Ready to Assign, found before anything is asked)', () => {
  const group = (
    name: string,
    categories: [string, string, boolean?][],
    deleted = false,
  ): YnabCategoryGroup => ({
    id: `g-${name}`,
    name,
    hidden: false,
    deleted,
    categories: categories.map(([id, n, del]) => ({
      id,
      name: n,
      category_group_id: `g-${name}`,
      hidden: false,
      deleted: del ?? false,
    })),
  });
  const INTERNAL = 'Internal Master Category';

  it.each<[string, YnabCategoryGroup[], string | null]>([
    [
      'Ready to Assign by name, even after Uncategorized',
      [
        group(INTERNAL, [
          ['u', 'Uncategorized'],
          ['r', 'Inflow: Ready to Assign'],
        ]),
      ],
      'r',
    ],
    [
      'else the first internal category not Uncategorized',
      [
        group(INTERNAL, [
          ['u', 'Uncategorized'],
          ['i', 'To be Budgeted'],
        ]),
      ],
      'i',
    ],
    ['never Uncategorized', [group(INTERNAL, [['u', 'Uncategorized']])], null],
    ['never a category of another group', [group('Bills', [['r', 'Inflow: Ready to Assign']])], null],
    ['no groups at all', [], null],
    [
      'deleted categories do not count',
      [
        group(INTERNAL, [
          ['r', 'Inflow: Ready to Assign', true],
          ['u', 'Uncategorized'],
        ]),
      ],
      null,
    ],
    ['a deleted group does not count', [group(INTERNAL, [['r', 'Inflow: Ready to Assign']], true)], null],
  ])('%s', (_what, groups, id) => {
    expect(adjustmentCategory(groups)).toBe(id);
  });
});

describe('undo plan (the adjustment deleted only while still reconciled, exact ids in the subject)', () => {
  const details = { account_id: 'acc', reconciled_ids: ['t1', 't2', 't3', 'adj'], adjustment_id: 'adj' };

  it.each<[string, YnabTransaction[], string[], string | null, string[], string]>([
    [
      'everything still reconciled',
      [
        tx('t1', 1, 'reconciled'),
        tx('t2', 1, 'reconciled'),
        tx('t3', 1, 'reconciled'),
        tx('adj', 1, 'reconciled'),
      ],
      ['t1', 't2', 't3'],
      'adj',
      [],
      'Undo reconciliation: mark 3 transaction(s) back to cleared and delete the balance adjustment?',
    ],
    [
      'changed or gone ones are conflicts, the adjustment too',
      [tx('t1', 1, 'cleared'), tx('t3', 1, 'reconciled'), tx('adj', 1, 'uncleared')],
      ['t3'],
      null,
      ['t1', 't2', 'adj'],
      'Undo reconciliation: mark 1 transaction(s) back to cleared?',
    ],
    [
      'only the adjustment left',
      [tx('adj', 1, 'reconciled'), tx('t1', 1, 'reconciled', { deleted: true })],
      [],
      'adj',
      ['t1', 't2', 't3'],
      'Undo reconciliation: mark 0 transaction(s) back to cleared and delete the balance adjustment?',
    ],
    [
      'nothing left',
      [],
      [],
      null,
      ['t1', 't2', 't3', 'adj'],
      'Undo reconciliation: mark 0 transaction(s) back to cleared?',
    ],
  ])('%s', (_what, live, revert, adjustment, conflicts, question) => {
    const undo = planReconcileUndo(details, live);
    expect(undo).toEqual({ revert, deleteAdjustment: adjustment, conflicts });
    expect(reconcileUndoQuestion(undo)).toBe(question);
  });

  it('the items are sorted and hold the adjustment when it is deleted', () => {
    expect(
      reconcileUndoItems({ revert: ['tx-9', 'tx-10'], deleteAdjustment: 'tx-226', conflicts: ['x'] }),
    ).toEqual(['tx-10', 'tx-226', 'tx-9']);
    expect(reconcileUndoItems({ revert: ['b', 'a'], deleteAdjustment: null, conflicts: [] })).toEqual([
      'a',
      'b',
    ]);
  });

  it('without an adjustment, every id is a transaction to revert', () => {
    const undo = planReconcileUndo({ account_id: 'acc', reconciled_ids: ['t1'], adjustment_id: null }, [
      tx('t1', 1, 'reconciled'),
    ]);
    expect(undo).toEqual({ revert: ['t1'], deleteAdjustment: null, conflicts: [] });
  });
});
