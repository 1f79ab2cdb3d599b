/**
 * Money and dates as a plan writes them, for what a person reads: the server's questions, previews and
 * messages, and the MCP Apps views (views/format.ts imports this module, so that a card and the
 * question it shows can never write one amount two ways). Pure: the views bundle it as it is.
 *
 * A person reads `22,50 €` and `14/09/2026` as their own plan writes them; the data a model reads
 * (structured content, data lines) keeps plain numbers and ISO dates, which it reads unambiguously.
 */
import { roundHalfEven } from './money.js';

/** A currency as YNAB's `currency_format` gives it, its separators already checked (view-format.ts). */
export interface CurrencyText {
  symbol: string;
  decimal_digits: number;
  decimal_separator: string;
  group_separator: string;
  symbol_first: boolean;
  display_symbol: boolean;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Digits in threes from the right, joined by `group` (`1234567` → `1 234 567`). */
function grouped(int: string, group: string): string {
  let out = '';
  for (let i = int.length; i > 0; i -= 3) {
    const part = int.slice(Math.max(0, i - 3), i);
    out = out === '' ? part : `${part}${group}${out}`;
  }
  return out;
}

/**
 * An amount in currency units in a currency's format: `123 456,78 €`, `¥123,456`, `-$22.50` (a
 * negative amount leads with `-`, before the symbol too). Rounded half to even, like every other
 * figure, never `-0,00`. `decimals` overrides the currency's (a chart's axis writes whole units).
 */
export function currencyText(units: number, c: CurrencyText, decimals?: number): string {
  const wanted = decimals ?? c.decimal_digits;
  const d = Number.isInteger(wanted) ? Math.min(Math.max(wanted, 0), 3) : 2;
  const rounded = roundHalfEven(units, d);
  const [int = '0', frac = ''] = Math.abs(rounded).toFixed(d).split('.');
  const text =
    d === 0
      ? grouped(int, c.group_separator)
      : `${grouped(int, c.group_separator)}${c.decimal_separator}${frac}`;
  const sign = rounded < 0 && /[1-9]/.test(int + frac) ? '-' : '';
  if (!c.display_symbol || c.symbol === '') return `${sign}${text}`;
  return c.symbol_first ? `${sign}${c.symbol}${text}` : `${sign}${text} ${c.symbol}`;
}

/** A date (YYYY-MM-DD…) in a plan's date format (`DD/MM/YYYY` → `14/09/2026`); ISO without one. */
export function dateText(iso: string, format: string | null): string {
  const day = iso.slice(0, 10);
  if (format === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const [y = '', m = '', d = ''] = day.split('-');
  return format.replace('YYYY', y).replace('MM', m).replace('DD', d);
}

/** A month (YYYY-MM…) in English words: `September 2026`; the text as given when it is no month. */
export function monthText(iso: string): string {
  const found = /^(\d{4})-(\d{2})/.exec(iso);
  const name = found === null ? undefined : MONTHS[Number(found[2]) - 1];
  return found === null || name === undefined ? iso : `${name} ${found[1]}`;
}
