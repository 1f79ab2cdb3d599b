/**
 * Money and dates as a plan writes them, in the one formatter that the server's questions, previews and
 * messages and the MCP Apps views share: a euro plan written the French way (the demo's), yen (no
 * decimals), a dollar plan (symbol first, `,` groups), ISO dates without a format, months in words.
 */
import { describe, expect, it } from 'vitest';
import { currencyText, dateText, monthText, type CurrencyText } from '../../src/domain/plan-text.js';
import { money } from '../../views/format.js';

const EURO: CurrencyText = {
  symbol: '€',
  decimal_digits: 2,
  decimal_separator: ',',
  group_separator: ' ',
  symbol_first: false,
  display_symbol: true,
};
const YEN: CurrencyText = {
  ...EURO,
  symbol: '¥',
  decimal_digits: 0,
  decimal_separator: '.',
  group_separator: ',',
  symbol_first: true,
};
const DOLLAR: CurrencyText = { ...YEN, symbol: '$', decimal_digits: 2 };

describe('currencyText', () => {
  it.each([
    [22.5, EURO, '22,50 €'],
    [1234567.89, EURO, '1 234 567,89 €'],
    [-10, EURO, '-10,00 €'],
    [-0.001, EURO, '0,00 €'],
    [0.125, EURO, '0,12 €'],
    [123, EURO, '123,00 €'],
    [450, YEN, '¥450'],
    [-1234567, YEN, '-¥1,234,567'],
    [1234.56, DOLLAR, '$1,234.56'],
    [-22.5, DOLLAR, '-$22.50'],
    [100000, DOLLAR, '$100,000.00'],
  ])('%d → %s', (units, c, text) => {
    expect(currencyText(units, c)).toBe(text);
  });
  it('writes the number alone where the plan hides its symbol, and whole units when asked', () => {
    expect(currencyText(5, { ...EURO, display_symbol: false })).toBe('5,00');
    expect(currencyText(18000.4, EURO, 0)).toBe('18 000 €');
  });
  it('is the views’ formatter too: a card writes what the question says', () => {
    for (const c of [EURO, YEN, DOLLAR]) {
      const f = { currency: { ...c, iso_code: 'X' }, date_format: null, locale: null };
      for (const units of [22.5, -1234567.89, 0]) expect(money(units, f)).toBe(currencyText(units, c));
    }
  });
});

describe('dateText and monthText', () => {
  it('writes a date in the plan’s format, ISO without one', () => {
    expect(dateText('2026-09-14', 'DD/MM/YYYY')).toBe('14/09/2026');
    expect(dateText('2026-09-14', 'MM/DD/YYYY')).toBe('09/14/2026');
    expect(dateText('2026-09-14', 'YYYY.MM.DD')).toBe('2026.09.14');
    expect(dateText('2026-09-14', null)).toBe('2026-09-14');
    expect(dateText('not a date', 'DD/MM/YYYY')).toBe('not a date');
  });
  it('writes a month in English words', () => {
    expect(monthText('2026-09-01')).toBe('September 2026');
    expect(monthText('2026-01')).toBe('January 2026');
    expect(monthText('2026-13-01')).toBe('2026-13-01');
  });
});
