/**
 * CSV statements, as banks export them: any of `,` `;` tab `|` between fields, quoted fields, a
 * header row (after a few lines about the account, or none at all), one amount column or money out
 * and money in, an optional running balance. Fields stay text: a cell such as `=HYPERLINK(...)` is
 * a label like any other, never evaluated.
 */
import { parse } from 'csv-parse/sync';
import { addDays } from '../transactions/date-bounds.js';
import { amountOf, decimalMarkOf } from './amount-text.js';
import { columnsFromCells, columnsFromHeader, isHeader, type Columns } from './csv-columns.js';
import { dateOf, dayOrderOf, needsDayOrder, type DayOrder } from './date-text.js';
import { ambiguousDates, linesPeriod, unreadable, type Statement, type StatementLine } from './statement.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;
/** Lines before the header that may describe the account. */
const PREAMBLE = 15;

interface Row {
  cells: string[];
  line: number;
}

function rowsOf(text: string, delimiter: string): Row[] {
  const records = parse(text, {
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records.map((r) => ({ cells: r.record, line: r.info.lines }));
}

/** The delimiter that splits the first lines into the most rows of one width above one. */
function delimiterOf(text: string): string {
  // any line end, CR alone included: else a file of CR ends is one line, and all of it is tried four times
  const head = text.split(/\r\n|\r|\n/u, 40).join('\n');
  let best: { delimiter: string; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    let rows: Row[];
    try {
      rows = rowsOf(head, delimiter);
    } catch {
      continue;
    }
    const widths = new Map<number, number>();
    for (const r of rows) widths.set(r.cells.length, (widths.get(r.cells.length) ?? 0) + 1);
    const [width, count] = [...widths].sort((a, b) => b[1] - a[1])[0] ?? [1, 0];
    const score = width > 1 ? count * 100 + width : 0;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

const cell = (row: Row, i: number | null): string => (i === null ? '' : (row.cells[i] ?? ''));
const where = (row: Row): string => `line ${row.line}`;

/** Reads a CSV statement; `hint` is the plan's order of day and month, for dates that do not show it. */
export function readCsv(text: string, hint: DayOrder | null): Statement {
  const delimiter = delimiterOf(text);
  let rows: Row[];
  try {
    rows = rowsOf(text, delimiter);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable('CSV', line === undefined ? 'the file' : `line ${line}`, (error as Error).message);
  }
  rows = rows.filter((r) => r.cells.some((c) => c !== ''));
  const headerAt = rows.slice(0, PREAMBLE).findIndex((r) => isHeader(r.cells));
  const data = headerAt >= 0 ? rows.slice(headerAt + 1) : rows;
  const sample = data.map((r) => r.cells);
  const guessOrder = dayOrderOf(sample.flat(), hint);
  const guessMark = decimalMarkOf(sample.flat());
  const columns: Columns | null =
    headerAt >= 0
      ? columnsFromHeader(rows[headerAt]!.cells)
      : columnsFromCells(sample, guessOrder, guessMark);
  if (columns === null) {
    throw unreadable('CSV', 'the file', 'no column of dates and of amounts was found');
  }
  const dates = data.map((r) => cell(r, columns.date));
  const order = dayOrderOf(dates, hint);
  if (order === null && needsDayOrder(dates)) {
    throw ambiguousDates('CSV');
  }
  const money = [columns.amount, columns.debit, columns.credit, columns.balance].flatMap((i) =>
    i === null ? [] : data.map((r) => cell(r, i)),
  );
  const mark = decimalMarkOf(money);
  const lines: (StatementLine & { balance: number | null })[] = [];
  for (const row of data) {
    const dateText = cell(row, columns.date);
    // a row without a date is a total or a note under the lines, not a line of its own
    if (dateText === '') continue;
    const date = dateOf(dateText, order);
    if (date === null) throw unreadable('CSV', where(row), `"${dateText.slice(0, 40)}" is not a date`);
    const amount = amountIn(row, columns, mark);
    const balanceText = cell(row, columns.balance);
    lines.push({
      where: where(row),
      date,
      amount,
      label: cell(row, columns.label),
      memo: cell(row, columns.memo) === '' ? null : cell(row, columns.memo),
      ref: null,
      balance: balanceText === '' ? null : amountOf(balanceText, mark),
    });
  }
  return withBalances(lines);
}

function amountIn(row: Row, columns: Columns, mark: '.' | ','): number {
  if (columns.amount !== null) {
    const text = cell(row, columns.amount);
    const amount = amountOf(text, mark);
    if (amount === null) throw unreadable('CSV', where(row), `"${text.slice(0, 40)}" is not an amount`);
    return amount;
  }
  const out = amountOf(cell(row, columns.debit), mark);
  const into = amountOf(cell(row, columns.credit), mark);
  if (out === null && into === null)
    throw unreadable('CSV', where(row), 'neither money out nor money in is given');
  return (into === null ? 0 : Math.abs(into)) - (out === null ? 0 : Math.abs(out));
}

/**
 * The lines oldest first (a file written newest first is turned round, lines of one day keeping their
 * order) and, from a running balance, the balances before the first line and after the last.
 */
function withBalances(lines: (StatementLine & { balance: number | null })[]): Statement {
  const first = lines[0];
  const last = lines[lines.length - 1];
  const newestFirst = first !== undefined && last !== undefined && first.date > last.date;
  const ordered = newestFirst ? [...lines].reverse() : lines;
  const sorted = ordered
    .map((l, i) => ({ l, i }))
    .sort((a, b) => a.l.date.localeCompare(b.l.date) || a.i - b.i);
  const kept = sorted.map(({ l }) => l);
  const head = kept[0];
  const tail = kept[kept.length - 1];
  const opening =
    head?.balance === null || head === undefined
      ? null
      : { date: addDays(head.date, -1), amount: head.balance - head.amount };
  const closing =
    tail?.balance === null || tail === undefined ? null : { date: tail.date, amount: tail.balance };
  return {
    format: 'csv',
    lines: kept.map(({ balance: _balance, ...line }) => line),
    opening,
    closing,
    period: linesPeriod(kept),
  };
}
