/**
 * `get_age_of_money`: YNAB's own Age of Money month by month, up to today's month, with its trend.
 * Nothing is recomputed. Pure: "today" is an argument.
 */
import type { MoneyText } from '../money.js';
import { monthEnd, ym } from '../plan-facts.js';

export interface AgeMonth {
  month: string;
  age_of_money?: number | null;
  deleted?: boolean;
}

export interface AgeRow {
  month: string;
  days: number | null;
  change: number | null;
}

export type Trend = 'up' | 'down' | 'steady';

export interface AgeOut {
  message: string;
  days: number | null;
  as_of: string | null;
  /** Each row with the day its figure is at (today for the current month, marked partial). */
  months: (AgeRow & { end: string; partial: boolean })[];
  change: number | null;
  trend: Trend | null;
  notes: string[];
}

/** The threshold of the message: 30 days or more is a month's buffer. */
export const BUFFER_DAYS = 30;

export const NOTE_DEFINITION =
  "Age of Money is YNAB's own figure: for the latest payments out of the budget accounts, how many days passed since that money came in, the oldest money spent first, averaged.";
export const NOTE_CURRENT =
  "The current month's figure moves with each payment; a past month's is the one YNAB keeps for it.";

const daysOf = (m: AgeMonth): number | null =>
  typeof m.age_of_money === 'number' && Number.isFinite(m.age_of_money) ? m.age_of_money : null;

/** The rows: months not deleted up to `current` (YYYY-MM), sorted by month, the last `count`. */
export function ageRows(months: readonly AgeMonth[], current: string, count: number): AgeRow[] {
  const kept = months
    .filter((m) => m.deleted !== true && ym(m.month) <= current)
    .map((m) => ({ month: ym(m.month), days: daysOf(m) }))
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  const last = count > 0 ? kept.slice(-count) : [];
  return last.map((row, i) => {
    const previous = last[i - 1]?.days;
    const change = row.days !== null && typeof previous === 'number' ? row.days - previous : null;
    return { month: row.month, days: row.days, change };
  });
}

const trendOf = (change: number | null): Trend | null =>
  change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'steady';

function sinceText(change: number, since: string, money: MoneyText): string {
  since = money.month(since);
  if (change === 0) return ` It is unchanged since ${since}.`;
  const way = change > 0 ? 'up' : 'down';
  return ` It went ${way} by ${Math.abs(change)} days since ${since}.`;
}

function knownMessage(
  latest: number,
  asOf: string,
  change: number | null,
  firstKnown: string,
  money: MoneyText,
): string {
  const meaning =
    latest >= BUFFER_DAYS
      ? "Over 30 days: you are living on last month's income, the buffer YNAB aims for."
      : 'Under 30 days: money is spent within a month of coming in; the older it gets, the bigger the buffer between pay and bills.';
  const head = `Your money is ${latest} days old (${money.month(asOf)}, YNAB's Age of Money): what you spend came in ${latest} days before, on average. `;
  return head + meaning + (change === null ? '' : sinceText(change, firstKnown, money));
}

function notesOf(rows: readonly AgeRow[], current: string, count: number, money: MoneyText): string[] {
  const notes = [NOTE_DEFINITION, NOTE_CURRENT];
  const missing = rows.filter((r) => r.days === null).map((r) => r.month);
  if (missing.length > 0) {
    notes.push(
      `No figure for ${missing.map((m) => money.month(m)).join(', ')}: YNAB did not have enough history of money in and out yet.`,
    );
  }
  if (rows.length < count)
    notes.push(`YNAB holds only ${rows.length} months up to ${money.month(current)}: all are shown.`);
  const lastRow = rows.at(-1);
  if (lastRow !== undefined && lastRow.month !== current) {
    notes.push(`YNAB has no month ${money.month(current)} yet: the latest is ${money.month(lastRow.month)}.`);
  }
  return notes;
}

/** Age of Money over the last `count` months YNAB holds up to today's month. */
export function ageOfMoney(
  months: readonly AgeMonth[],
  today: string,
  count: number,
  money: MoneyText,
): AgeOut {
  const current = ym(today);
  const rows = ageRows(months, current, count);
  const known = rows.filter((r): r is AgeRow & { days: number } => r.days !== null);
  const first = known[0];
  const last = known.at(-1);
  const change =
    first !== undefined && last !== undefined && known.length >= 2 ? last.days - first.days : null;
  let message: string;
  if (rows.length === 0)
    message = `YNAB returned no month up to ${money.month(current)}: no Age of Money to give.`;
  else if (first === undefined || last === undefined) {
    message = `YNAB gives no Age of Money for the last ${rows.length} months: it shows one once the plan has enough history of money in and out.`;
  } else message = knownMessage(last.days, last.month, change, first.month, money);
  return {
    message,
    days: last?.days ?? null,
    as_of: last?.month ?? null,
    months: rows.map(({ month, days, change: delta }) => ({
      month,
      ...monthEnd(month, today),
      days,
      change: delta,
    })),
    change,
    trend: trendOf(change),
    notes: notesOf(rows, current, count, money),
  };
}
