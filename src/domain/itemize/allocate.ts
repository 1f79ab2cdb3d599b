/**
 * Spreading a charge over the lines of a receipt or an order: what the card paid (tax, discounts,
 * tip and fees included) shared in proportion to each line's price, each share rounded to the
 * plan's currency decimals, and what rounding leaves over put on the largest line, so that the
 * shares add up to the charge exactly. Pure, in milliunits.
 */
import { AppError } from '../errors.js';

/** The smallest amount of a currency with `digits` decimals, in milliunits (1 in dinars, 1000 in yen). */
export const stepOf = (digits: number): number => 10 ** (3 - Math.min(Math.max(Math.trunc(digits), 0), 3));

/** `x` rounded to a multiple of `step`, half away from zero (shares are positive in practice). */
const toStep = (x: number, step: number): number => Math.sign(x) * Math.round(Math.abs(x) / step) * step;

/**
 * The share of `charge` each line gets, in milliunits, in the lines' order: `charge × line / Σ lines`
 * rounded to the currency's step, the remainder on the largest line (the first of equals). The lines
 * are prices (positive); the shares take the sign of the charge. `charge` is a multiple of the step
 * (YNAB holds amounts in the plan's currency).
 */
export function allocate(lines: readonly number[], charge: number, digits: number): number[] {
  if (lines.length === 0) throw new AppError('Give at least one line with its price.');
  if (lines.some((l) => !(l > 0))) throw new AppError('Every line needs a price above 0.');
  const step = stepOf(digits);
  const total = lines.reduce((s, l) => s + l, 0);
  const shares = lines.map((l) => toStep((charge * l) / total, step));
  const largest = lines.reduce((best, l, i) => (l > lines[best]! ? i : best), 0);
  shares[largest]! += charge - shares.reduce((s, x) => s + x, 0);
  return shares;
}
