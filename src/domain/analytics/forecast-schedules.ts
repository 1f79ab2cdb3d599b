/**
 * The schedules a forecast counts, one line each: over months, a monthly bill listed on every date it
 * falls due repeats the same line again and again, while what the user checks is which bills are
 * counted, how much and how often. The dated list stays available on request.
 */
import { toMilli, toUnits } from '../money.js';
import { compareCodePoints } from '../text.js';
import type { ScheduledMonth } from './forecast.js';

export interface ForecastScheduleLine {
  scheduled_id: string;
  payee: string;
  amount: number;
  frequency: string;
  account: string;
  category: string | null;
  /** The first date it falls due in the forecast. */
  next_date: string;
  /** How many times it falls due up to the horizon. */
  count: number;
  /** Its amount times the count, in currency units. */
  total: number;
}

/** The occurrences of every month summed per schedule, by first date then payee. */
export function forecastScheduleLines(months: readonly ScheduledMonth[]): ForecastScheduleLine[] {
  const lines = new Map<string, { line: ForecastScheduleLine; milli: number }>();
  for (const month of months)
    for (const o of month.occurrences) {
      const seen = lines.get(o.scheduled_id);
      if (seen !== undefined) {
        seen.line.count += 1;
        seen.milli += toMilli(o.amount);
        continue;
      }
      const { scheduled_id, payee, amount, frequency, account, category } = o;
      lines.set(scheduled_id, {
        line: {
          scheduled_id,
          payee,
          amount,
          frequency,
          account,
          category,
          next_date: o.date,
          count: 1,
          total: 0,
        },
        milli: toMilli(amount),
      });
    }
  return [...lines.values()]
    .map(({ line, milli }) => ({ ...line, total: toUnits(milli) }))
    .sort((a, b) => compareCodePoints(a.next_date, b.next_date) || compareCodePoints(a.payee, b.payee));
}
