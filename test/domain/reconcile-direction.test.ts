/**
 * The direction of a reconciliation gap, at its edges: equal balances, a zero amount, pairs whose
 * transactions are gone, pairs with only one copy counted in the cleared balance.
 */
import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import {
  deletingMovesToward,
  explainedByNote,
  gapInWords,
  higherSide,
  towardBank,
} from '../../src/domain/accounts/reconcile-direction.js';
import { twoDecimals } from '../helpers/money.js';

const tx = (id: string, amount: number, cleared: string): YnabTransaction => ({
  id,
  date: '2026-09-10',
  amount,
  cleared,
  approved: true,
  account_id: 'acc',
  payee_name: 'MARKET FRESH',
  deleted: false,
});
const isCleared = (t: YnabTransaction): boolean => t.cleared !== 'uncleared';

describe('the side that shows more', () => {
  it.each([
    [-1, 'ynab', 'YNAB shows 0.00 more than the bank.'],
    [-71_860, 'ynab', 'YNAB shows 71.86 more than the bank.'],
    [0, 'equal', 'YNAB and the bank agree.'],
    [10, 'bank', 'The bank shows 0.01 more than YNAB.'],
  ])('bank − cleared = %i milliunits: %s', (difference, side, words) => {
    expect(higherSide(difference)).toBe(side);
    expect(gapInWords(difference, twoDecimals)).toBe(words);
  });
});

describe('deleting one copy of a duplicate', () => {
  it.each([
    [-20_000, 20_000, true], // a charge deleted raises YNAB toward a bank that shows more
    [-20_000, -20_000, false], // it would raise YNAB further above the bank
    [20_000, -20_000, true], // an inflow deleted lowers YNAB toward the bank
    [20_000, 20_000, false],
    [0, 20_000, false], // a zero line changes nothing
    [0, 0, false], // nothing to move toward
    [-20_000, 0, false],
  ])('amount %i, difference %i: %s', (amount, difference, toward) => {
    expect(deletingMovesToward(amount, difference)).toBe(toward);
  });

  const live = [
    tx('a', -35_930, 'cleared'),
    tx('b', -35_930, 'uncleared'),
    tx('c', -12_000, 'uncleared'),
    tx('d', -12_000, 'uncleared'),
  ];

  it('keeps a pair with one copy counted, drops a pair with none counted or a copy gone', () => {
    const pairs: [string, string][] = [
      ['a', 'b'],
      ['c', 'd'],
      ['a', 'gone'],
      ['gone', 'a'],
    ];
    expect(towardBank(pairs, live, 35_930, isCleared)).toEqual([['a', 'b']]);
    expect(towardBank([['b', 'a']], live, 35_930, isCleared)).toEqual([['b', 'a']]);
    // the other way, deleting a charge would double the gap
    expect(towardBank(pairs, live, -35_930, isCleared)).toEqual([]);
  });
});

describe('the note on explained_by', () => {
  it.each([
    [0, [], [], [], 'Nothing to explain: the balances match.'],
    [
      -71_860,
      ['t1'],
      [],
      [],
      'Clearing one of these uncleared transactions (amount -71.86) would close the gap, if the bank has already taken it.',
    ],
    [
      35_930,
      [],
      [['a', 'b']],
      [-35_930],
      'Empty: no uncleared transaction has exactly the amount 35.93 that clearing would need. Deleting one copy of a pair in possible_duplicates would close the gap exactly.',
    ],
    [
      50_000,
      [],
      [['a', 'b']],
      [-35_930],
      'Empty: no uncleared transaction has exactly the amount 50.00 that clearing would need. Deleting one copy of a pair in possible_duplicates would narrow the gap, not close it.',
    ],
    [
      -5_000,
      [],
      [],
      [],
      'Empty: no uncleared transaction has exactly the amount -5.00 that clearing would need. Look for an inflow YNAB has that the bank does not, or a charge the bank took that YNAB lacks.',
    ],
    [
      5_000,
      [],
      [],
      [],
      'Empty: no uncleared transaction has exactly the amount 5.00 that clearing would need. Look for a charge YNAB has that the bank does not, or income or a refund the bank received that YNAB lacks.',
    ],
  ] as const)('difference %i', (difference, explained, pairs, amounts, note) => {
    expect(
      explainedByNote(difference, explained, pairs as unknown as [string, string][], amounts, twoDecimals),
    ).toBe(note);
  });
});
