/** `get_spending_trends`: which months to read, and each category's spending month by month. Pure. */
import { milliOf, usableCategories } from './month-categories.js';
import type { MonthDetail } from './month-categories.js';
import { toUnits } from '../money.js';
import { clean } from '../text.js';

export interface TrendPoint {
  month: string;
  amount: number;
}

/**
 * The months to read: YNAB's month list sorted by month (never YNAB's own order, newest first), its
 * last `count` entries, oldest first. No filtering of future months.
 */
export function trendMonths(list: readonly { month: string }[], count: number): string[] {
  const sorted = list.map((m) => m.month).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return count > 0 ? sorted.slice(-count) : [];
}

/**
 * Each usable category's spending per month, keyed by its cleaned name (insertion order): the month's
 * `|activity|` in currency units. Categories with the same cleaned name share a key; a nameless one is
 * left out; a category absent in a month has no entry for it.
 */
export function spendingTrends(details: readonly MonthDetail[]): Record<string, TrendPoint[]> {
  const byName = new Map<string, TrendPoint[]>();
  for (const detail of details) {
    for (const c of usableCategories(detail)) {
      const name = clean(c.name);
      if (name === '') continue;
      const points = byName.get(name) ?? [];
      points.push({ month: detail.month, amount: toUnits(Math.abs(milliOf(c.activity))) });
      byName.set(name, points);
    }
  }
  return Object.fromEntries(byName);
}
