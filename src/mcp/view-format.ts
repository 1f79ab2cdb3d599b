/**
 * How a plan writes money and dates, for the views a host draws (charts, the digest): the currency's
 * symbol, decimals and separators, and the date format, as YNAB gives them per plan. A person reads a
 * view, so it writes `123 456,78 €` where the plan does; the answer the model reads keeps plain
 * numbers and ISO dates. Sent in a result's `_meta` only, to clients that render Apps, so the
 * structured content and the tools' list stay as they are.
 */
import type { Deps } from '../deps.js';
import type { YnabPlan } from '../domain/model.js';
import type { CurrencyText } from '../domain/plan-text.js';
import { clean } from '../domain/text.js';
import { LAST_USED } from '../ynab/api.js';

/** The `_meta` key of a view's result holding its plan's formats. */
export const FORMAT_META_KEY = 'avenir-mcp/format';

/** A plan's currency as a view gets it: how to write it (plan-text.ts), and its ISO code. */
export interface ViewCurrency extends CurrencyText {
  iso_code: string;
}

export interface ViewFormat {
  /** null: YNAB gave the plan no currency format (the view writes plain numbers, two decimals). */
  currency: ViewCurrency | null;
  /** YNAB's date format, `DD/MM/YYYY` and the like; null when YNAB gave none (ISO dates then). */
  date_format: string | null;
}

/**
 * A separator as YNAB gives it: up to 3 printable characters, spaces included (a French group
 * separator is one); anything else gives way to the fallback. It is shown as text, never interpreted.
 */
const sep = (value: string | null | undefined, fallback: string): string =>
  typeof value === 'string' && /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]{0,3}$/u.test(value) ? value : fallback;

/** The formats of one plan of a plans list. */
export function formatOfPlan(plan: YnabPlan): ViewFormat {
  const c = plan.currency_format;
  const digits = c?.decimal_digits;
  const currency: ViewCurrency | null =
    c == null || typeof c.iso_code !== 'string' || c.iso_code === ''
      ? null
      : {
          iso_code: clean(c.iso_code),
          symbol: clean(c.currency_symbol ?? ''),
          decimal_digits:
            typeof digits === 'number' && Number.isInteger(digits) && digits >= 0 && digits <= 3 ? digits : 2,
          decimal_separator: sep(c.decimal_separator, '.'),
          group_separator: sep(c.group_separator, ','),
          symbol_first: c.symbol_first === true,
          display_symbol: c.display_symbol !== false,
        };
  const date = plan.date_format?.format;
  return {
    currency,
    date_format: typeof date === 'string' && /^[DMY./ -]{6,12}$/.test(date) ? date : null,
  };
}

/**
 * The formats of the plan a call names, from the plans list this server read last (a currency
 * rarely changes), or from YNAB when it read none yet; null when the plan is not in the list or the
 * list cannot be read (the view then writes plain numbers: a view is never worth a failed answer).
 */
export async function viewFormat(deps: Deps, planId: unknown): Promise<ViewFormat | null> {
  if (typeof planId !== 'string') return null;
  try {
    const plans = deps.ynab.plans.known ?? (await deps.ynab.plans.list());
    const only = plans.length === 1 ? plans[0] : undefined;
    const plan = plans.find((p) => p.id === planId) ?? (planId === LAST_USED ? only : undefined);
    return plan === undefined ? null : formatOfPlan(plan);
  } catch {
    return null;
  }
}
