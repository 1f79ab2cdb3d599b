/**
 * The small helpers every tool leans on: calendar dates, local dates, month counts, rounding to the
 * cent, totals in units, secrets, error names, write outcomes and one-line texts, quoting.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../src/domain/dates.js';
import { AppError, ClientError } from '../../src/domain/errors.js';
import { roundHalfEven } from '../../src/domain/money.js';
import { addMonths, monthsSince } from '../../src/domain/plan-facts.js';
import { Secret } from '../../src/domain/secret.js';
import { sumFields } from '../../src/domain/sum-fields.js';
import { quote } from '../../src/domain/text.js';
import {
  PacingRefusal,
  UnknownOutcome,
  isUnknownOutcome,
  oneLine,
  reasonOf,
} from '../../src/domain/write-outcome.js';

describe('isIsoDate', () => {
  it.each([
    ['2026-09-25', true],
    ['2024-02-29', true],
    ['0001-01-01', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-9-1', false],
    ['2026-09-25T10:00', false],
    [' 2026-09-25', false],
    ['', false],
    ['tomorrow', false],
  ])('%j → %s', (text, want) => {
    expect(isIsoDate(text)).toBe(want);
  });
});

describe('dates and months', () => {
  it.each([
    ['2026-01', '2026-09-25', 9],
    ['2026-09', '2026-09-25', 1],
    ['2025-11', '2026-02-01', 4],
    ['2026-10', '2026-09-25', 0],
    ['2024-09', '2026-09-25', 25],
  ])('monthsSince(%s, %s) = %i', (since, today, want) => {
    expect(monthsSince(since, today)).toBe(want);
  });

  it('adds months across years, with two-digit months', () => {
    expect([addMonths('2026-09', -5), addMonths('2026-01-31', -1), addMonths('2026-12', 1)]).toEqual([
      '2026-04',
      '2025-12',
      '2027-01',
    ]);
  });
});

describe('roundHalfEven to tens and beyond', () => {
  it.each([
    [7, -1, 10],
    [5, -1, 0],
    [15, -1, 20],
    [-7, -1, -10],
    [4, -1, 0],
    [-0, 0, 0],
    [-0.4, 0, 0],
  ])('roundHalfEven(%d, %d) = %d', (x, digits, want) => {
    expect(Object.is(roundHalfEven(x, digits), want)).toBe(true);
  });
});

describe('sumFields', () => {
  it('adds each field in whole milliunits, without floating-point residue', () => {
    const rows = [
      { a: 0.1, b: 1 },
      { a: 0.2, b: -3.5 },
    ];
    expect(sumFields(rows, ['a', 'b'])).toEqual({ a: 0.3, b: -2.5 });
    expect(sumFields([], ['a'])).toEqual({ a: 0 });
  });
});

describe('Secret', () => {
  it('shows a mask wherever it is printed, and the value only when revealed', () => {
    const s = new Secret('tok-123');
    expect([String(s), JSON.stringify({ s }), inspect(s)]).toEqual([
      '**********',
      '{"s":"**********"}',
      '**********',
    ]);
    expect(s.reveal()).toBe('tok-123');
  });
});

describe('errors and write outcomes', () => {
  it('name their kind in their text', () => {
    expect(String(new AppError('bad input'))).toBe('AppError: bad input');
    expect(String(new ClientError('YNAB 500', 500))).toBe('ClientError: YNAB 500');
    expect(new ClientError('YNAB 500', 500).status).toBe(500);
  });

  it('tell an unknown outcome from a pacing refusal', () => {
    expect(isUnknownOutcome(new UnknownOutcome('lost'))).toBe(true);
    expect(isUnknownOutcome(new PacingRefusal('paced'))).toBe(false);
    expect(isUnknownOutcome(new ClientError('refused', 400))).toBe(false);
  });

  it.each([
    [new Error('Timed out.'), 'Timed out'],
    ['a.b.', 'a.b'],
    ['no period', 'no period'],
  ])('reasonOf(%s)', (error, want) => {
    expect(reasonOf(error)).toBe(want);
  });

  it('makes one line of at most 300 characters', () => {
    expect(oneLine('  <html>\n\t<b>Bad</b>   gateway </html>\n')).toBe('<html> <b>Bad</b> gateway </html>');
    expect(oneLine('x'.repeat(300))).toBe('x'.repeat(300));
    expect(oneLine('y'.repeat(301))).toBe(`${'y'.repeat(299)}…`);
    expect(oneLine('abcdef', 4)).toBe('abc…');
  });
});

describe('quote', () => {
  it('escapes format characters below U+1000 on four digits, and a noncharacter U+FFFF as \\u', () => {
    expect(quote('a\u061cb')).toBe("'a\\u061cb'");
    expect(quote('z\uffff')).toBe("'z\\uffff'");
  });
});
