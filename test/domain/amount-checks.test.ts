/**
 * The shared amount check every amount-taking tool runs first: an amount YNAB would hold as 0
 * milliunits though it is not 0 is refused with the parameter's name, 0 itself only where the caller
 * says why it means nothing, and every other amount comes back in milliunits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount, checkOptionalAmount, roundsToZero } from '../../src/domain/amount-checks.js';
import { AppError } from '../../src/domain/errors.js';
import { toMilli } from '../../src/domain/money.js';

const ZERO = 'nothing moves.';

describe('roundsToZero', () => {
  it.each([
    [1e-9, true],
    [-1e-9, true],
    [0.0004, true],
    [-0.0004, true],
    // half a milliunit ties to the even neighbour, 0
    [0.0005, true],
    [0.0006, false],
    [0.001, false],
    [-0.001, false],
    [0, false],
    [-0, false],
    [12.5, false],
  ])('%s → %s', (units, want) => {
    expect(roundsToZero(units)).toBe(want);
  });

  it('holds exactly for the non-zero amounts whose milliunits are 0', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (units) => {
        expect(roundsToZero(units)).toBe(units !== 0 && toMilli(units) === 0);
      }),
    );
  });
});

describe('checkAmount', () => {
  it.each([
    [12.5, 12_500],
    [-0.001, -1],
    [0.0015, 2],
    [1e9, 1e12],
  ])('%s → %s milliunits, with or without a zero rule', (units, milli) => {
    expect(checkAmount(units, 'amount')).toBe(milli);
    expect(checkAmount(units, 'amount', ZERO)).toBe(milli);
  });

  it('takes 0 unless told why it means nothing', () => {
    expect(checkAmount(0, 'amount')).toBe(0);
    expect(checkAmount(-0, 'amount')).toBe(0);
    expect(() => checkAmount(0, 'lines[1].amount', ZERO)).toThrow(
      new AppError('lines[1].amount is 0: nothing moves.'),
    );
  });

  it.each([1e-9, -0.0004, 0.0005])('refuses %s, naming the parameter and the smallest amount', (units) => {
    expect(() => checkAmount(units, 'transactions[2].amount')).toThrow(
      new AppError(
        `transactions[2].amount ${String(units)} rounds to 0: YNAB keeps amounts to 3 decimals, 0.001 the smallest. Give the amount meant, or 0.`,
      ),
    );
    // where 0 is refused too, the text does not offer it
    expect(() => checkAmount(units, 'amount', ZERO)).toThrow(
      new AppError(
        `amount ${String(units)} rounds to 0: YNAB keeps amounts to 3 decimals, 0.001 the smallest. Give the amount meant.`,
      ),
    );
  });
});

describe('checkOptionalAmount', () => {
  it('passes an absent amount and checks a given one', () => {
    expect(() => checkOptionalAmount(null, 'monthly_budget')).not.toThrow();
    expect(() => checkOptionalAmount(undefined, 'amount', ZERO)).not.toThrow();
    expect(() => checkOptionalAmount(5, 'amount', ZERO)).not.toThrow();
    expect(() => checkOptionalAmount(0, 'amount', ZERO)).toThrow('amount is 0: nothing moves.');
    expect(() => checkOptionalAmount(1e-7, 'monthly_budget')).toThrow('monthly_budget 1e-7 rounds to 0');
  });
});
