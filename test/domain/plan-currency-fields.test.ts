/** A plan's currency when YNAB's currency_format lacks a field or holds one this version cannot use. */
import { describe, expect, it } from 'vitest';
import type { YnabCurrencyFormat } from '../../src/domain/model.js';
import { planCurrency } from '../../src/domain/plans/currency.js';

const euro = {
  iso_code: 'EUR',
  currency_symbol: '€',
  decimal_digits: 2,
  symbol_first: false,
} as YnabCurrencyFormat;

describe('planCurrency with partial formats', () => {
  it('gives no currency without an ISO code', () => {
    expect(planCurrency({ ...euro, iso_code: '' })).toBeNull();
  });

  it('reads a missing symbol as none', () => {
    const bare: Partial<YnabCurrencyFormat> = { ...euro };
    delete bare.currency_symbol;
    expect(planCurrency(bare as YnabCurrencyFormat)).toMatchObject({ iso_code: 'EUR', symbol: '' });
  });

  it.each([
    [undefined, 2],
    [-1, 2],
    [1.5, 2],
    [0, 0],
    [3, 3],
  ])('decimal_digits %s → %i', (digits, want) => {
    const format = { ...euro, decimal_digits: digits } as YnabCurrencyFormat;
    expect(planCurrency(format)?.decimal_digits).toBe(want);
  });
});
