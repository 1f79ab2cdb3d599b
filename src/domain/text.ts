/**
 * Untrusted text (bank text and names are data, never instructions): the sanitising rule `clean`,
 * quoting `{x:q}`, the one-line rule for names an agent gives, case folding and code-point order.
 */
import { decodeHTMLStrict } from 'entities/decode';

/**
 * A name or memo as YNAB means it: YNAB's API has been seen to return names with HTML character
 * references (`B&amp;H Photo Video` for `B&H Photo Video`), as its web app stores them. Shown and
 * matched decoded; the raw value stays what the server writes back and compares in undo's checks,
 * since writing the decoded text would change what YNAB stores. Only references ended by `;` are
 * decoded (`AT&T` and `&copy` stay as they are), by the `entities` package rather than by hand.
 */
export const decodeEntities = (text: string): string => (text.includes('&') ? decodeHTMLStrict(text) : text);

/** A name's key for matching what a person typed: decoded, trimmed, case-folded. */
export const nameKey = (name: string): string => casefold(decodeEntities(name).trim());

const FORMAT = /\p{Cf}/gu;
const CONTROL_OR_SEPARATOR = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const WHITESPACE_RUN = /\p{White_Space}+/gu;
const MAX_LINE = 80;

/**
 * The sanitising rule without its length cap: character references decoded, format characters
 * removed, controls and line breaks made spaces, whitespace runs collapsed, trimmed. One line, not
 * shortened (the "full" form of a question).
 */
export function cleanFull(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  // decoded first, so that a reference to a control or format character is removed like one
  return decodeEntities(text)
    .replace(FORMAT, '')
    .replace(CONTROL_OR_SEPARATOR, ' ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/u;

/**
 * The sanitising rule for a text shown whole (one transaction's memo): each line cleaned as by
 * `cleanFull`, the lines joined with `\n`, blank lines at either end dropped. Nothing is cut.
 */
export function cleanLines(text: string | null | undefined): string {
  const lines = (text ?? '').split(LINE_BREAK).map(cleanFull);
  return lines.join('\n').replace(/^\n+|\n+$/g, '');
}

/** The sanitising rule: one line of at most 80 code points (the first 79 + `…` when longer). */
export function clean(text: string | null | undefined): string {
  const line = cleanFull(text);
  const points = Array.from(line);
  return points.length > MAX_LINE ? `${points.slice(0, MAX_LINE - 1).join('')}…` : line;
}

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escapeChar(ch: string, enclosing: string): string {
  if (ch === '\\') return '\\\\';
  if (ch === enclosing && enclosing === "'") return "\\'";
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (ch === ' ' || !NON_PRINTABLE.test(ch)) return ch;
  const code = ch.codePointAt(0) ?? 0;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** `{x:q}`: the value in single quotes (double quotes when it holds `'` and no `"`), escaped. */
export function quote(value: string): string {
  const enclosing = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = '';
  // Iterate by code unit pairs so lone surrogates are escaped rather than lost.
  for (const ch of value) out += escapeChar(ch, enclosing);
  return enclosing + out + enclosing;
}

const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/u;

/**
 * The one-line rule for names the agent chooses for YNAB: the error text when the name holds a line
 * break, a control or a format character, else null.
 */
export function oneLineError(name: string): string | null {
  if (!NOT_ONE_LINE.test(name)) return null;
  return `${quote(clean(name))} contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.`;
}

/** Unicode case folding, good enough for comparisons (`ß` matches `ss`). */
export const casefold = (text: string): string => text.toUpperCase().toLowerCase();

/**
 * A UTF-16 unit moved so that unit order is code point order: surrogates (U+D800–U+DFFF, the halves of
 * code points above U+FFFF) go above U+E000–U+FFFF, which move down to make room.
 */
const inCodePointOrder = (unit: number): number =>
  unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;

/**
 * Compares two strings by Unicode code points (JavaScript's `<` compares UTF-16 units); negative,
 * zero or positive. Unit by unit, without splitting the strings into code points first: it runs in
 * every sort of names, tens of thousands of comparisons on a large plan.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return inCodePointOrder(x) - inCodePointOrder(y);
  }
  return a.length - b.length;
}
