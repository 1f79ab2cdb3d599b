/**
 * Totals of result rows whose amounts are already in currency units: each amount goes back to whole
 * milliunits before it is added, so that a total of a hundred rows holds no floating-point residue and
 * equals what YNAB would show.
 */
import { toMilli, toUnits } from './money.js';

/** The sum of each named amount field over every row. */
export function sumFields<K extends string>(
  rows: readonly Readonly<Record<K, number>>[],
  fields: readonly K[],
): Record<K, number> {
  const totals = {} as Record<K, number>;
  for (const field of fields) {
    let milli = 0;
    for (const row of rows) milli += toMilli(row[field]);
    totals[field] = toUnits(milli);
  }
  return totals;
}
