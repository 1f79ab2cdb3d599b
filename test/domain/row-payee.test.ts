/** The payee fields every transaction row carries, and the likely duplicates among rows. */
import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import { duplicateCopies, payeeFields } from '../../src/domain/transactions/row-payee.js';

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
    expect([...duplicateCopies([tx('a'), tx('b'), tx('c', { date: '2026-09-20' })])]).toEqual([
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
    expect(Object.fromEntries(duplicateCopies([tx('a'), tx('b'), tx('c')]))).toEqual({
      a: 'b',
      b: 'a',
      c: 'a',
    });
  });
});
