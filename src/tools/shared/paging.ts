/**
 * Paging of a read tool's rows, and the `omitted` sentence that tells the agent what a compact answer
 * leaves out and which parameter brings it back. A default answer stays small (it is read into the
 * model's context on every call); the totals a tool returns are computed over all the rows before the
 * page is cut, so a figure never depends on the page.
 *
 * A page ends at its `limit` of rows or at a byte budget, whichever comes first: rows' sizes vary
 * tenfold with the plan (a bank's raw card labels, long category names, memos, targets), so a row count
 * alone lets one plan's answer grow to twice another's. Every row-listing answer stays within
 * ANSWER_BYTES as the client receives it.
 */
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { isPlainObject } from '../../domain/plain-object.js';
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

/** What an answer weighs at most as the client receives it: the JSON-RPC message, both halves. */
export const ANSWER_BYTES = 16_384;

/**
 * What a page's rows may weigh (by rowBytes): ANSWER_BYTES less what surrounds them (the counts, the
 * totals, the `omitted` sentence, the table header, the envelope and 2026-07-28's `_meta`).
 */
export const ROW_BYTES = 14_000;

/** A value's bytes inside the text block's line, as the message's JSON string carries it. */
function cellBytes(value: unknown): number {
  if (value === null || value === undefined) return 1;
  const json = JSON.stringify(value);
  // a string loses its quotes; a `|` in it is escaped by the text, then that backslash by JSON
  if (typeof value === 'string') return Buffer.byteLength(json) - 2 + 2 * (json.split('|').length - 1);
  // a number or a boolean as it is; a nested object or list reads shorter than its JSON
  return Buffer.byteLength(json);
}

/**
 * What a row weighs in the answer, at most: its JSON in the structured content, and its line in the
 * text block (its values, ` | ` between them) inside the message's JSON string.
 */
export function rowBytes(row: unknown): number {
  const json = Buffer.byteLength(JSON.stringify(row));
  if (!isPlainObject(row)) return 2 * json;
  let line = 0;
  for (const value of Object.values(row)) line += 3 + cellBytes(value);
  return json + line;
}

/** How many of `rows`, from the first, weigh at most `budget` together: always one at least. */
export function rowsWithin(rows: readonly unknown[], budget = ROW_BYTES): number {
  let used = 0;
  for (const [i, row] of rows.entries()) {
    used += rowBytes(row);
    if (used > budget) return Math.max(1, i);
  }
  return rows.length;
}

export interface Page<T> {
  rows: T[];
  /** Rows after this page. */
  after: number;
  next_cursor: string | null;
  /** True when the byte budget ended the page before its limit. */
  full: boolean;
}

/** The offset a cursor stands for (0 without one), decoded before any request so a bad one costs none. */
export const offsetOf = (cursor: string | null): number =>
  cursor === null || cursor === '' ? 0 : decodeCursor(cursor);

/**
 * The rows of one page: `limit` rows from `offset`, fewer when they would weigh more than `budget`
 * (an empty page past the end).
 */
export function pageAt<T>(rows: readonly T[], limit: number, offset: number, budget = ROW_BYTES): Page<T> {
  const candidates = rows.slice(offset, offset + limit);
  const kept = rowsWithin(candidates, budget);
  const end = offset + kept;
  const after = Math.max(0, rows.length - end);
  return {
    rows: candidates.slice(0, kept),
    after,
    next_cursor: after > 0 ? encodeCursor(end) : null,
    full: kept < candidates.length,
  };
}

/** The sentence for rows after this page, or null when it is the last one. */
export function moreRows(page: Page<unknown>, noun: string): string | null {
  if (page.after === 0) return null;
  return page.full
    ? `${page.after} more ${noun}: pass next_cursor as cursor (a page stops at 16 kB).`
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

/**
 * The rows of a list ordered by date that weigh at most `budget`, cut between two dates: passing the
 * first date left out (`from`) as the tool's start date continues the list exactly. The first date's
 * rows are kept whatever they weigh, so that the list always moves on.
 */
export function untilDateWithin<T>(
  rows: readonly T[],
  dateOf: (row: T) => string,
  budget = ROW_BYTES,
): { rows: T[]; from: string | null } {
  const fit = rowsWithin(rows, budget);
  if (fit === rows.length) return { rows: [...rows], from: null };
  const cutDate = dateOf(rows[fit]!);
  let end = fit;
  while (end > 0 && dateOf(rows[end - 1]!) === cutDate) end -= 1;
  if (end === 0) while (end < rows.length && dateOf(rows[end]!) === cutDate) end += 1;
  return end === rows.length
    ? { rows: [...rows], from: null }
    : { rows: rows.slice(0, end), from: dateOf(rows[end]!) };
}
