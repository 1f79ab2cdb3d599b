/**
 * A statement file of any of the four formats, told apart by its content (never by a name the user
 * gave): OFX/QFX by its `<OFX>` element, CAMT.053 by its `BkToCstmrStmt`, QIF by its `!Type:` header
 * or `^` record ends, and CSV otherwise.
 */
import { readCamt } from './camt.js';
import { readCsv } from './csv.js';
import type { DayOrder } from './date-text.js';
import { readOfx } from './ofx.js';
import { readQif } from './qif.js';
import { StatementError, type Statement, type StatementFormat } from './statement.js';

export function formatOf(text: string): StatementFormat {
  const head = text.slice(0, 4096);
  if (/OFXHEADER|<OFX>|<\?OFX/iu.test(head)) return 'ofx';
  if (/BkToCstmrStmt/u.test(head)) return 'camt';
  if (/^\uFEFF?!(?:Type|Account|Option)/imu.test(head) || /^\^\s*$/mu.test(head)) return 'qif';
  return 'csv';
}

/** Reads a statement; `hint` orders day and month where the dates do not (the plan's date format). */
export function readStatement(text: string, hint: DayOrder | null): Statement {
  if (text.trim() === '') throw new StatementError('The statement is empty: nothing was compared.');
  const format = formatOf(text);
  if (format === 'ofx') return readOfx(text);
  if (format === 'camt') return readCamt(text);
  if (format === 'qif') return readQif(text, hint);
  return readCsv(text, hint);
}
