/**
 * Which column of a CSV statement holds what: named by its header (English, French or German, the
 * names banks export), or, in a file without a header, recognised from its cells.
 */
import { amountOf, type DecimalMark } from './amount-text.js';
import { dateOf, type DayOrder } from './date-text.js';

export interface Columns {
  date: number;
  /** One signed amount column, or debit and credit columns (either may hold a sign). */
  amount: number | null;
  debit: number | null;
  credit: number | null;
  label: number;
  memo: number | null;
  balance: number | null;
}

/** Header names per role, compared without case, accents or punctuation; the first role that matches wins. */
const NAMES: readonly [keyof Columns, readonly string[]][] = [
  ['balance', ['running balance', 'balance', 'solde', 'saldo', 'kontostand']],
  [
    'debit',
    [
      'debit',
      'debits',
      'withdrawal',
      'withdrawals',
      'money out',
      'paid out',
      'soll',
      'lastschrift',
      'ausgang',
      'sortie',
    ],
  ],
  [
    'credit',
    [
      'credit',
      'credits',
      'deposit',
      'deposits',
      'money in',
      'paid in',
      'haben',
      'gutschrift',
      'eingang',
      'entree',
    ],
  ],
  ['amount', ['amount', 'transaction amount', 'montant', 'betrag', 'umsatz', 'value', 'valeur']],
  [
    'date',
    [
      'date',
      'transaction date',
      'posted date',
      'posting date',
      'booking date',
      'date operation',
      'date de l operation',
      'date comptable',
      'datum',
      'buchungstag',
      'buchungsdatum',
    ],
  ],
  [
    'label',
    [
      'description',
      'payee',
      'name',
      'details',
      'narrative',
      'merchant',
      'transaction description',
      'libelle',
      'libelle operation',
      'beneficiaire',
      'verwendungszweck',
      'buchungstext',
      'beguenstigter zahlungspflichtiger',
      'empfanger',
      'auftraggeber',
    ],
  ],
  [
    'memo',
    ['memo', 'reference', 'notes', 'note', 'commentaire', 'referenz', 'notiz', 'information complementaire'],
  ],
];

const plainName = (cell: string): string =>
  cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/gu, ' ')
    .replace(/[^\p{L}\p{Nd}]+/gu, ' ')
    .trim();

/**
 * An accented letter of a file read in the wrong encoding: `\uFFFD` where Latin-1 was read as UTF-8,
 * `Ã©` where UTF-8 was read as Latin-1. French banks still export Latin-1, and `Libellé` must stay a
 * label column however the file was decoded.
 */
const LOST_LETTER = /\uFFFD|Ã[\u0080-\u00BF]/gu;
/** A letter no header name holds, standing for the lost one while the cell is made plain. */
const LOST = '\u01C2';

/** The role a header cell names, or null; a lost letter matches any letter of a name. */
function roleOf(cell: string): keyof Columns | null {
  const name = plainName(cell);
  if (name === '') return null;
  for (const [role, names] of NAMES) if (names.includes(name)) return role;
  const lost = plainName(cell.replace(LOST_LETTER, LOST));
  if (!lost.includes(LOST)) return null;
  // a plain name holds letters, digits and spaces only: safe in a pattern
  const pattern = new RegExp(`^${lost.replaceAll(LOST, '\\p{L}')}$`, 'u');
  for (const [role, names] of NAMES) if (names.some((n) => pattern.test(n))) return role;
  return null;
}

/** Columns named by a header row, or null when the row names no date or no amount. */
export function columnsFromHeader(row: readonly string[]): Columns | null {
  const found: Partial<Record<keyof Columns, number>> = {};
  row.forEach((cell, i) => {
    const role = roleOf(cell);
    if (role !== null && found[role] === undefined) found[role] = i;
  });
  const label = found.label ?? found.memo;
  if (found.date === undefined || label === undefined) return null;
  if (found.amount === undefined && found.debit === undefined && found.credit === undefined) return null;
  return {
    date: found.date,
    amount: found.amount ?? null,
    debit: found.debit ?? null,
    credit: found.credit ?? null,
    label,
    memo: found.label === undefined || found.memo === undefined ? null : found.memo,
    balance: found.balance ?? null,
  };
}

/** True when a row looks like a header: it names a date column and none of its cells is a date. */
export const isHeader = (row: readonly string[]): boolean =>
  columnsFromHeader(row) !== null && row.every((c) => dateOf(c, 'dmy') === null);

const share = (rows: readonly (readonly string[])[], i: number, test: (cell: string) => boolean): number =>
  rows.filter((r) => test(r[i] ?? '')).length / Math.max(rows.length, 1);

/**
 * Columns recognised from the cells of a file without a header: the date column (nearly every cell a
 * date), the numeric ones (an amount, then a running balance when there is a second), and the label
 * (the text column with the longest cells). Null when no date or no amount column is found.
 */
export function columnsFromCells(
  rows: readonly (readonly string[])[],
  order: DayOrder | null,
  mark: DecimalMark,
): Columns | null {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const cols = [...Array(width).keys()];
  const date = cols.find((i) => share(rows, i, (c) => dateOf(c, order ?? 'dmy') !== null) >= 0.9);
  if (date === undefined) return null;
  const numeric = cols.filter(
    (i) => i !== date && share(rows, i, (c) => c.trim() === '' || amountOf(c, mark) !== null) >= 0.9,
  );
  const filled = numeric.filter((i) => share(rows, i, (c) => amountOf(c, mark) !== null) > 0);
  const texts = cols.filter((i) => i !== date && !numeric.includes(i));
  const avg = (i: number) => rows.reduce((s, r) => s + (r[i]?.length ?? 0), 0) / Math.max(rows.length, 1);
  const label = [...texts].sort((a, b) => avg(b) - avg(a))[0];
  if (filled.length === 0 || label === undefined) return null;
  // two numeric columns where each row fills one: money out and money in
  const [first, second] = filled;
  const oneOf =
    second !== undefined &&
    rows.every(
      (r) => (amountOf(r[first!] ?? '', mark) === null) !== (amountOf(r[second] ?? '', mark) === null),
    );
  return {
    date,
    amount: oneOf ? null : first!,
    debit: oneOf ? first! : null,
    credit: oneOf ? second : null,
    label,
    memo: texts.filter((i) => i !== label)[0] ?? null,
    balance: oneOf ? (filled[2] ?? null) : (second ?? null),
  };
}
