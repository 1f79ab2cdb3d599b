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
  months_count: z.number().int().min(1).max(MAX).optional().describe(`${counted} (default ${fallback}).`),
  since: sinceMonth,
});

export interface SeriesSpan {
  months_count?: number | undefined;
  since?: string | undefined;
}

/** The last month a series may start at: today's, or the last complete one. */
const latestStart = (today: string, complete: boolean): string =>
  complete ? addMonths(today, -1) : ym(today);

/** The first month a series of at most MAX months may start at. */
const earliestStart = (today: string, complete: boolean): string =>
  addMonths(latestStart(today, complete), -(MAX - 1));

/**
 * How many months the series holds, from the arguments and today's date alone (so that a `since` in
 * the future costs no request). `complete`: the series ends with the month before today's. A `since`
 * too far back is refused by `checkSinceInPlan`, once the plan's first month is known, so that the
 * error names a month that works.
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
    throw new AppError(
      `since (${since}) is after the current month (${ym(today)}): the latest is ${latestStart(today, complete)}.`,
    );
  }
  if (count === 0) {
    throw new AppError(
      `since (${since}) is the current month, still under way: this tool counts complete months only, so give ${addMonths(today, -1)} or earlier.`,
    );
  }
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
  /** checkSinceInPlan with this series' end. */
  check: (since: string | undefined, first: string | undefined, today: string, bound?: string): void =>
    checkSinceInPlan(since, first, today, complete, bound),
  /** checkSinceInPlanOf with this series' end. */
  checkOf: (deps: Deps, plan: string, since: string | undefined, today: string): Promise<void> =>
    checkSinceInPlanOf(deps, plan, since, today, complete),
});

/** The plan's first month, YYYY-MM, from YNAB's month list (deleted months left out). */
export const firstMonthOf = (months: readonly { month: string; deleted?: boolean }[]): string | undefined =>
  months
    .filter((m) => m.deleted !== true)
    .map((m) => ym(m.month))
    .sort()[0];

/**
 * A `since` before the plan's first month (or the first month of what the series is built from,
 * `bound`), or more than MAX months back, is an error naming the earliest month that works: the later
 * of the two bounds.
 */
export function checkSinceInPlan(
  since: string | undefined,
  first: string | undefined,
  today: string,
  complete = false,
  bound = "the plan's first month",
): void {
  if (since === undefined) return;
  const limit = earliestStart(today, complete);
  const earliest = first !== undefined && first >= limit ? first : limit;
  if (ym(since) >= earliest) return;
  if (earliest === first)
    throw new AppError(`since (${since}) is before ${bound} (${first}): give ${first} or later.`);
  const back = monthsSince(since, today) - (complete ? 1 : 0);
  throw new AppError(
    `since (${since}) is ${back} months back: give at most ${MAX}, the earliest is ${limit}.`,
  );
}

/** The same check for a tool that does not read the month list otherwise: one more request, with since only. */
export async function checkSinceInPlanOf(
  deps: Deps,
  plan: string,
  since: string | undefined,
  today: string,
  complete = false,
): Promise<void> {
  if (since === undefined) return;
  checkSinceInPlan(since, firstMonthOf(await deps.ynab.months.list(plan)), today, complete);
}

/**
 * What a series answer adds when it holds fewer months than asked: its first line says so (the
 * message, which leads the answer, starts with it), and two fields carry both numbers.
 */
export function monthsAsked<T extends { message: string }>(
  out: T,
  used: number,
  asked: number,
  why: string,
): Omit<T, 'message'> & { message: string; months_used: number; months_asked: number } {
  const { message, ...rest } = out;
  const short = used < asked ? `${used} of the ${asked} months asked (${why}). ` : '';
  return { message: short + message, months_used: used, months_asked: asked, ...rest };
}

/** The two result fields of monthsAsked, for a tool's output schema. */
export const monthsAskedFields = () => ({
  months_used: z.number().int().describe('How many months the answer covers.'),
  months_asked: z
    .number()
    .int()
    .describe(
      'How many were asked (months_count, its default or since): more than months_used when the plan holds fewer.',
    ),
});
