/**
 * Payees, the cases the first tests left open: labels that start with spaces or hold numbers between
 * punctuation, the order of list_payees when YNAB lists payees in another order, a search that only
 * the merchant matches, and the counts and undo check of rename_payee among several payees.
 */
import { describe, expect, it } from 'vitest';
import type { YnabPayee, YnabTransaction } from '../../src/domain/model.js';
import { merchant } from '../../src/domain/payees/merchant.js';
import { rankPayees } from '../../src/domain/payees/payee-list.js';
import { payeeStillRenamed, transactionsNaming } from '../../src/domain/payees/payee-rename.js';

describe('merchant', () => {
  it.each([
    // the bank's prefix is found after leading spaces too
    ['   CB MARKET FRESH', 'MARKET FRESH'],
    ['\tPRLV SEPA EDF', 'EDF'],
    // a removed card number, date or long number leaves a space, so the words around it stay apart
    ['SNCF/1234****5678/PARIS', 'SNCF/ /PARIS'],
    ['SNCF/12/09/PARIS', 'SNCF/ /PARIS'],
    ['SNCF-123456-PARIS', 'SNCF- -PARIS'],
  ])('merchant(%j) = %j', (label, want) => {
    expect(merchant(label)).toBe(want);
  });
});

describe('rankPayees', () => {
  const payee = (id: string, name: string) => ({ id, name, deleted: false });
  const use = (payee_id: string, date: string) => ({ payee_id, date, deleted: false });

  it('orders by number of transactions, then by casefolded name, whatever order YNAB lists them in', () => {
    const payees = [
      payee('p-zed', 'zed'),
      payee('p-once', 'Once'),
      payee('p-bee', 'Bee'),
      payee('p-twice', 'Twice'),
      payee('p-ant', 'ant'),
    ];
    const uses = [use('p-once', '2026-01-01'), use('p-twice', '2026-01-01'), use('p-twice', '2026-02-01')];
    const listed = rankPayees(payees, uses, null, 50).payees;
    expect(listed.map((p) => p.name)).toEqual(['Twice', 'Once', 'ant', 'Bee', 'zed']);
    expect(listed.map((p) => p.transactions)).toEqual([2, 1, 0, 0, 0]);
  });

  it('finds a payee whose merchant matches the search though its name does not', () => {
    const payees = [payee('p-fresh', 'MARKET 123456 FRESH'), payee('p-other', 'Market stall')];
    expect(rankPayees(payees, [], 'market fresh', 50).payees.map((p) => p.payee_id)).toEqual(['p-fresh']);
    // and one the name matches though the merchant does not
    expect(rankPayees(payees, [], '123456', 50).payees.map((p) => p.payee_id)).toEqual(['p-fresh']);
  });
});

describe('rename_payee', () => {
  const t = (id: string, payee_id: string | null): YnabTransaction => ({
    id,
    payee_id,
    deleted: false,
    date: '2026-09-01',
    amount: 0,
    cleared: 'cleared',
    approved: true,
    account_id: 'a',
  });

  it('counts only the transactions that name the payee', () => {
    expect(transactionsNaming([t('a', 'p1'), t('b', 'p2'), t('c', 'p2'), t('d', 'p2')], 'p1')).toBe(1);
  });

  it('an undo finds the renamed payee among the others', () => {
    const payees: YnabPayee[] = [
      { id: 'p0', name: 'Bakery', deleted: false },
      { id: 'p1', name: 'Market Fresh', deleted: false },
    ];
    expect(payeeStillRenamed({ payee_id: 'p1', from: 'CB MARKET FRESH', to: 'Market Fresh' }, payees)).toBe(
      true,
    );
  });
});
