/**
 * The sides of a transfer as create_transfer left them, so that its undo deletes a transfer only
 * while every field a user can change is still as created, on both sides. The memo is kept as a
 * digest (the journal keeps no memo it need not write back), which is enough to tell that it
 * changed. Pure.
 */
import type { YnabTransaction } from '../model.js';
import { linkedSide } from './delete-transactions.js';
import { currentFlag, type FlagColor } from './flags.js';

/** One side of a transfer: the fields a user can change, the memo as its digest. */
export interface SideState {
  transaction_id: string;
  account_id: string;
  date: string;
  amount: number;
  payee_id: string | null;
  category_id: string | null;
  memo_digest: string;
  cleared: string;
  approved: boolean;
  flag_color: FlagColor | null;
}

/** A 64-bit digest of a memo (two FNV-1a hashes), hex; no memo and an empty one are the same. */
export function memoDigest(memo: string | null | undefined): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const ch of String(memo || '')) {
    const c = ch.codePointAt(0) as number;
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export const sideState = (tx: YnabTransaction): SideState => ({
  transaction_id: tx.id,
  account_id: tx.account_id,
  date: tx.date,
  amount: tx.amount,
  payee_id: tx.payee_id ?? null,
  category_id: tx.category_id ?? null,
  memo_digest: memoDigest(tx.memo),
  cleared: tx.cleared,
  approved: tx.approved,
  flag_color: currentFlag(tx),
});

/** Each field compared, and how a message names it. */
const FIELDS: readonly (readonly [keyof SideState, string])[] = [
  ['date', 'date'],
  ['amount', 'amount'],
  ['account_id', 'account'],
  ['payee_id', 'payee'],
  ['category_id', 'category'],
  ['memo_digest', 'memo'],
  ['cleared', 'cleared status'],
  ['approved', 'approval'],
  ['flag_color', 'flag'],
];

/** The name of the first field of `now` that differs from `was`, or null when none does. */
export function changedField(was: SideState, now: YnabTransaction): string | null {
  const held = sideState(now);
  return FIELDS.find(([k]) => held[k] !== was[k])?.[1] ?? null;
}

/**
 * Both sides of a transfer, its sent side first and the other as `rows` hold it, or undefined when
 * they do not show both: undo then checks the side sent only, and says so.
 */
export function bothSides(
  sent: YnabTransaction | undefined,
  rows: readonly YnabTransaction[],
): [SideState, SideState] | undefined {
  const other = sent === undefined ? undefined : linkedSide(sent, rows);
  return sent === undefined || other === undefined ? undefined : [sideState(sent), sideState(other)];
}
