/**
 * Paging of a read tool's rows, and the `omitted` sentence that tells the agent what a compact answer
 * leaves out and which parameter brings it back. A default answer stays small (it is read into the
 * model's context on every call); the totals a tool returns are computed over all the rows before the
 * page is cut, so a figure never depends on the page.
 */
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { sumFields } from '../../domain/sum-fields.js';

/** The `cursor` parameter of a paged tool. */
export const cursorParam = z.string().nullable().default(null).describe("The last page's next_cursor.");

export const nextCursorField = z
  .string()
  .nullable()
  .describe('Pass it as cursor to get the next page; null on the last page.');

export const leftOutField = z
  .string()
  .nullable()
  .describe('What this answer leaves out and the parameter that brings it; null when nothing.');

export interface Page<T> {
  rows: T[];
  /** Rows after this page. */
  after: number;
  next_cursor: string | null;
}

/** The offset a cursor stands for (0 without one), decoded before any request so a bad one costs none. */
export const offsetOf = (cursor: string | null): number =>
  cursor === null || cursor === '' ? 0 : decodeCursor(cursor);

/** The rows of one page: `limit` rows from `offset` (an empty page past the end). */
export function pageAt<T>(rows: readonly T[], limit: number, offset: number): Page<T> {
  const end = offset + limit;
  const after = Math.max(0, rows.length - end);
  return { rows: rows.slice(offset, end), after, next_cursor: after > 0 ? encodeCursor(end) : null };
}

/** The sentence for rows after this page, or null when it is the last one. */
export function moreRows(page: Page<unknown>, noun: string): string | null {
  return page.after === 0
    ? null
    : `${page.after} more ${noun}: pass next_cursor as cursor, or a larger limit.`;
}

/** The sentences that apply, as one `omitted` value (null when none does). */
export function leftOut(...parts: (string | null)[]): string | null {
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length === 0 ? null : kept.join(' ');
}

/**
 * One page of a month's categories, as `get_category_balances` and `get_budget_vs_actual` answer it:
 * the page, the count and the totals of `fields` over every row, and what is left out (the rows after
 * this page, and the `empty` categories left out without `include_empty`).
 */
export function categoryPage<R extends Readonly<Record<K, number>>, K extends string>(
  rows: readonly R[],
  fields: readonly K[],
  { limit, offset, empty }: { limit: number; offset: number; empty: number },
) {
  const page = pageAt(rows, limit, offset);
  return {
    result: page.rows,
    count: rows.length,
    totals: sumFields(rows, fields),
    next_cursor: page.next_cursor,
    omitted: leftOut(
      moreRows(page, 'categories'),
      empty === 0 ? null : `${empty} empty categories: pass include_empty true.`,
    ),
  };
}
