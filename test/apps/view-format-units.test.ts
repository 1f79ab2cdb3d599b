/**
 * The views' pure parts, without a browser: money and dates as a plan writes them (euro the French
 * way, yen, a plan with no format), months by the host's locale or the plan's date format, and what
 * each chart says when it has nothing to draw. The browser tests show them drawn.
 */
import { describe, expect, it } from 'vitest';
import { date, formatsOf, money, month, period, FORMAT_META_KEY, type Formats } from '../../views/format.js';
import { chartData } from '../../views/chart-data.js';

const EURO: Formats = {
  currency: {
    iso_code: 'EUR',
    symbol: '€',
    decimal_digits: 2,
    decimal_separator: ',',
    group_separator: ' ',
    symbol_first: false,
    display_symbol: true,
  },
  date_format: 'DD/MM/YYYY',
  locale: null,
};
const YEN: Formats = {
  currency: {
    iso_code: 'JPY',
    symbol: '¥',
    decimal_digits: 0,
    decimal_separator: '.',
    group_separator: ',',
    symbol_first: true,
    display_symbol: true,
  },
  date_format: 'YYYY-MM-DD',
  locale: null,
};
const PLAIN: Formats = { currency: null, date_format: null, locale: null };

describe('money', () => {
  it.each([
    [123456.78, EURO, undefined, '123 456,78 €'],
    [-1234435.39, EURO, undefined, '-1 234 435,39 €'],
    [18000, EURO, 0, '18 000 €'],
    [-0.001, EURO, undefined, '0,00 €'],
    [123456, YEN, undefined, '¥123,456'],
    // half to even, as the server's questions round (one formatter: src/domain/plan-text.ts)
    [-22.5, YEN, undefined, '-¥22'],
    [-23.5, YEN, undefined, '-¥24'],
    [1234.5, PLAIN, undefined, '1,234.50'],
  ])('%d → %s', (value, f, decimals, text) => {
    expect(money(value, f, decimals)).toBe(text);
  });
  it('leaves the symbol out where the plan hides it', () => {
    const hidden = { ...EURO, currency: { ...EURO.currency!, display_symbol: false } };
    expect(money(5, hidden)).toBe('5,00');
  });
});

describe('dates and months', () => {
  it('writes a date in the plan’s format, ISO without one', () => {
    expect(date('2026-09-01', EURO)).toBe('01/09/2026');
    expect(date('2026-09-01', YEN)).toBe('2026-09-01');
    expect(date('2026-09-01T00:00', PLAIN)).toBe('2026-09-01');
    expect(date('2026-09-01', { ...PLAIN, date_format: 'MM/DD/YYYY' })).toBe('09/01/2026');
  });
  it('writes a month without its day, or by name in the host’s locale', () => {
    expect(month('2026-09-01', EURO)).toBe('09/2026');
    expect(month('2026-09', YEN)).toBe('2026-09');
    expect(month('2026-09-01', PLAIN)).toBe('2026-09');
    expect(month('2026-09-01', { ...PLAIN, date_format: 'MM/DD/YYYY' })).toBe('09/2026');
    expect(month('2026-09-01', { ...EURO, locale: 'en-US' })).toBe('Sep 2026');
    expect(month('2026-09-01', { ...EURO, locale: 'en-US' }, 'long')).toBe('September 2026');
    expect(period('2026-09-01', '2026-09-01', { ...EURO, locale: 'en-US' })).toBe('September 2026');
    expect(period('2026-06-01', '2026-09-01', EURO)).toBe('06/2026 – 09/2026');
  });
  it('reads the formats of a result, and the host’s locale when Intl knows it', () => {
    const meta = { [FORMAT_META_KEY]: { currency: EURO.currency, date_format: 'DD/MM/YYYY' } };
    expect(formatsOf(meta, 'fr-fr')).toEqual({ ...EURO, locale: 'fr-FR' });
    expect(formatsOf(meta, 'not a locale!')).toEqual(EURO);
    expect(formatsOf(undefined, '')).toEqual(PLAIN);
    expect(formatsOf({ [FORMAT_META_KEY]: { currency: { symbol: 1 }, date_format: 7 } })).toEqual(PLAIN);
  });
});

describe('what a chart says when it has nothing to draw', () => {
  it.each([
    ['forecast', { months: [], first_shortfall: null }, 'No month to forecast: the answer holds none.'],
    ['spending', { months: [], categories: [] }, 'No month to show: YNAB lists none in this period.'],
    [
      'spending',
      {
        months: [{ month: '2026-09-01', partial: true }],
        categories: [{ name: 'A', amounts: [0], total: 0 }],
      },
      'Nothing spent, September 2026: no category to draw.',
    ],
    ['net_worth', { months: [] }, 'No month to show: YNAB lists none in this period.'],
    ['budget_vs_actual', { result: [] }, 'Nothing budgeted or spent: no category to draw.'],
  ])('%s', (chart, out, empty) => {
    const f = { ...EURO, locale: 'en-US' };
    expect(chartData(chart, out, undefined, f)?.empty).toBe(empty);
  });
  it('names the month of an empty budget against actual when the view data gives it', () => {
    expect(
      chartData('budget_vs_actual', { result: [] }, { rows: [], month: '2026-09-01' }, EURO)?.empty,
    ).toBe('Nothing budgeted or spent, 09/2026: no category to draw.');
  });
  it('draws a forecast of one month, without daily figures, as bars', () => {
    const one = chartData('forecast', {
      months: [{ month: '2026-09', end: 5, lowest: 1 }],
      first_shortfall: null,
    });
    expect(one?.series.map((s) => s.kind)).toEqual(['bar', 'bar', 'line']);
    expect(one?.title).toBe('Balance forecast, 2026-09: stays above zero');
  });
});
