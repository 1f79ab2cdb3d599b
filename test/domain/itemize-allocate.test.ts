/**
 * Spreading a charge over a receipt's lines: a property over 0-, 2- and 3-decimal currencies (the
 * shares add up to the charge exactly, each a whole number of the currency's smallest unit, each
 * within rounding of its exact proportional share, the sign of the charge), then worked examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, stepOf } from '../../src/domain/itemize/allocate.js';

describe('allocate', () => {
  it.each([0, 2, 3])('adds up to the charge exactly with %i decimals', (digits) => {
    const step = stepOf(digits);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: -100_000_000, max: 100_000_000 }).filter((c) => c !== 0),
        (prices, units) => {
          const lines = prices.map((p) => p * step);
          const charge = units * step;
          const shares = allocate(lines, charge, digits);
          expect(shares).toHaveLength(lines.length);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(charge);
          const total = lines.reduce((s, l) => s + l, 0);
          const largest = lines.indexOf(Math.max(...lines));
          shares.forEach((share, i) => {
            expect(Math.abs(share % step)).toBe(0);
            if (i !== largest)
              expect(Math.abs(share - (charge * lines[i]!) / total)).toBeLessThanOrEqual(step / 2 + 1e-6);
          });
          // what rounding leaves over is at most half a step a line, all of it on the largest line
          expect(Math.abs(shares[largest]! - (charge * lines[largest]!) / total)).toBeLessThanOrEqual(
            (step / 2) * lines.length + 1e-6,
          );
        },
      ),
      { seed: 20261206, numRuns: 300 },
    );
  });

  it('puts the remainder on the largest line, the first of equals', () => {
    // 10.00 over three equal lines: 3.33 each, the cent left over on the first
    expect(allocate([1000, 1000, 1000], -10_000, 2)).toEqual([-3340, -3330, -3330]);
    expect(allocate([500, 2000, 2000], 1000, 0)).toEqual([0, 1000, 0]);
    // halves round away from zero; the excess is taken back from the first of the largest
    expect(allocate([1, 1], -3, 3)).toEqual([-1, -2]);
  });

  it('refuses no lines and a line of nothing', () => {
    expect(() => allocate([], -1000, 2)).toThrow('Give at least one line with its price.');
    expect(() => allocate([1000, 0], -1000, 2)).toThrow('Every line needs a price above 0.');
  });

  it('steps: yen, euros, dinars, and decimals out of range held to 0 to 3', () => {
    expect([0, 2, 3, -1, 7].map(stepOf)).toEqual([1000, 10, 1, 1000, 1]);
  });
});
