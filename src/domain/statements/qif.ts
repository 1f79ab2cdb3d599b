/**
 * QIF statements: one field a line, its kind in the first character (`D` date, `T` or `U` amount,
 * `P` payee, `M` memo, `N` number), a record ending with `^`. Split lines (`S`, `E`, `$`) are the
 * parts of a total the record already gives, and are not lines of their own.
 */
import { amountOf, decimalMarkOf } from './amount-text.js';
import { dateOf, dayOrderOf, needsDayOrder, type DayOrder } from './date-text.js';
import {
  ambiguousDates,
  labelled,
  linesPeriod,
  unreadable,
  type Statement,
  type StatementLine,
} from './statement.js';

interface Record {
  line: number;
  fields: Map<string, string>;
}

function recordsOf(text: string): Record[] {
  const records: Record[] = [];
  let current: Record | null = null;
  text.split(/\r\n|\r|\n/u).forEach((raw, i) => {
    const line = raw.replace(/^\uFEFF/u, '');
    if (line.trim() === '' || line.startsWith('!')) return;
    if (line.startsWith('^')) {
      if (current !== null) records.push(current);
      current = null;
      return;
    }
    current ??= { line: i + 1, fields: new Map() };
    const kind = line[0]!;
    // the first of a kind is the record's own; later ones (a split's `S`, `E`, `$`) are left
    if (!current.fields.has(kind)) current.fields.set(kind, line.slice(1).trim());
  });
  if (current !== null) records.push(current);
  return records;
}

/** Reads a QIF statement; `hint` is the plan's order of day and month, for dates that do not show it. */
export function readQif(text: string, hint: DayOrder | null): Statement {
  const records = recordsOf(text).filter((r) => r.fields.has('D') || r.fields.has('T') || r.fields.has('U'));
  const dates = records.map((r) => r.fields.get('D') ?? '');
  const order = dayOrderOf(dates, hint);
  if (order === null && needsDayOrder(dates)) {
    throw ambiguousDates('QIF');
  }
  const mark = decimalMarkOf(records.map((r) => r.fields.get('T') ?? r.fields.get('U') ?? ''));
  const lines = records.map((r): StatementLine => {
    const where = `line ${r.line}`;
    const dateText = r.fields.get('D') ?? '';
    const date = dateOf(dateText, order);
    if (date === null) throw unreadable('QIF', where, `"${dateText.slice(0, 30)}" is not a date`);
    const amountText = r.fields.get('T') ?? r.fields.get('U') ?? '';
    const amount = amountOf(amountText, mark);
    if (amount === null) throw unreadable('QIF', where, `"${amountText.slice(0, 30)}" is not an amount`);
    const payee = r.fields.get('P') ?? '';
    const memo = r.fields.get('M') ?? '';
    return {
      where,
      date,
      amount,
      ...labelled(payee, memo),
      ref: r.fields.get('N') || null,
    };
  });
  return { format: 'qif', lines, opening: null, closing: null, period: linesPeriod(lines) };
}
