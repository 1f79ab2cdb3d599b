/**
 * A plan's currency as an assistant needs it, from the `currency_format` YNAB gives each plan in
 * `GET /plans`: which money the amounts are in, so euros are never guessed from French bank labels.
 */
import type { YnabCurrencyFormat } from '../model.js';
import { clean } from '../text.js';

export interface PlanCurrency {
  iso_code: string;
  symbol: string;
  decimal_digits: number;
  symbol_first: boolean;
  example: string | null;
}

/** The currency of a plan, or null when YNAB gives no currency format (or no ISO code). */
export function planCurrency(format: YnabCurrencyFormat | null | undefined): PlanCurrency | null {
  const iso = format?.iso_code;
  if (format == null || typeof iso !== 'string' || iso === '') return null;
  const digits = format.decimal_digits;
  return {
    iso_code: clean(iso),
    symbol: clean(format.currency_symbol ?? ''),
    decimal_digits: typeof digits === 'number' && Number.isInteger(digits) && digits >= 0 ? digits : 2,
    symbol_first: format.symbol_first === true,
    example: format.example_format == null ? null : clean(format.example_format),
  };
}
