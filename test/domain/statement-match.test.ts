import { describe, expect, it } from 'vitest';
import { PERIOD, line, tx } from '../helpers/statement-rows.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { matchStatement } from '../../src/domain/statements/match.js';
import { similarity } from '../../src/domain/statements/similarity.js';

/** The month the fixtures plant: a fee YNAB never saw, a card payment twice, a mistyped amount, a cheque not cleared, a settlement two days late. */
const LINES = [
  line('2026-11-02', -42_500, 'CB MARKET FRESH 0211'),
  line('2026-11-10', -60_000, 'CB CINEMA LUX'),
  line('2026-11-15', 2_100_000, 'VIR ACME PAYROLL'),
  line('2026-11-20', -15_990, 'PRLV SEPA STREAMFLIX'),
  line('2026-11-28', -7_900, 'FRAIS TENUE DE COMPTE'),
];
const YNAB = [
  tx('t-market', '2026-11-02', -42_500, 'Market Fresh'),
  tx('t-cinema', '2026-11-08', -60_000, 'Cinema Lux'), // entered two days before the bank booked it
  tx('t-cinema-2', '2026-11-09', -60_000, 'Cinema Lux'), // imported again
  tx('t-pay', '2026-11-15', 2_100_000, 'Acme Payroll'),
  tx('t-stream', '2026-11-20', -19_590, 'Streamflix'), // typed 195.90 for 159.90
  tx('t-cheque', '2026-11-25', -120_000, 'Cheque 42', { cleared: 'uncleared' }),
  tx('t-old', '2026-10-20', -5_000, 'Market Fresh'), // before the period: not the statement's business
];

describe('a statement held against the account', () => {
  const m = matchStatement(LINES, YNAB, PERIOD);

  it('pairs each line with one transaction of the same amount, the nearest date first', () => {
    expect(m.matched.map((p) => [p.line, p.transaction.id, p.days])).toEqual([
      [0, 't-market', 0],
      [2, 't-pay', 0],
      [1, 't-cinema-2', -1],
    ]);
  });

  it('finds the second copy, the mistyped amount, the fee YNAB never saw and the cheque the bank has not cleared', () => {
    expect(m.duplicates.map((d) => [d.line, d.kept.id, d.duplicate.id])).toEqual([
      [1, 't-cinema-2', 't-cinema'],
    ]);
    expect(m.mismatches.map((x) => [x.line, x.transaction.id, x.field, x.fixable])).toEqual([
      [3, 't-stream', 'amount', true],
    ]);
    expect(m.missing).toEqual([4]);
    expect(m.extra.map((t) => [t.id, t.cleared])).toEqual([['t-cheque', 'uncleared']]);
  });

  it('matches a split by its total and never corrects its amount, nor a transfer', () => {
    const parts = [
      { id: 's1', amount: -50_000, category_id: 'a', deleted: false },
      { id: 's2', amount: -30_000, category_id: 'b', deleted: false },
    ] as NonNullable<YnabTransaction['subtransactions']>;
    const split = tx('t-split', '2026-11-03', -80_000, 'Hardware Store', { subtransactions: parts });
    const transfer = tx('t-move', '2026-11-04', -100_000, 'Transfer : Savings', {
      transfer_account_id: 'sav',
    });
    const r = matchStatement(
      [
        line('2026-11-03', -80_000, 'HARDWARE STORE'),
        line('2026-11-05', -85_000, 'HARDWARE STORE'),
        line('2026-11-04', -110_000, 'TRANSFER SAVINGS'),
      ],
      [split, tx('t-split-2', '2026-11-05', -58_000, 'Hardware Store', { subtransactions: parts }), transfer],
      PERIOD,
    );
    expect(r.matched.map((p) => p.transaction.id)).toEqual(['t-split']);
    expect(r.mismatches.map((x) => [x.transaction.id, x.field, x.fixable])).toEqual([
      ['t-split-2', 'amount', false],
      ['t-move', 'amount', false],
    ]);
  });

  it('takes a date further off than the window as a mistyped date of the same payment', () => {
    const r = matchStatement(
      [line('2026-11-20', -9_990, 'CB BOOKSHOP')],
      [tx('t-book', '2026-11-02', -9_990, 'Bookshop')],
      PERIOD,
    );
    expect(r.mismatches.map((x) => [x.transaction.id, x.field])).toEqual([['t-book', 'date']]);
    expect(r.missing).toEqual([]);
  });

  it('never pairs one transaction twice: two lines of one amount need two transactions', () => {
    const r = matchStatement(
      [line('2026-11-05', -3_000, 'CAFE'), line('2026-11-05', -3_000, 'CAFE')],
      [tx('t-cafe', '2026-11-05', -3_000, 'Cafe')],
      PERIOD,
    );
    expect([r.matched.length, r.missing]).toEqual([1, [1]]);
  });

  it('says how alike a bank label and a payee are', () => {
    expect(similarity('CB MARKET FRESH FACT 190926 525130******1', 'Market Fresh')).toBe(1);
    expect(similarity('PRLV SEPA STREAMFLIX', 'Streamflix')).toBe(1);
    expect(similarity('CINEMA LUX', 'Bookshop')).toBeLessThan(0.2);
    expect(similarity('', 'x')).toBe(0);
  });
});
