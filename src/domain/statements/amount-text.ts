/**
 * Amounts as banks write them in statement files: `-1,234.56`, `1.234,56`, `1 234,56 €`, `(12.50)`,
 * `12,50-`, `1'234.50`. Which of `.` and `,` is the decimal mark is decided once per file, from all
 * its amounts, never per cell: `1,234` alone could be either.
 */
import { toMilli } from '../money.js';

export type DecimalMark = '.' | ',';

/** Spaces, and `\uFFFD`: a Latin-1 no-break space or euro sign read as UTF-8 (`1\uFFFD234,56`, `12,50 \uFFFD`). */
const SPACES = /[\s\u00a0\u202f\u2009'\uFFFD]/gu;
const CURRENCY = /(?:[€$£¥]|\b(?:EUR|USD|GBP|CHF|CAD|AUD|JPY)\b)/giu;
const LAST_SEPARATOR = /([.,])(\d+)$/u;

/** The text without spaces, currency signs and its sign marks, and whether it was negative. */
function bare(text: string): { digits: string; negative: boolean } | null {
  let t = text.replace(CURRENCY, '').replace(SPACES, '');
  if (t === '') return null;
  let negative = false;
  if (t.startsWith('(') && t.endsWith(')')) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-') || t.startsWith('\u2212')) {
    negative = !negative;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  else if (t.endsWith('-')) {
    negative = !negative;
    t = t.slice(0, -1);
  }
  return /^\d[\d.,]*$/u.test(t) ? { digits: t, negative } : null;
}

/**
 * The decimal mark of a file's amounts: a separator followed by other than three digits is a decimal
 * mark, and so is the last of two different separators. The mark most amounts show wins; a file
 * whose amounts show none (whole numbers, or `1,234` only) reads `.`.
 */
export function decimalMarkOf(cells: readonly string[]): DecimalMark {
  let point = 0;
  let comma = 0;
  for (const cell of cells) {
    const b = bare(cell);
    if (b === null) continue;
    const last = LAST_SEPARATOR.exec(b.digits);
    if (last === null) continue;
    const mark = last[1] as DecimalMark;
    const other = mark === '.' ? ',' : '.';
    if (last[2]!.length !== 3 || b.digits.includes(other)) {
      if (mark === '.') point += 1;
      else comma += 1;
    }
  }
  return comma > point ? ',' : '.';
}

/** An amount in milliunits, or null when the text is not one (empty cells included). */
export function amountOf(text: string, mark: DecimalMark): number | null {
  const b = bare(text);
  if (b === null) return null;
  const thousands = mark === '.' ? ',' : '.';
  const plain = b.digits.split(thousands).join('');
  const parts = plain.split(mark);
  if (parts.length > 2 || parts.some((p) => p === '')) return null;
  if ((parts[1]?.length ?? 0) > 3) return null;
  const units = Number(parts.join('.'));
  if (!Number.isFinite(units)) return null;
  const milli = toMilli(units);
  return b.negative && milli !== 0 ? -milli : milli;
}
