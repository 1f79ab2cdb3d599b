/**
 * The transactions of a plan by month, built once per snapshot of the list. Most analyses look at a
 * few recent months of ten years of history: with this index they read the rows of those months only,
 * instead of testing the date of every transaction of a large plan at every call. Rows always come in
 * the list's own order (YNAB's, deltas appended), whatever months are asked, so that "first seen" rules
 * and the order of sums are those of a pass over the whole list.
 */
import { perSnapshot } from '../memo.js';

interface Dated {
  date: string;
}

interface MonthIndex {
  /** The months holding at least one row, `YYYY-MM`, oldest first. */
  months: readonly string[];
  /** Per month, the positions of its rows in the list, ascending. */
  positions: ReadonlyMap<string, readonly number[]>;
}

const indexOf = perSnapshot((rows: readonly Dated[]): MonthIndex => {
  const positions = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const month = row.date.slice(0, 7);
    const list = positions.get(month);
    if (list) list.push(i);
    else positions.set(month, [i]);
  });
  return { months: Object.freeze([...positions.keys()].sort()), positions };
});

/** The rows dated in any of `months` (`YYYY-MM`), in list order. */
export function inMonths<T extends Dated>(rows: readonly T[], months: Iterable<string>): T[] {
  const { positions } = indexOf(rows);
  const picked: number[] = [];
  for (const month of new Set(months)) for (const i of positions.get(month) ?? []) picked.push(i);
  picked.sort((a, b) => a - b);
  return picked.map((i) => rows[i] as T);
}

/** The rows dated in `month` (`YYYY-MM`) or later, in list order. */
export function fromMonth<T extends Dated>(rows: readonly T[], month: string): T[] {
  return inMonths(
    rows,
    indexOf(rows).months.filter((m) => m >= month),
  );
}

/** The oldest month (`YYYY-MM`) holding a row that `accept` takes, or null when none does. */
export function firstMonthWhere<T extends Dated>(
  rows: readonly T[],
  accept: (row: T) => boolean,
): string | null {
  const { months, positions } = indexOf(rows);
  for (const month of months)
    if ((positions.get(month) ?? []).some((i) => accept(rows[i] as T))) return month;
  return null;
}
