/**
 * Which way a reconciliation gap points, and which explanations move YNAB toward the bank. A gap has a
 * sign: when YNAB counts more than the bank, only a change that lowers YNAB's cleared balance can close
 * it (clearing an uncleared charge, deleting a duplicated inflow); offering the opposite (deleting a
 * duplicated charge) would double the gap. Pure; amounts in milliunits.
 */
import { type MoneyText } from '../money.js';
import type { YnabTransaction } from '../model.js';

/** Which side shows more money: YNAB's cleared balance, the bank, or neither. */
export type HigherSide = 'ynab' | 'bank' | 'equal';

/** `difference` is bank − cleared. */
export const higherSide = (difference: number): HigherSide =>
  difference < 0 ? 'ynab' : difference > 0 ? 'bank' : 'equal';

/** The gap in words, e.g. `YNAB shows 71.86 more than the bank.` */
export function gapInWords(difference: number, money: MoneyText): string {
  const size = money(Math.abs(difference));
  if (difference < 0) return `YNAB shows ${size} more than the bank.`;
  if (difference > 0) return `The bank shows ${size} more than YNAB.`;
  return 'YNAB and the bank agree.';
}

/**
 * True when deleting one copy of a duplicated `amount` moves YNAB's cleared balance toward the bank:
 * deleting it changes the cleared balance by −amount, which must have the sign of bank − cleared (so a
 * zero line never counts, and nothing counts when the balances agree: the sign of 0 matches no other).
 */
export const deletingMovesToward = (amount: number, difference: number): boolean =>
  amount !== 0 && Math.sign(-amount) === Math.sign(difference);

/**
 * Keeps the duplicate pairs worth checking: at least one copy counts in the cleared balance (deleting an
 * uncleared copy changes nothing the bank compares), and deleting it moves YNAB toward the bank.
 */
export function towardBank(
  pairs: readonly [string, string][],
  live: readonly YnabTransaction[],
  difference: number,
  isCleared: (t: YnabTransaction) => boolean,
): [string, string][] {
  const byId = new Map(live.map((t) => [t.id, t]));
  return pairs.filter(([a, b]) => {
    const first = byId.get(a);
    const second = byId.get(b);
    if (first === undefined || second === undefined) return false;
    const counted = isCleared(first) || isCleared(second);
    return counted && deletingMovesToward(first.amount, difference);
  });
}

/** What the agent needs to know about `explained_by`, above all why it is empty when it is. */
export function explainedByNote(
  difference: number,
  explainedBy: readonly string[],
  duplicates: readonly [string, string][],
  duplicateAmounts: readonly number[],
  money: MoneyText,
): string {
  if (difference === 0) return 'Nothing to explain: the balances match.';
  const target = money(difference);
  if (explainedBy.length > 0)
    return `Clearing one of these uncleared transactions (amount ${target}) would close the gap, if the bank has already taken it.`;
  const exact = duplicateAmounts.some((amount) => -amount === difference);
  const head = `Empty: no uncleared transaction has exactly the amount ${target} that clearing would need.`;
  if (exact) return `${head} Deleting one copy of a pair in possible_duplicates would close the gap exactly.`;
  if (duplicates.length > 0)
    return `${head} Deleting one copy of a pair in possible_duplicates would narrow the gap, not close it.`;
  return difference < 0
    ? `${head} Look for an inflow YNAB has that the bank does not, or a charge the bank took that YNAB lacks.`
    : `${head} Look for a charge YNAB has that the bank does not, or income or a refund the bank received that YNAB lacks.`;
}
