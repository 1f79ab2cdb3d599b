/** The month check every month tool runs before any request, so a bad month costs nothing. */
import { resolveMonth } from '../../domain/categories/budget-writes.js';
import { MONTH_PARAM } from '../../domain/dates.js';
import { AppError } from '../../domain/errors.js';
import { quote } from '../../domain/text.js';

/** Returns the month as given when it is 'current' or `YYYY-MM-01`; otherwise an error quoting it. */
export function checkMonth(month: string): string {
  if (month === 'current' || MONTH_PARAM.test(month)) return month;
  throw new AppError(
    `month must be 'current' or the first day of a month as YYYY-MM-01, got ${quote(month)}.`,
  );
}

/**
 * The month to send to YNAB: checked, and 'current' resolved from the user's date. YNAB's own `current`
 * follows UTC, so near midnight it can name another month than the one a write of the same
 * conversation addresses; the server never sends it.
 */
export const monthToSend = (month: string, today: string): string => resolveMonth(checkMonth(month), today);
