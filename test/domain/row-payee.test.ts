/** The payee fields every transaction row carries, and the likely duplicates among rows. */
import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import {
  duplicateCopies,
  payeeFields,
  type DuplicateEvidence,
} from '../../src/domain/transactions/row-payee.js';

const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-19',
  amount: -71_860,
  cleared: 'cleared',
  approved: true,
  account_id: 'acc',
  payee_name: 'CB MARKET FRESH FACT 190926 525130******1',
  deleted: false,
  ...extra,
});

describe('payeeFields', () => {
  it('gives the payee id and the merchant behind the label, one line', () => {
    expect(
      payeeFields({ payee_id: 'pay-1', payee_name: 'CB MARKET FRESH FACT 190926 525130******1' }),
    ).toEqual({ payee_id: 'pay-1', merchant: 'MARKET FRESH' });
    expect(payeeFields({ payee_name: 'PRLV SEPA EDF\nplanted' })).toEqual({
      payee_id: null,
      merchant: 'EDF PLANTED',
    });
    expect(payeeFields({})).toEqual({ payee_id: null, merchant: '' });
  });
});

describe('duplicateCopies', () => {
  it('pairs the same account, date, amount and label both ways', () => {
    const copies = duplicateCopies([tx('a'), tx('b'), tx('c', { date: '2026-09-20' })]);
    expect([...copies].map(([id, copy]) => [id, copy.of])).toEqual([
      ['a', 'b'],
      ['b', 'a'],
    ]);
  });

  it.each<[string, Partial<YnabTransaction>]>([
    ['another account', { account_id: 'other' }],
    ['another day', { date: '2026-09-18' }],
    ['another amount', { amount: -71_850 }],
    ['another label of the same merchant', { payee_name: 'MARKET FRESH' }],
    ['a deleted copy', { deleted: true }],
  ])('leaves alone %s', (_what, change) => {
    expect(duplicateCopies([tx('a'), tx('b', change)]).size).toBe(0);
  });

  it('points each of three copies at another', () => {
    const copies = duplicateCopies([tx('a'), tx('b'), tx('c')]);
    expect(Object.fromEntries([...copies].map(([id, copy]) => [id, copy.of]))).toEqual({
      a: 'b',
      b: 'a',
      c: 'a',
    });
  });

  const imported = (n: number) => ({ import_id: `YNAB:-71860:2026-09-19:${n}` });
  it.each<[string, Partial<YnabTransaction>, Partial<YnabTransaction>, DuplicateEvidence]>([
    ['two entered by hand', {}, {}, { this: 'entered', other: 'entered', later: 'unknown' }],
    ['imported second', imported(2), imported(1), { this: 'imported', other: 'imported', later: 'this' }],
    ['imported first', imported(1), imported(2), { this: 'imported', other: 'imported', later: 'other' }],
    [
      'one occurrence twice',
      imported(1),
      imported(1),
      { this: 'imported', other: 'imported', later: 'unknown' },
    ],
    [
      'an import id of another form',
      { import_id: 'bank-17' },
      imported(1),
      { this: 'imported', other: 'imported', later: 'unknown' },
    ],
    [
      'matched beside entered',
      { ...imported(1), matched_transaction_id: 'm' },
      {},
      { this: 'matched', other: 'entered', later: 'unknown' },
    ],
  ])('tells how each of a pair came in: %s', (_what, a, b, evidence) => {
    expect(duplicateCopies([tx('a', a), tx('b', b)]).get('a')).toEqual({ of: 'b', evidence });
  });
});
