/**
 * Whatever a bank writes in a label or an amount reads back as written, in every format: the
 * statement writers of the fixtures (scripts/statement-formats.mjs) write random months, and the
 * reader must give back each line's date, amount and label, and the closing balance the file states.
 * PROPERTY_RUNS sets the examples per format (default 150).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MonthLine, StatementMonth } from '../../scripts/statement-fixtures.mjs';
import { toCamt, toCsv, toOfx1, toQfx, toQif } from '../../scripts/statement-formats.mjs';
import type { DayOrder } from '../../src/domain/statements/date-text.js';
import { readStatement } from '../../src/domain/statements/read-statement.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

/** Characters that trouble one format or another: delimiters, quotes, markup, entities, accents, formulas. */
const HARD = [...'AZaz09 ;,"\'<>&|=+-@/\\.()[]#!?^$%*:€éÃ©ßü\u00a0\u202e'];
/** A label as a bank prints it: one line, no space at either end, none doubled. */
const label = fc
  .string({
    minLength: 1,
    maxLength: 32,
    unit: fc.oneof(fc.constantFrom(...HARD), fc.string({ minLength: 1, maxLength: 1 })),
  })
  .map((s) => s.replace(/\s+/gu, ' ').trim())
  .filter((s) => s !== '');
const line = fc.record({
  day: fc.integer({ min: 1, max: 31 }),
  cents: fc.integer({ min: -99_999_999, max: 99_999_999 }).filter((c) => c !== 0),
  label,
});

function monthOf(rows: { day: number; cents: number; label: string }[]): StatementMonth {
  const lines = rows
    .map((r, i): MonthLine => ({
      date: `2026-08-${String(r.day).padStart(2, '0')}`,
      amount: r.cents * 10,
      label: r.label,
      kind: r.cents < 0 ? 'card' : 'transfer',
      memo: null,
      ref: `R${i}`,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const opening = 1_000_000;
  const closing = opening + lines.reduce((s, l) => s + l.amount, 0);
  return { from: '2026-08-01', to: '2026-08-31', openingDate: '2026-07-31', opening, closing, lines };
}

/** Each writer, and the order of day and month its dates need when no day above 12 shows it. */
const WRITERS: [string, (m: StatementMonth) => string, DayOrder | null][] = [
  ['CSV', toCsv, 'dmy'],
  ['OFX 1.x', toOfx1, null],
  ['QFX', toQfx, null],
  ['QIF', toQif, 'mdy'],
  ['CAMT.053', toCamt, null],
];

describe.each(WRITERS)('a random month written as %s', (_name, write, order) => {
  it('reads back every line as written, and the closing balance', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (rows) => {
        const month = monthOf(rows);
        const read = readStatement(write(month), order);
        expect(read.lines.map((l) => [l.date, l.amount, l.label])).toEqual(
          month.lines.map((l) => [l.date, l.amount, l.label]),
        );
        if (read.closing !== null) expect(read.closing.amount).toBe(month.closing);
      }),
      { numRuns: RUNS },
    );
  });
});
