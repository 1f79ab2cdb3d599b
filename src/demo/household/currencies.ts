/**
 * The demo household in another currency, for the tests of currency texts: YNAB's format of the yen
 * (no decimals) or of the Kuwaiti dinar (three), and every amount rounded to that currency's smallest
 * unit, as a plan kept in it would hold them.
 */
import type { CurrencyFormatRow, PlanData } from '../plan-data.js';

export const YEN: CurrencyFormatRow = {
  iso_code: 'JPY',
  example_format: '123,456',
  decimal_digits: 0,
  decimal_separator: '.',
  symbol_first: true,
  group_separator: ',',
  currency_symbol: '¥',
  display_symbol: true,
};

export const DINAR: CurrencyFormatRow = {
  iso_code: 'KWD',
  example_format: '123,456.789',
  decimal_digits: 3,
  decimal_separator: '.',
  symbol_first: false,
  group_separator: ',',
  currency_symbol: 'KD',
  display_symbol: true,
};

/** `plan` (changed in place and returned) in `format`'s currency, its amounts in whole smallest units. */
export function inCurrency(plan: PlanData, format: CurrencyFormatRow): PlanData {
  // milliunits per smallest unit: 1000 for the yen, 1 for the dinar
  const step = 10 ** (3 - format.decimal_digits);
  // the same either sign, so that the two sides of a transfer stay opposite
  const round = (milli: number): number => Math.sign(milli) * Math.round(Math.abs(milli) / step) * step;
  plan.plan = { ...plan.plan, currency_format: { ...format } };
  for (const t of plan.transactions) {
    t.amount = round(t.amount);
    const lines = t.subtransactions ?? [];
    for (const s of lines) s.amount = round(s.amount);
    if (lines.length > 0) t.amount = lines.reduce((sum, s) => sum + s.amount, 0);
  }
  for (const s of plan.scheduled_transactions) s.amount = round(s.amount);
  for (const month of Object.values(plan.budgets)) {
    for (const id of Object.keys(month)) month[id] = round(month[id] ?? 0);
  }
  for (const c of plan.categories) if (c.target) c.target.goal_target = round(c.target.goal_target);
  return plan;
}
