/**
 * `get_spending_trends`: which months to read, and each category's spending month by month, the
 * categories that spent most first. Only the first `limit` categories are listed, so that a plan of a
 * hundred categories does not fill the agent's context; the months' totals still count every category,
 * and the answer says how much the others spent and how to list them. Pure: "today" is an argument.
 */
import { milliOf, usableCategories } from './month-categories.js';
import type { MonthDetail } from './month-categories.js';
import { type MoneyText, roundHalfEven, toUnits } from '../money.js';
import { ym } from '../plan-facts.js';
import { clean } from '../text.js';

export interface TrendMonth {
  /** `YYYY-MM-01`. */
  month: string;
  /** True for today's month: its amounts run to today. */
  partial: boolean;
  /** Spent that month over every usable category, the ones not listed included. */
  spent: number;
}

export interface TrendCategory {
  name: string;
  /** One amount per month of `months`, in the same order; null where YNAB's month lacks the category. */
  amounts: (number | null)[];
  total: number;
  /** Per complete month listed (the partial month left out); null without a complete month. */
  average: number | null;
}

export interface Trends {
  message: string;
  months: TrendMonth[];
  categories: TrendCategory[];
  /** Categories with a row before the limit. */
  categories_count: number;
  /** What the categories past the limit spent over the months, in all. */
  left_out_spent: number;
}

/**
 * The months to read: YNAB's month list sorted by month (never YNAB's own order, newest first), those
 * up to today's month (a month budgeted ahead holds no spending yet), the last `count`, oldest first.
 */
export function trendMonths(list: readonly { month: string }[], count: number, today: string): string[] {
  const sorted = list
    .map((m) => m.month)
    .filter((m) => ym(m) <= ym(today))
    .sort();
  return count > 0 ? sorted.slice(-count) : [];
}

interface Tally {
  name: string;
  milli: (number | null)[];
  total: number;
}

/** Each usable category (by id: two categories of one name stay two rows), its spending per month. */
function tallies(details: readonly MonthDetail[]): Tally[] {
  const byId = new Map<string, Tally>();
  details.forEach((detail, i) => {
    for (const c of usableCategories(detail)) {
      const name = clean(c.name);
      if (name === '') continue;
      const tally = byId.get(c.id) ?? { name, milli: details.map(() => null), total: 0 };
      const spent = Math.abs(milliOf(c.activity));
      tally.milli[i] = spent;
      tally.total += spent;
      byId.set(c.id, tally);
    }
  });
  return [...byId.values()];
}

function row(t: Tally, complete: readonly boolean[]): TrendCategory {
  const counted = t.milli.filter((m, i): m is number => m !== null && complete[i] === true);
  const sum = counted.reduce((s, m) => s + m, 0);
  return {
    name: t.name,
    amounts: t.milli.map((m) => (m === null ? null : toUnits(m))),
    total: toUnits(t.total),
    average: counted.length === 0 ? null : toUnits(roundHalfEven(sum / counted.length)),
  };
}

function trendMessage(
  months: readonly string[],
  shown: number,
  all: number,
  leftOut: number,
  today: string,
  money: MoneyText,
) {
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined)
    return `YNAB holds no month up to ${money.month(ym(today))}: no spending to give.`;
  const span =
    first === last ? money.month(ym(first)) : `${money.month(ym(first))} to ${money.month(ym(last))}`;
  const partial = ym(last) === ym(today);
  let message = `Spending per category, ${span}`;
  message += partial
    ? ` (${money.month(ym(today))} under way, to ${money.date(today)}; averages leave it out).`
    : '.';
  if (shown < all) {
    message += ` The ${shown} ${shown === 1 ? 'category' : 'categories'} that spent most of ${all} ${shown === 1 ? 'is' : 'are'} listed; the other ${all - shown} spent ${money(leftOut)} in all (counted in each month's spent): call again with limit ${Math.min(all, 200)} to list them.`;
  }
  return message;
}

/** Spending per category over the months read, the `limit` categories that spent most first. */
export function spendingTrends(
  details: readonly MonthDetail[],
  today: string,
  limit: number,
  money: MoneyText,
): Trends {
  const complete = details.map((d) => ym(d.month) !== ym(today));
  const all = tallies(details).sort((a, b) => b.total - a.total);
  const shown = all.slice(0, limit);
  const leftOut = all.slice(limit).reduce((s, t) => s + t.total, 0);
  return {
    message: trendMessage(
      details.map((d) => d.month),
      shown.length,
      all.length,
      leftOut,
      today,
      money,
    ),
    months: details.map((d, i) => ({
      month: d.month,
      partial: complete[i] !== true,
      spent: toUnits(all.reduce((s, t) => s + (t.milli[i] ?? 0), 0)),
    })),
    categories: shown.map((t) => row(t, complete)),
    categories_count: all.length,
    left_out_spent: toUnits(leftOut),
  };
}
