/**
 * Money and dates as the plan writes them, for what a person reads in a view: the currency's
 * symbol, decimals and separators, and the plan's date format (both from the result's `_meta`, where
 * the server puts YNAB's `currency_format` and `date_format`). Month names come from the host's
 * locale when it gives one (Intl); without one, a month is written in the plan's own date format.
 * Pure functions, tested without a browser.
 */

import { currencyText, dateText, type CurrencyText } from '../src/domain/plan-text.js';

/** The `_meta` key of a result holding its plan's formats (the server's FORMAT_META_KEY). */
export const FORMAT_META_KEY = 'avenir-mcp/format';

/** A plan's currency as the server sends it: how to write it, and its ISO code. */
export interface Currency extends CurrencyText {
  iso_code: string;
}

export interface Formats {
  currency: Currency | null;
  date_format: string | null;
  /** The host's locale (BCP 47), when it gave one. */
  locale: string | null;
}

const PLAIN: Formats = { currency: null, date_format: null, locale: null };

const isCurrency = (c: unknown): c is Currency => {
  const r = c as Record<string, unknown> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.symbol === 'string' &&
    typeof r.decimal_digits === 'number' &&
    typeof r.decimal_separator === 'string' &&
    typeof r.group_separator === 'string'
  );
};

/** The formats of a result (plain numbers and ISO dates when it carries none), with the host's locale. */
export function formatsOf(meta: Record<string, unknown> | undefined, locale?: string): Formats {
  const f = meta?.[FORMAT_META_KEY] as Record<string, unknown> | undefined;
  let valid: string | null = null;
  try {
    valid =
      typeof locale === 'string' && locale !== '' ? (Intl.getCanonicalLocales(locale)[0] ?? null) : null;
  } catch {
    // a locale Intl does not know: months follow the plan's date format
  }
  if (typeof f !== 'object' || f === null) return { ...PLAIN, locale: valid };
  return {
    currency: isCurrency(f.currency) ? f.currency : null,
    date_format: typeof f.date_format === 'string' ? f.date_format : null,
    locale: valid,
  };
}

/** Plain numbers (a plan without a currency format): two decimals, `,` groups, no symbol. */
const PLAIN_CURRENCY: CurrencyText = {
  symbol: '',
  decimal_digits: 2,
  decimal_separator: '.',
  group_separator: ',',
  symbol_first: false,
  display_symbol: false,
};

/**
 * An amount in currency units as the plan writes it: `123 456,78 €`, `¥123,456`, `-€22.50`.
 * `decimals` overrides the currency's (an axis writes whole units). Two decimals, no symbol, when the
 * plan has no currency format. The server's questions write with the same function (src/domain/plan-text.ts).
 */
export function money(value: number, f: Formats, decimals?: number): string {
  return currencyText(value, f.currency ?? PLAIN_CURRENCY, decimals);
}

/** A date (YYYY-MM-DD) in the plan's format (`DD/MM/YYYY` → 01/09/2026); ISO when the plan has none. */
export function date(iso: string, f: Formats): string {
  return dateText(iso, f.date_format);
}

/**
 * A month (YYYY-MM…) for a person: its name in the host's locale (`sept. 2026`, `Sep 2026`), else
 * the plan's date format without its day (`09/2026` for `DD/MM/YYYY`), else `2026-09`.
 */
export function month(iso: string, f: Formats, style: 'short' | 'long' = 'short'): string {
  const [y = '1970', m = '01'] = iso.slice(0, 7).split('-');
  if (f.locale !== null) {
    const at = new Date(Date.UTC(Number(y), Number(m) - 1, 1));
    return new Intl.DateTimeFormat(f.locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(at);
  }
  if (f.date_format === null) return `${y}-${m}`;
  // the day and the one separator beside it dropped: DD/MM/YYYY → MM/YYYY, YYYY-MM-DD → YYYY-MM
  const noDay = f.date_format.replace(/DD[^DMY]?|[^DMY]?DD/, '');
  return noDay.replace('YYYY', y).replace('MM', m);
}

/** A period from its first to its last month, for a chart's title: `Jun – Sep 2026`-like, or one month. */
export function period(first: string, last: string, f: Formats): string {
  return first.slice(0, 7) === last.slice(0, 7)
    ? month(first, f, 'long')
    : `${month(first, f)} – ${month(last, f)}`;
}
