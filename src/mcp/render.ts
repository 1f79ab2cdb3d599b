/**
 * The text block a model reads beside `structuredContent`: the same data, every value of it, in a
 * compact rendering instead of a JSON dump (JSON repeats every field name on every row and, inside a
 * JSON-RPC string, escapes every quote). One rule set serves every tool, driven by the shape of the
 * result, which its output schema fixes:
 *
 * - a plain value is a `name: value` line;
 * - a list of rows is a header line `name (N rows): a | b | c` and then one line per row, its values in
 *   the header's order;
 * - the `result` map of a tool whose result is keyed by data (a category name) is rendered as rows, one
 *   per entry or per item of an entry's list, the key first (`key | ...`);
 * - a nested object is a `name:` line and its fields indented under it;
 * - inside a row, a list of plain values reads `[x; y]`; a column that holds an object (a category's
 *   target, a suggestion) or a list of objects (a split's lines) leaves the row's line and is written
 *   under it, one indented line `  name: a: 1; b: x` for the object or for each item, nothing when
 *   null or empty; the header names such columns after `; under a row:`. `{a=1, b=x}` inside a row
 *   was read as one opaque value, its fields easily taken for the row's.
 * - an empty list is left out (its absence says there is none), so that an answer listing occurrences
 *   does not also print an empty section of schedules; when every field is an empty list, they are
 *   kept as `name: (none)`, so that the text never says nothing.
 *
 * `null` reads `-`; a `|` inside text is escaped as `\|`, a line break as a space (bank text is one line
 * already), except in the server's own `message`: a question of several lines (a change per line, a
 * warning) is written as a `message:` line and its lines indented under it, since run together they
 * read as one long sentence. Every line of it is the server's, the names in it cleaned to one line.
 * The result wrapper `{result: ...}` of list tools is rendered as `result`.
 */
import { isPlainObject } from '../domain/plain-object.js';

type Value = unknown;
type Row = Record<string, Value>;

/** A value inside a row or after `name:`. */
function inline(value: Value): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string')
    return value === '' ? '""' : value.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
  if (Array.isArray(value)) return `[${value.map(inline).join('; ')}]`;
  if (isPlainObject(value))
    return `{${Object.entries(value)
      .map(([key, field]) => `${key}=${inline(field)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/** The columns of a list of rows: every field of any row, in the order first seen. */
function columnsOf(rows: readonly Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/** A value written under its row rather than in it: an object, or a list holding one. */
const isNested = (value: Value): boolean =>
  isPlainObject(value) || (Array.isArray(value) && value.some(isPlainObject));

/** An object's fields as `a: 1; b: x`; anything else as it reads inline. */
const fieldsOf = (value: Value): string =>
  isPlainObject(value)
    ? Object.entries(value)
        .map(([key, field]) => `${key}: ${inline(field)}`)
        .join('; ')
    : inline(value);

/** The lines under a row for one of its nested columns: one per object, none for null or empty. */
function under(column: string, value: Value): string[] {
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => `  ${column}: ${fieldsOf(item)}`);
}

function table(name: string, rows: readonly Row[], keyColumn?: string, keys?: readonly string[]): string[] {
  const columns = columnsOf(rows);
  const nested = columns.filter((column) => rows.some((row) => isNested(row[column])));
  const flat = columns.filter((column) => !nested.includes(column));
  const header = [...(keyColumn ? [keyColumn] : []), ...flat].join(' | ');
  const below = nested.length === 0 ? '' : `; under a row: ${nested.join(', ')}`;
  const noun = rows.length === 1 ? 'row' : 'rows';
  return [
    `${name} (${rows.length} ${noun}): ${header}${below}`,
    ...rows.flatMap((row, i) => [
      [...(keys ? [inline(keys[i])] : []), ...flat.map((column) => inline(row[column]))].join(' | '),
      ...nested.flatMap((column) => under(column, row[column])),
    ]),
  ];
}

const isRowList = (value: Value): value is Row[] =>
  Array.isArray(value) && value.length > 0 && value.every(isPlainObject);

/** A map keyed by data (a category name, an id) whose every value is a row or a list. */
function isDataMap(value: Row): boolean {
  const values = Object.values(value);
  return (
    values.length > 0 &&
    (values.every(isPlainObject) || values.every(Array.isArray)) &&
    !values.every((v) => Array.isArray(v) && v.length === 0)
  );
}

function field(name: string, value: Value, indent: string): string[] {
  if (name === 'message' && typeof value === 'string' && /[\r\n]/.test(value))
    return [`${indent}${name}:`, ...value.split(/\r?\n/).map((line) => `${indent}  ${inline(line)}`)];
  if (isRowList(value)) return table(name, value).map((line) => indent + line);
  if (Array.isArray(value))
    return [`${indent}${name}: ${value.length === 0 ? '(none)' : value.map(inline).join(', ')}`];
  if (isPlainObject(value)) {
    if (name === 'result' && isDataMap(value)) {
      // one row per entry of the map, or per item of each entry's list, its key first
      const pairs = Object.entries(value).flatMap(([key, entry]): [string, Row][] =>
        Array.isArray(entry)
          ? entry.map((item): [string, Row] => [key, isPlainObject(item) ? item : { value: item }])
          : [[key, entry as Row]],
      );
      const rows = pairs.map(([, row]) => row);
      const keys = pairs.map(([key]) => key);
      return table(name, rows, 'key', keys).map((line) => indent + line);
    }
    return [`${indent}${name}:`, ...lines(value, `${indent}  `)];
  }
  return [`${indent}${name}: ${inline(value)}`];
}

const isEmptyList = ([, value]: [string, Value]): boolean => Array.isArray(value) && value.length === 0;

function lines(output: Row, indent: string): string[] {
  const entries = Object.entries(output);
  const shown = entries.every(isEmptyList) ? entries : entries.filter((entry) => !isEmptyList(entry));
  return shown.flatMap(([name, value]) => field(name, value, indent));
}

/** The text block of a successful result. */
export function renderResult(output: Record<string, unknown>): string {
  return lines(output, '').join('\n');
}
