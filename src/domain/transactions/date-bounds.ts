/**
 * The dates YNAB takes, checked before anything is asked so that a write it would answer with a 400
 * is never previewed. A transaction (a transfer is one) is dated from five years before today to today,
 * and one day past it: YNAB compares with its own day, which can be a day ahead of the user's, and
 * where the user's zone is not configured, a user ahead of the machine's zone is already in tomorrow.
 * A scheduled transaction's next date lies after today and at most five years ahead. "Today" is an
 * argument, the user's date (clock.ts computes it in the configured zone): the domain never reads
 * the clock.
 * docs/safety.md says what is known of these rules and how sure it is. Pure.
 */
import { AppError } from '../errors.js';

/** How many days past today a transaction may be dated. */
export const FUTURE_SLACK_DAYS = 1;
/** How many years back a transaction, and ahead a scheduled transaction, may be dated. */
export const YEARS = 5;

const DAY_MS = 86_400_000;

/** `date` moved by `days` days, `YYYY-MM-DD`. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The same day `years` years on; a 29 February becomes the 28th in a year that has none. */
export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDay = date.slice(5) === '02-29' && !leap ? '02-28' : date.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

/** The first and the last date YNAB takes for a transaction, given today. */
export const transactionDates = (today: string): { earliest: string; latest: string } => ({
  earliest: addYears(today, -YEARS),
  latest: addDays(today, FUTURE_SLACK_DAYS),
});

export interface DateWording {
  /** Put before the text, e.g. `Transaction tx-049: `. */
  prefix?: string;
  /** Said after a refusal of a future date: what to do instead. */
  future?: string;
}

/** Refuses a transaction date YNAB refuses, naming the bound. */
export function checkTransactionDate(date: string, today: string, wording: DateWording = {}): void {
  const { earliest, latest } = transactionDates(today);
  const prefix = wording.prefix ?? '';
  if (date > latest) {
    throw new AppError(
      `${prefix}${date} is in the future: YNAB only records transactions that happened, dated ${latest} at the latest (today, ${today}, and a day more for time zones).${wording.future ?? ''}`,
    );
  }
  if (date < earliest) {
    throw new AppError(
      `${prefix}${date} is more than five years ago: YNAB takes no transaction dated before ${earliest}.`,
    );
  }
}

/** Refuses a scheduled transaction's next date YNAB refuses, naming the bound. */
export function checkScheduledDate(date: string, today: string): void {
  if (date <= today) {
    throw new AppError(
      `${date} is not after today (${today}): a scheduled transaction's next date lies in the future. For one that happened, use create_transactions.`,
    );
  }
  const latest = addYears(today, YEARS);
  if (date > latest) {
    throw new AppError(`${date} is more than five years ahead: YNAB takes a next date up to ${latest}.`);
  }
}
