/** A plan's currency from YNAB's currency_format. */
import { describe, expect, it } from 'vitest';
import { planCurrency } from '../../src/domain/plans/currency.js';

describe('planCurrency', () => {
  it('gives the ISO code, symbol, decimals, side and example', () => {
    const usd = {
      iso_code: 'USD',
      example_format: '123,456.78',
      decimal_digits: 2,
      decimal_separator: '.',
      symbol_first: true,
      group_separator: ',',
      currency_symbol: '$',
      display_symbol: true,
    };
    expect(planCurrency(usd)).toEqual({
      iso_code: 'USD',
      symbol: '$',
      decimal_digits: 2,
      symbol_first: true,
      example: '123,456.78',
    });
    expect(planCurrency({ iso_code: 'JPY', decimal_digits: 0, currency_symbol: '¥' })).toEqual({
      iso_code: 'JPY',
      symbol: '¥',
      decimal_digits: 0,
      symbol_first: false,
      example: null,
    });
  });

  it('is null when YNAB gives no format or no ISO code', () => {
    expect(planCurrency(undefined)).toBeNull();
    expect(planCurrency(null)).toBeNull();
    expect(planCurrency({ currency_symbol: '€' })).toBeNull();
  });
});
