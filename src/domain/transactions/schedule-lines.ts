/**
 * One line per schedule for a long listing: over months, a monthly bill expanded into every date it
 * falls due repeats the same line a dozen times; summarised, it is its first date in the window, its
 * frequency, its amount and how often it falls due there.
 */
import { roundHalfEven, toUnits } from '../money.js';
import { merchant } from '../payees/merchant.js';
import { compareCodePoints } from '../text.js';
import type { Occurrence, OccurrenceView } from './schedule.js';

/** Listings longer than this (in days) are summarised per schedule unless asked otherwise. */
export const LONG_WINDOW_DAYS = 62;

export type ScheduleLine = Omit<OccurrenceView, 'date'> & {
  /** The first date it falls due in the window. */
  next_date: string;
  /** How many times it falls due in the window; null when listed without one. */
  count: number | null;
  /** Its amount times the count, in currency units; null without a count. */
  total: number | null;
};

/** One line per schedule listed without a window: its next date, and no count or total to give. */
export const nextLines = (occurrences: readonly Occurrence[]): ScheduleLine[] =>
  occurrences.map(({ view: { date, ...rest } }) => ({ ...rest, next_date: date, count: null, total: null }));

/** The occurrences summed per schedule, by first date then payee. */
export function scheduleLines(occurrences: readonly Occurrence[]): ScheduleLine[] {
  const lines = new Map<string, { view: OccurrenceView; count: number; milli: number }>();
  for (const o of occurrences) {
    const line = lines.get(o.schedule.id);
    if (line === undefined) lines.set(o.schedule.id, { view: o.view, count: 1, milli: o.schedule.amount });
    else {
      line.count += 1;
      line.milli += o.schedule.amount;
    }
  }
  return [...lines.values()]
    .map(({ view, count, milli }) => {
      const { date, ...rest } = view;
      return { ...rest, next_date: date, count, total: roundHalfEven(toUnits(milli), 2) };
    })
    .sort((a, b) => compareCodePoints(a.next_date, b.next_date) || compareCodePoints(a.payee, b.payee));
}

/** The `payee` filter: the schedule's merchant contains the one given (as find_transactions matches). */
export function payeeMatcher(payee: string | null): (name: string | null | undefined) => boolean {
  const key = merchant(payee);
  return (name) => key === '' || merchant(name).includes(key);
}
