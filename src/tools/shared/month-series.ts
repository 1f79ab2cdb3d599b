/**
 * The span of a series of months, shared by every tool that answers one: either `months_count`, a
 * count back from the latest month, or `since`, the first month, so that an agent asked "since June"
 * need not count months. Both at once would contradict each other, so they are refused rather than
 * one silently winning; `months_count` has no schema default for the same reason (a client filling in
 * advertised defaults would otherwise send it beside every `since`).
 *
 * A series either ends with today's month (still under way, marked partial in its rows) or, for
 * averages that a half month would drag down, with the last complete month.
 */
import { z } from 'zod';
import { AppError } from '../../domain/errors.js';
import { addMonths, monthsSince, ym } from '../../domain/plan-facts.js';
import type { Deps } from '../../deps.js';
import { planId, sinceMonth } from './schemas.js';

const MAX = 24;

/** The two span parameters; `counted` says what months_count counts, without its bounds. */
export const seriesParams = (fallback: number, counted: string) => ({
  months_count: z
    .number()
    .int()
    .min(1)
    .max(MAX)
    .optional()
    .describe(`${counted} (default ${fallback}), or give since.`),
  since: sinceMonth,
});

export interface SeriesSpan {
  months_count?: number | undefined;
  since?: string | undefined;
}

/**
 * How many months the series holds, from the arguments and today's date alone (so that a bad `since`
 * costs no request). `complete`: the series ends with the month before today's.
 */
export function seriesCount(span: SeriesSpan, fallback: number, today: string, complete = false): number {
  const { since, months_count } = span;
  if (since === undefined) return months_count ?? fallback;
  const last = complete ? 'the last complete month' : "today's month";
  if (months_count !== undefined) {
    throw new AppError(
      `Give months_count or since, not both: keep since (${since}) to start at that month, or months_count (${months_count}) to count back from ${last}.`,
    );
  }
  const count = monthsSince(since, today) - (complete ? 1 : 0);
  if (monthsSince(since, today) === 0) {
    throw new AppError(`since (${since}) is after the current month (${ym(today)}).`);
  }
  if (count === 0) {
    throw new AppError(
      `since (${since}) is the current month, still under way: this tool counts complete months only, so give ${addMonths(today, -1)} or earlier.`,
    );
  }
  if (count > MAX) throw new AppError(`since (${since}) is ${count} months back: give at most ${MAX}.`);
  return count;
}

/** The fields of a month row of month-end figures: the day they are at, and whether the month runs on. */
export const monthEndFields = {
  end: z.string().describe('The day the figures are at, YYYY-MM-DD: the last day, or today when partial.'),
  partial: z.boolean().describe('True for the current month, still under way.'),
};

/**
 * A tool's series: its two parameters (built by `params`, spread into the input schema at the tool's
 * first use; `input` when the plan is the only other one) and the count they give, so that the
 * default is written once.
 */
export const monthSeries = (fallback: number, counted: string, complete = false) => ({
  params: () => seriesParams(fallback, counted),
  input: () => z.strictObject({ plan_id: planId, ...seriesParams(fallback, counted) }),
  count: (span: SeriesSpan, today: string): number => seriesCount(span, fallback, today, complete),
});

/** The plan's first month, YYYY-MM, from YNAB's month list (deleted months left out). */
export const firstMonthOf = (months: readonly { month: string; deleted?: boolean }[]): string | undefined =>
  months
    .filter((m) => m.deleted !== true)
    .map((m) => ym(m.month))
    .sort()[0];

/** A `since` before the plan's first month is an error naming that month. */
export function checkSinceInPlan(since: string | undefined, first: string | undefined): void {
  if (since === undefined || first === undefined || ym(since) >= first) return;
  throw new AppError(`since (${since}) is before the plan's first month (${first}): give ${first} or later.`);
}

/** The same check for a tool that does not read the month list otherwise: one more request, with since only. */
export async function checkSinceInPlanOf(deps: Deps, plan: string, since: string | undefined): Promise<void> {
  if (since === undefined) return;
  checkSinceInPlan(since, firstMonthOf(await deps.ynab.months.list(plan)));
}
