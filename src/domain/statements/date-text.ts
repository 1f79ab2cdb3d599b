/**
 * Dates as banks write them: ISO (`2026-11-03`), OFX's compact form (`20261103120000[-5:EST]`),
 * slashed, dotted or dashed day and month in either order (`03/11/2026`, `11/03/26`, `3.11.2026`),
 * QIF's `11/ 3'26`, and a month's name (`3 Nov 2026`, `03-nov-2026`, `3. Nov. 2026`). Whether
 * `03/11` is the 3rd of November or March the 11th is decided once per file: from a day above 12
 * among its dates, else from the plan's own date format.
 */

export type DayOrder = 'dmy' | 'mdy';

const MONTHS: ReadonlyMap<string, number> = new Map([
  ['jan', 1],
  ['janv', 1],
  ['janvier', 1],
  ['januar', 1],
  ['january', 1],
  ['jän', 1],
  ['feb', 2],
  ['févr', 2],
  ['fevr', 2],
  ['février', 2],
  ['februar', 2],
  ['february', 2],
  ['mar', 3],
  ['mars', 3],
  ['mär', 3],
  ['märz', 3],
  ['march', 3],
  ['apr', 4],
  ['avr', 4],
  ['avril', 4],
  ['april', 4],
  ['may', 5],
  ['mai', 5],
  ['jun', 6],
  ['juin', 6],
  ['juni', 6],
  ['june', 6],
  ['jul', 7],
  ['juil', 7],
  ['juillet', 7],
  ['juli', 7],
  ['july', 7],
  ['aug', 8],
  ['août', 8],
  ['aout', 8],
  ['august', 8],
  ['sep', 9],
  ['sept', 9],
  ['septembre', 9],
  ['september', 9],
  ['oct', 10],
  ['okt', 10],
  ['octobre', 10],
  ['oktober', 10],
  ['october', 10],
  ['nov', 11],
  ['novembre', 11],
  ['november', 11],
  ['dec', 12],
  ['déc', 12],
  ['dez', 12],
  ['décembre', 12],
  ['dezember', 12],
  ['december', 12],
] as const);

const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/u;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\d{0,6}(?:\.\d+)?)?(?:\[[^\]]*\])?$/u;
const NUMERIC = /^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*(?:[/.\-']|'\s*)\s*(\d{2}|\d{4})(?:\s.*)?$/u;
const NAMED = /^(\d{1,2})\.?[\s-]*([\p{L}]{3,9})\.?[\s,-]*(\d{4})$/u;
const NAMED_FIRST = /^([\p{L}]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/u;

/** Two-digit years are of this century: bank statements are recent. */
const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The two leading numbers of a day-and-month date whose order is not written, else null. */
function ambiguous(text: string): [number, number] | null {
  const n = NUMERIC.exec(text.trim());
  if (n === null || n[2] === '.') return null; // dotted dates are day first wherever they are written
  return [Number(n[1]), Number(n[3])];
}

/**
 * The order of day and month in a file's dates: the data says it when a first number is above 12
 * (day first) or a second one is (month first); otherwise the plan's date format (`hint`) does, and
 * null means neither can.
 */
export function dayOrderOf(cells: readonly string[], hint: DayOrder | null): DayOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const cell of cells) {
    const pair = ambiguous(cell);
    if (pair === null) continue;
    if (pair[0] > 12) dayFirst = true;
    if (pair[1] > 12) monthFirst = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'dmy' : 'mdy';
  return hint;
}

/** True when a file's dates need the order of day and month to be read. */
export const needsDayOrder = (cells: readonly string[]): boolean => cells.some((c) => ambiguous(c) !== null);

/** The order a YNAB date format (`DD/MM/YYYY`, `MM-DD-YYYY`, `YYYY-MM-DD`…) writes day and month in. */
export function dayOrderOfFormat(format: string | null | undefined): DayOrder | null {
  if (typeof format !== 'string') return null;
  const f = format.toUpperCase();
  if (f.startsWith('DD')) return 'dmy';
  if (f.startsWith('MM')) return 'mdy';
  return null;
}

/** The ISO date a cell holds, or null when it holds none; `order` reads `03/11/2026`. */
export function dateOf(text: string, order: DayOrder | null): string | null {
  const t = text.trim();
  const i = ISO.exec(t);
  if (i !== null) return iso(Number(i[1]), Number(i[2]), Number(i[3]));
  const c = COMPACT.exec(t);
  if (c !== null) return iso(Number(c[1]), Number(c[2]), Number(c[3]));
  const n = NUMERIC.exec(t);
  if (n !== null) {
    const [a, b, y] = [Number(n[1]), Number(n[3]), fullYear(n[4]!)];
    if (n[2] === '.' || order === 'dmy') return iso(y, b, a);
    if (order === 'mdy') return iso(y, a, b);
    return a > 12 ? iso(y, b, a) : b > 12 ? iso(y, a, b) : null;
  }
  const named = NAMED.exec(t);
  if (named !== null) {
    const m = MONTHS.get(named[2]!.toLowerCase());
    return m === undefined ? null : iso(Number(named[3]), m, Number(named[1]));
  }
  const first = NAMED_FIRST.exec(t);
  if (first !== null) {
    const m = MONTHS.get(first[1]!.toLowerCase());
    return m === undefined ? null : iso(Number(first[3]), m, Number(first[2]));
  }
  return null;
}
