import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatText, fmtMoney, roundHalfEven, toMilli, toUnits } from '../../src/domain/money.js';

describe('roundHalfEven (on the exact binary value, ties to even)', () => {
  it.each([
    [0.5, 0, 0],
    [1.5, 0, 2],
    [2.5, 0, 2],
    [-2.5, 0, -2],
    [-0.5, 0, 0],
    [0.125, 2, 0.12],
    [0.375, 2, 0.38],
    [2.675, 2, 2.67],
    [83475, -1, 83480],
    [83465, -1, 83460],
    [1234.5678, 2, 1234.57],
    [-1234.5678, 2, -1234.57],
    [7, -2, 0],
    [Number.NaN, 0, Number.NaN],
  ])('round(%s, %s) = %s', (x, n, want) => {
    expect(roundHalfEven(x, n)).toBe(want);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfEven(-0.4), 0)).toBe(true);
  });
});

describe('amounts (milliunit conversion and two-decimal texts)', () => {
  it.each([
    [111.32, 111320],
    [-12.34, -12340],
    [0.0005, 0],
    [0.0015, 2],
    [1e9, 1e12],
  ])('toMilli(%s) = %s', (units, milli) => {
    expect(toMilli(units)).toBe(milli);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses %s', (x) => {
    expect(() => toMilli(x)).toThrow(`An amount must be a finite number, got ${x}.`);
  });

  it.each([
    [125, '0.12'],
    [135, '0.14'],
    [375, '0.38'],
    [-125, '-0.12'],
    [-4, '0.00'],
    [3328500, '3328.50'],
    [-1206680, '-1206.68'],
    [0, '0.00'],
  ])('fmtMoney(%s) = %s', (m, text) => {
    expect(fmtMoney(m, 2)).toBe(text);
  });

  it.each([
    [3, '3.0'],
    [12.5, '12.5'],
    [100, '100.0'],
    [0, '0.0'],
  ])('floatText(%s) = %s', (x, text) => {
    expect(floatText(x)).toBe(text);
  });

  it('milliunits → units → milliunits round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (m) => {
        expect(toMilli(toUnits(m))).toBe(m);
      }),
    );
  });

  it('an amount converts within half a milliunit', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        expect(Math.abs(toMilli(x) - x * 1000)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});
