/**
 * Scheduled transactions expanded into dated occurrences, pure. Used by `list_scheduled_transactions`
 * and `forecast_balance`.
 */
import type { YnabScheduledTransaction } from '../model.js';
import { toUnits, roundHalfEven } from '../money.js';
import { daysInMonth } from '../plan-facts.js';
import { clean, compareCodePoints } from '../text.js';
import { payeeFields } from './row-payee.js';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  const d = new Date(0);
  d.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return d.getTime() / DAY_MS; // setUTCFullYear, unlike Date.UTC, keeps years 0–99 as they are
}

/** The date `n` days after (before, when negative) a `YYYY-MM-DD` date. */
export const addDays = (date: string, n: number): string =>
  new Date((dayNumber(date) + n) * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** Day steps of YNAB's day-based frequencies. */
const DAY_STEPS: Readonly<Record<string, number>> = {
  daily: 1,
  weekly: 7,
  everyOtherWeek: 14,
  every4Weeks: 28,
};

/** Month steps of YNAB's month-based frequencies. */
const MONTH_STEPS: Readonly<Record<string, number>> = {
  monthly: 1,
  everyOtherMonth: 2,
  every3Months: 3,
  every4Months: 4,
  twiceAYear: 6,
  yearly: 12,
  everyOtherYear: 24,
};

/** `n` months after the month of `date`, on day `anchor` clamped to the month's last day. */
function anchoredMonth(date: string, n: number, anchor: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + n;
  const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  return `${month}-${String(Math.min(anchor, daysInMonth(month))).padStart(2, '0')}`;
}

export type ScheduleDates = Pick<YnabScheduledTransaction, 'date_first' | 'date_next' | 'frequency'>;

/** The k-th occurrence (k ≥ 0) of a schedule, or null when it has none. */
export function occurrenceDate(s: ScheduleDates, k: number): string | null {
  const dayStep = DAY_STEPS[s.frequency];
  if (dayStep !== undefined) return addDays(s.date_next, k * dayStep);
  const anchor = Number((s.date_first || s.date_next).slice(8, 10));
  const monthStep = MONTH_STEPS[s.frequency];
  if (monthStep !== undefined) return anchoredMonth(s.date_next, k * monthStep, anchor);
  if (s.frequency === 'twiceAMonth') {
    const base = anchoredMonth(s.date_next, Math.floor(k / 2), anchor);
    return k % 2 === 1 ? addDays(base, 15) : base;
  }
  return k === 0 ? s.date_next : null; // never, or a frequency YNAB may add later
}

/**
 * The dates of a schedule between `since` and `until` (both included): walked from `date_next` at its
 * frequency while ≤ until, kept when ≥ since.
 */
export function occurrenceDates(s: ScheduleDates, since: string, until: string): string[] {
  const dates: string[] = [];
  const dayStep = DAY_STEPS[s.frequency];
  // Day steps: jump straight to the first occurrence that can be ≥ since.
  let k = dayStep === undefined ? 0 : Math.max(0, Math.ceil(daysBetween(s.date_next, since) / dayStep));
  for (; ; k++) {
    const date = occurrenceDate(s, k);
    if (date === null || date > until) break;
    if (date >= since) dates.push(date);
  }
  return dates;
}

/** The names an occurrence shows: every account, and the visible categories (hidden/deleted absent). */
export interface ScheduleNames {
  accounts: ReadonlyMap<string, string>;
  categories: ReadonlyMap<string, string>;
}

/** One dated occurrence, as `list_scheduled_transactions` and `forecast_balance` show it. */
export interface OccurrenceView {
  scheduled_id: string;
  date: string;
  amount: number;
  account: string;
  category: string | null;
  payee: string;
  payee_id: string | null;
  merchant: string;
  memo: string | null;
  frequency: string;
  transfer: boolean;
}

/** A dated occurrence with its schedule (amount in milliunits). */
export interface Occurrence {
  schedule: YnabScheduledTransaction;
  date: string;
  view: OccurrenceView;
}

const isSplitSchedule = (s: YnabScheduledTransaction): boolean =>
  (s.subtransactions ?? []).some((line) => !line.deleted);

function viewOf(s: YnabScheduledTransaction, date: string, names: ScheduleNames): OccurrenceView {
  const category = isSplitSchedule(s)
    ? 'Split'
    : s.category_id
      ? (names.categories.get(s.category_id) ?? null)
      : null;
  return {
    scheduled_id: s.id,
    date,
    amount: toUnits(s.amount),
    account: clean(names.accounts.get(s.account_id) ?? ''),
    category: category === null ? null : clean(category),
    payee: clean(s.payee_name),
    ...payeeFields(s),
    memo: s.memo == null ? null : clean(s.memo),
    frequency: s.frequency,
    transfer: Boolean(s.transfer_account_id),
  };
}

/** The occurrences of the non-deleted schedules between two dates, sorted by (date, payee). */
export function expandSchedules(
  schedules: readonly YnabScheduledTransaction[],
  since: string,
  until: string,
  names: ScheduleNames,
): Occurrence[] {
  const out: Occurrence[] = [];
  for (const s of schedules) {
    if (s.deleted) continue;
    for (const date of occurrenceDates(s, since, until))
      out.push({ schedule: s, date, view: viewOf(s, date, names) });
  }
  return out.sort(
    (a, b) => compareCodePoints(a.date, b.date) || compareCodePoints(a.view.payee, b.view.payee),
  );
}

/** The longest step of any frequency (every other year) in days, with room for a leap day. */
const LONGEST_STEP_DAYS = 731;

/**
 * Each non-deleted schedule once, at its first date on or after `since` (YNAB's next date when that
 * is later), sorted by (date, payee): a schedule due only before `since` (a past `never`) has none.
 */
export function nextOccurrences(
  schedules: readonly YnabScheduledTransaction[],
  since: string,
  names: ScheduleNames,
): Occurrence[] {
  const out: Occurrence[] = [];
  for (const s of schedules) {
    if (s.deleted) continue;
    const [date] =
      s.date_next >= since ? [s.date_next] : occurrenceDates(s, since, addDays(since, LONGEST_STEP_DAYS));
    if (date !== undefined) out.push({ schedule: s, date, view: viewOf(s, date, names) });
  }
  return out.sort(
    (a, b) => compareCodePoints(a.date, b.date) || compareCodePoints(a.view.payee, b.view.payee),
  );
}

/**
 * `inflows` / `outflows` of a listing: sums of the non-transfer occurrences, rounded to the cent; and
 * `transfers_left_out`, the sum of the transfers between the plan's accounts they leave out (money
 * that stays in the plan), so that an answer shows what its totals do not count.
 */
export function flowTotals(occurrences: readonly Occurrence[]): {
  inflows: number;
  outflows: number;
  transfers_left_out: number;
} {
  let inflows = 0;
  let outflows = 0;
  let transfers = 0;
  for (const o of occurrences) {
    if (o.schedule.transfer_account_id) transfers += o.schedule.amount;
    else if (o.schedule.amount > 0) inflows += o.schedule.amount;
    else outflows += o.schedule.amount;
  }
  const cents = (milli: number) => roundHalfEven(toUnits(milli), 2);
  return { inflows: cents(inflows), outflows: cents(outflows), transfers_left_out: cents(transfers) };
}
