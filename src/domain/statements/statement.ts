/**
 * A bank statement as the comparison reads it, whatever file it came from: its lines (date, signed
 * amount in milliunits, the bank's label) and the balances it states. Every parser (csv, ofx, qif,
 * camt) ends here, so that the comparison never knows the format.
 */
import { AppError } from '../errors.js';

export type StatementFormat = 'csv' | 'ofx' | 'qif' | 'camt';

export interface StatementLine {
  /** Where the line is in the file, for messages: `line 14` (csv, qif) or `entry 3` (ofx, camt). */
  where: string;
  /** ISO date the bank booked it. */
  date: string;
  /** Milliunits, money out negative, as YNAB signs amounts. */
  amount: number;
  /** The bank's text for the counterparty or the operation, as written. */
  label: string;
  /** A second text the bank gives (a reference, a remittance line), or null. */
  memo: string | null;
  /** The bank's own id for the line (OFX FITID, CAMT reference), or null. */
  ref: string | null;
}

/** A balance the statement states: the amount held at the end of `date`. */
export interface StatedBalance {
  date: string;
  amount: number;
}

export interface Statement {
  format: StatementFormat;
  lines: StatementLine[];
  /** The balance before the first line, when the statement says it (or its running balance shows it). */
  opening: StatedBalance | null;
  /** The balance after the last line, when the statement says it. */
  closing: StatedBalance | null;
  /** The dates the statement says it covers, when it says so; else those of its first and last lines. */
  period: { from: string; to: string } | null;
}

/** A statement the parser cannot read: says where and why, and what to do about it. */
export class StatementError extends AppError {}

/** Dates that read either way (`03/04/2026`) with no order given: the plan's date format may tell. */
export class AmbiguousDates extends StatementError {}

export const ambiguousDates = (format: string): AmbiguousDates =>
  new AmbiguousDates(
    `The statement cannot be read as ${format}: its dates can be read day first or month first, no day above 12 tells which, and the plan’s date format does not either. Nothing was compared: export the statement with dates written year first.`,
  );

export const unreadable = (format: string, where: string, why: string): StatementError =>
  new StatementError(
    `The statement cannot be read as ${format}: ${where}: ${why}. Nothing was compared: fix that line, or export the statement again from the bank.`,
  );

/**
 * A line's label and memo from the two texts a bank gives: the counterparty's name, else the memo;
 * the memo kept apart only beside a name, so that no text shows twice.
 */
export const labelled = (name: string, memo: string): Pick<StatementLine, 'label' | 'memo'> => ({
  label: name || memo,
  memo: name !== '' && memo !== '' ? memo : null,
});

/** The period of a statement's lines: from the first date to the last. */
export function linesPeriod(lines: readonly StatementLine[]): { from: string; to: string } | null {
  if (lines.length === 0) return null;
  let from = lines[0]!.date;
  let to = from;
  for (const l of lines) {
    if (l.date < from) from = l.date;
    if (l.date > to) to = l.date;
  }
  return { from, to };
}
