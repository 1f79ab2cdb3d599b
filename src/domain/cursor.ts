/**
 * Pagination cursors of `suggest_categories` and `find_transactions`: URL-safe base64, with `=` padding, of the ASCII text
 * `offset:{n}`. Opaque to agents; decoded strictly.
 */
import { AppError } from './errors.js';

export const INVALID_CURSOR =
  'Invalid cursor: pass the next_cursor value from the previous page unchanged, or omit it to start from the first page.';

/** What a cursor decodes to: the prefix, a colon and ASCII digits, nothing else. */
const OFFSET_TEXT = /^offset:([0-9]+)$/;

/** URL-safe base64 with padding (Node's `base64url` leaves the padding out). */
function base64Url(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('base64url');
  return text + '='.repeat((4 - (text.length % 4)) % 4);
}

/** The cursor of a page starting at `offset` (a whole number ≥ 0). */
export function encodeCursor(offset: number): string {
  return base64Url(new TextEncoder().encode(`offset:${offset}`));
}

/**
 * The offset a cursor stands for. Refused with an error: text that is not canonical padded URL-safe
 * base64 (which also refuses any character outside letters, digits, `-`, `_`, `=`), or that does not
 * decode to `offset:` and ASCII digits. An offset too large for a safe integer reads as the largest one
 * (a page past the end).
 */
export function decodeCursor(cursor: string): number {
  const bytes = Buffer.from(cursor, 'base64url');
  // Node decodes leniently: a value is base64 only when it is exactly what encoding its bytes gives.
  if (base64Url(bytes) !== cursor) throw new AppError(INVALID_CURSOR);
  // byte for byte: any byte outside ASCII (a BOM, invalid UTF-8) fails the pattern
  const digits = OFFSET_TEXT.exec(bytes.toString('latin1'))?.[1];
  if (digits === undefined) throw new AppError(INVALID_CURSOR);
  return Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
}
