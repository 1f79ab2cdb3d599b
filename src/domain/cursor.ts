/**
 * Pagination cursors of `suggest_categories` and `find_transactions`: URL-safe base64, with `=` padding, of the ASCII text
 * `offset:{n}`. Opaque to agents; decoded strictly.
 */
import { AppError } from './errors.js';

export const INVALID_CURSOR =
  'Invalid cursor: pass the next_cursor value from the previous page unchanged, or omit it to start from the first page.';

const ALPHABET = /^[A-Za-z0-9_=-]*$/;
const DIGITS = /^[0-9]+$/;
const PREFIX = 'offset';

/** URL-safe base64 with padding (Node's `base64url` leaves the padding out). */
function base64Url(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('base64url');
  return text + '='.repeat((4 - (text.length % 4)) % 4);
}

/** The cursor of a page starting at `offset` (a whole number ≥ 0). */
export function encodeCursor(offset: number): string {
  return base64Url(new TextEncoder().encode(`${PREFIX}:${offset}`));
}

/**
 * The offset a cursor stands for. Refused with an error: a character outside letters, digits, `-`, `_`,
 * `=`; text that is not canonical padded base64 or not UTF-8; a prefix other than `offset`; a value that
 * is not all ASCII digits. An offset too large for a safe integer reads as the largest one (a page past
 * the end).
 */
export function decodeCursor(cursor: string): number {
  if (!ALPHABET.test(cursor)) throw new AppError(INVALID_CURSOR);
  const bytes = Buffer.from(cursor, 'base64url');
  // Node decodes leniently: a value is base64 only when it is exactly what encoding its bytes gives.
  if (base64Url(bytes) !== cursor) throw new AppError(INVALID_CURSOR);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new AppError(INVALID_CURSOR);
  }
  const colon = text.indexOf(':');
  const prefix = colon < 0 ? text : text.slice(0, colon);
  const value = colon < 0 ? '' : text.slice(colon + 1);
  if (prefix !== PREFIX || !DIGITS.test(value)) throw new AppError(INVALID_CURSOR);
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}
