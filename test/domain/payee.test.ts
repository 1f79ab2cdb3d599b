import { describe, expect, it } from 'vitest';
import { merchant } from '../../src/domain/payees/merchant.js';
import { rankPayees } from '../../src/domain/payees/payee-list.js';

describe('merchant (the key that groups the bank labels of one merchant)', () => {
  it.each([
    ['CB ACME OUTDOOR FACT 110126 525130******2', 'ACME OUTDOOR'],
    ['Corner Shop', 'CORNER SHOP'],
    ['CB MARKET FRESH FACT 190926 525130******1', 'MARKET FRESH'],
    ['VIR INST GARAGE MARTIN', 'GARAGE MARTIN'],
    ['VIREMENT SEPA LOYER', 'LOYER'],
    ['PRLV SEPA EDF CLIENT 1234567', 'EDF CLIENT'],
    ['CARTE 12/09 BOULANGERIE', 'BOULANGERIE'],
    ['VIR ACME - IBAN: FR76 3000 6000', 'ACME'],
    ['CBX SHOP', 'CBX SHOP'],
    ['SHOP 4970****1234 PARIS', 'SHOP PARIS'],
    ['SHOP 01/02/2026 X', 'SHOP X'],
    ['VIR', 'VIR'],
    ['', ''],
    [null, ''],
  ])('merchant(%j) = %j', (label, want) => {
    expect(merchant(label)).toBe(want);
  });
});

describe('rankPayees', () => {
  const payees = [
    { id: 'p1', name: 'zeta', deleted: false },
    { id: 'p2', name: 'Alpha', deleted: false },
    { id: 'p3', name: 'Transfer : Savings', transfer_account_id: 'acc', deleted: false },
    { id: 'p4', name: 'gone', deleted: true },
    { id: 'p5', name: 'beta\nforged', deleted: false },
  ];
  const tx = [
    { payee_id: 'p1', date: '2026-01-02', deleted: false },
    { payee_id: 'p1', date: '2026-03-02', deleted: false },
    { payee_id: 'p1', date: '2026-02-02', deleted: false },
    { payee_id: 'p2', date: '2026-01-05', deleted: true },
    { payee_id: null, date: '2026-01-05', deleted: false },
  ];

  it('sorts by use then casefolded name, drops transfers and deleted payees', () => {
    const r = rankPayees(payees, tx, null, 50);
    expect(r.payees.map((p) => p.payee_id)).toEqual(['p1', 'p2', 'p5']);
    expect(r.payees[0]).toMatchObject({ transactions: 3, last_date: '2026-03-02', merchant: 'ZETA' });
    expect(r.payees[1]).toMatchObject({ transactions: 0, last_date: null });
    expect(r.payees[2]?.name).toBe('beta forged');
    expect(r).toMatchObject({ total: 3, shown: 3 });
  });

  it('filters by a casefolded search and applies the limit after counting', () => {
    expect(rankPayees(payees, tx, 'ALP', 50).payees.map((p) => p.payee_id)).toEqual(['p2']);
    const limited = rankPayees(payees, tx, null, 1);
    expect(limited).toMatchObject({ total: 3, shown: 1 });
  });

  it('handles an empty plan', () => {
    expect(rankPayees([], [], null, 50)).toEqual({ payees: [], total: 0, shown: 0 });
  });
});
