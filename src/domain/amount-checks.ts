/**
 * The one check of an amount an agent gives, in currency units, before anything is read or asked.
 * YNAB counts in milliunits, so an amount under half of 0.001 either way is stored as 0: a typo
 * (1e-9 for 1) would otherwise be previewed as 0.00 and written as nothing. Where 0 itself means
 * nothing (a transaction, a transfer, a move, a split line), the tool names why and 0 is refused
 * too; where it means something (assign nothing, a balance of 0, a schedule kept as a reminder), it
 * is taken. Pure.
 */
import { AppError } from './errors.js';
import { toMilli } from './money.js';

/** True for an amount that is not 0 but that YNAB would hold as 0 milliunits. */
export const roundsToZero = (units: number): boolean => units !== 0 && toMilli(units) === 0;

/**
 * The amount `name` (a parameter path such as `transactions[2].amount`) in milliunits. Refuses one
 * that rounds to 0; refuses 0 itself when `zero` says why it means nothing there.
 */
export function checkAmount(units: number, name: string, zero?: string): number {
  const milli = toMilli(units);
  if (milli !== 0) return milli;
  if (units !== 0) {
    const orZero = zero === undefined ? ', or 0' : '';
    throw new AppError(
      `${name} ${String(units)} rounds to 0: YNAB keeps amounts to 3 decimals, 0.001 the smallest. Give the amount meant${orZero}.`,
    );
  }
  if (zero !== undefined) throw new AppError(`${name} is 0: ${zero}`);
  return 0;
}

/** The same for an optional amount: absent (null or undefined) passes. */
export function checkOptionalAmount(units: number | null | undefined, name: string, zero?: string): void {
  if (units !== null && units !== undefined) checkAmount(units, name, zero);
}
