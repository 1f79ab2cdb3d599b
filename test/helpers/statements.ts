/**
 * The statement fixtures (test/fixtures/statements/, written by scripts/statement-fixtures.mjs) and
 * statements made in memory, for the tests of the statement reader and of the tools that compare a
 * statement with YNAB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MONTH } from '../../scripts/statement-fixtures.mjs';

export const STATEMENT_FOLDER = join(import.meta.dirname, '../fixtures/statements');

/** The demo checking account's month in each format, by file name: CSV, OFX 1.x, QFX, QIF, CAMT.053. */
export const STATEMENT_FILES = ['csv', 'ofx', 'qfx', 'qif', 'camt.xml'].map(
  (ext) => `checking-${MONTH}.${ext}`,
);

/** The text of a statement fixture. */
export const statementText = (name: string): string => readFileSync(join(STATEMENT_FOLDER, name), 'utf8');

/**
 * A French CSV statement of `count` card payments in August 2026 (`Date;Libellé;Montant;Solde`, CRLF),
 * made in memory, and what it holds: the sum of its amounts and its last running balance, in
 * milliunits. Line i is `CB MARKET FRESH <i>`, paying (i mod 5000) + 1 cents.
 */
export function longCsv(count: number): { text: string; total: number; closing: number } {
  const rows = ['Date;Libellé;Montant;Solde'];
  let cents = 0;
  const perDay = Math.ceil(count / 28);
  for (let i = 0; i < count; i += 1) {
    const paid = -(i % 5000) - 1;
    cents += paid;
    const day = String(1 + Math.floor(i / perDay)).padStart(2, '0');
    const amount = (paid / 100).toFixed(2).replace('.', ',');
    rows.push(`${day}/08/2026;CB MARKET FRESH ${i};${amount};${(cents / 100).toFixed(2).replace('.', ',')}`);
  }
  return { text: rows.join('\r\n'), total: cents * 10, closing: cents * 10 };
}
