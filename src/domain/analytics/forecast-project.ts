/** The month-by-month projection of `forecast_balance`, pure. Every amount is an integer of milliunits. */
import { addMonths, daysInMonth, ym } from '../plan-facts.js';

/**
 * Spreads a total over `days` days in whole cents: cents = ⌊total / 10⌋, then floor-divmod(cents, days)
 * (floor toward −∞, so negative totals spread right too); the first `extra` days get one cent more.
 * Shares are in milliunits; no days, no shares (an array of length 0, whatever the divisions gave).
 */
export function spread(total: number, days: number): number[] {
  const cents = Math.floor(total / 10);
  const base = Math.floor(cents / days);
  const extra = cents - base * days;
  return Array.from({ length: days }, (_, i) => (i < extra ? base + 1 : base) * 10);
}

/** A recurring item: falls every month on `day` (clamped to the month's length). */
export interface RecurringFlow {
  day: number;
  amount: number;
}

/** A dated one-off (the caller's, and the upcoming occurrences of YNAB's schedules). */
export interface DatedFlow {
  date: string;
  amount: number;
}

export interface ProjectionInput {
  today: string;
  /** The last month, `YYYY-MM`. */
  until: string;
  start: number;
  /** Other spending per month (negative) and income per month. */
  variable: number;
  income: number;
  /** This month so far, outside the recurring and scheduled payees: spent (< 0) and received (≥ 0). */
  spent: number;
  received: number;
  recurring: readonly RecurringFlow[];
  oneOffs: readonly DatedFlow[];
}

export interface ProjectedMonth {
  month: string;
  start: number;
  inflows: number;
  outflows: number;
  end: number;
  lowest: number;
  /** The balance at the end of each projected day of the month (from today's next day in the current month). */
  days: { date: string; balance: number }[];
}

/** The recurring items and one-offs of a month, netted per day (day of month → amount). */
function eventsOf(p: ProjectionInput, month: string, first: number, length: number): Map<number, number> {
  const events = new Map<number, number>();
  const add = (day: number, amount: number): void => {
    events.set(day, (events.get(day) ?? 0) + amount);
  };
  for (const r of p.recurring) if (r.day >= first) add(Math.min(r.day, length), r.amount);
  for (const o of p.oneOffs)
    if (ym(o.date) === month && o.date > p.today) add(Number(o.date.slice(8, 10)), o.amount);
  return events;
}

/** One month: spend and income spread over the days left, events on their days, walked day by day. */
function projectMonth(p: ProjectionInput, month: string, start: number): ProjectedMonth {
  const current = month === ym(p.today);
  const length = daysInMonth(month);
  const first = current ? Number(p.today.slice(8, 10)) + 1 : 1;
  const days = Math.max(0, length - first + 1);
  const spend = spread(current ? Math.min(0, p.variable - p.spent) : p.variable, days);
  const income = spread(current ? Math.max(0, p.income - p.received) : p.income, days);
  const events = eventsOf(p, month, first, length);
  let inflows = 0;
  let outflows = 0;
  for (const entry of [...spend, ...income, ...events.values()]) {
    if (entry > 0) inflows += entry;
    else outflows += entry;
  }
  let running = start;
  let lowest = start;
  const daily: { date: string; balance: number }[] = [];
  for (let i = 0; i < days; i++) {
    running += (spend[i] ?? 0) + (income[i] ?? 0) + (events.get(first + i) ?? 0);
    lowest = Math.min(lowest, running);
    daily.push({ date: `${month}-${String(first + i).padStart(2, '0')}`, balance: running });
  }
  return { month, start, inflows, outflows, end: running, lowest, days: daily };
}

/** Every month from today's to `until`, each starting where the last ended. */
export function project(p: ProjectionInput): ProjectedMonth[] {
  const months: ProjectedMonth[] = [];
  let balance = p.start;
  for (let month = ym(p.today); month <= p.until; month = addMonths(month, 1)) {
    const m = projectMonth(p, month, balance);
    months.push(m);
    balance = m.end;
  }
  return months;
}

/** The first month whose lowest balance is below zero, or null. */
export const firstShortfall = (months: readonly ProjectedMonth[]): string | null =>
  months.find((m) => m.lowest < 0)?.month ?? null;
