/**
 * How alike a bank label and a YNAB payee are, from 0 to 1: both normalised to their merchant (the
 * key the payee tools already use, card numbers and dates gone), then compared by their pairs of
 * letters (Dice's coefficient), one containing the other counting as alike.
 */
import { merchant } from '../payees/merchant.js';

function pairs(text: string): Map<string, number> {
  const found = new Map<string, number>();
  const t = text.replace(/\s+/gu, ' ');
  for (let i = 0; i < t.length - 1; i += 1) {
    const pair = t.slice(i, i + 2);
    found.set(pair, (found.get(pair) ?? 0) + 1);
  }
  return found;
}

export function similarity(label: string | null | undefined, payee: string | null | undefined): number {
  const a = merchant(label);
  const b = merchant(payee);
  if (a === '' || b === '') return 0;
  if (a === b || a.includes(b) || b.includes(a)) return 1;
  const pa = pairs(a);
  const pb = pairs(b);
  let shared = 0;
  for (const [pair, n] of pa) shared += Math.min(n, pb.get(pair) ?? 0);
  const total = [...pa.values(), ...pb.values()].reduce((s, n) => s + n, 0);
  return total === 0 ? 0 : (2 * shared) / total;
}
