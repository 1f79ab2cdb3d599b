/**
 * Planning `flag_transactions` and the undo of a `flag` operation: the checks, the change records, the
 * subject and the question. Pure.
 */
import { AppError } from '../errors.js';
import { type MoneyText, toMilli, toUnits } from '../money.js';
import type { YnabTransaction } from '../model.js';
import { clean, compareCodePoints } from '../text.js';

export const FLAG_COLORS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type FlagColor = (typeof FLAG_COLORS)[number];

export interface FlagRequest {
  transaction_id: string;
  color: FlagColor | null;
}

export interface FlagChange {
  transaction_id: string;
  date: string;
  payee: string;
  amount: number;
  from_color: FlagColor | null;
  to_color: FlagColor | null;
}

/** One journaled flag change: colours or null. */
export interface FlagMove {
  transaction_id: string;
  from: FlagColor | null;
  to: FlagColor | null;
}

const isColor = (value: unknown): value is FlagColor => (FLAG_COLORS as readonly unknown[]).includes(value);

/** A transaction's flag: one of the six colours, else none (null, empty or any other value). */
export const currentFlag = (tx: Pick<YnabTransaction, 'flag_color'>): FlagColor | null =>
  isColor(tx.flag_color) ? tx.flag_color : null;

/** The checks that need no YNAB data: at least one flag, each transaction once. */
export function checkFlagRequests(flags: readonly FlagRequest[]): void {
  if (flags.length === 0) throw new AppError('Give at least one flag.');
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const f of flags) {
    if (seen.has(f.transaction_id)) twice.add(f.transaction_id);
    seen.add(f.transaction_id);
  }
  if (twice.size > 0) {
    const ids = [...twice].sort(compareCodePoints).join(', ');
    throw new AppError(`Transaction ${ids} is named twice: give one flag each.`);
  }
}

/** The flags that change something (in the order given), and how many would not. */
export function planFlags(
  flags: readonly FlagRequest[],
  transactions: readonly YnabTransaction[],
): { changes: FlagChange[]; unchanged: number } {
  const byId = new Map(transactions.filter((t) => !t.deleted).map((t) => [t.id, t]));
  const unknown = flags.filter((f) => !byId.has(f.transaction_id)).map((f) => f.transaction_id);
  if (unknown.length > 0) {
    throw new AppError(
      `Transaction ${unknown.join(', ')} is not in this plan: use a transaction_id from find_transactions.`,
    );
  }
  const changes: FlagChange[] = [];
  for (const f of flags) {
    const tx = byId.get(f.transaction_id) as YnabTransaction;
    const from = currentFlag(tx);
    if (from === f.color) continue;
    changes.push({
      transaction_id: tx.id,
      date: tx.date,
      payee: clean(tx.payee_name),
      amount: toUnits(tx.amount),
      from_color: from,
      to_color: f.color,
    });
  }
  return { changes, unchanged: flags.length - changes.length };
}

/** The subject: the planned flags, in order, inside an object. */
export const flagSubject = (changes: readonly FlagChange[]): { flags: [string, FlagColor | null][] } => ({
  flags: changes.map((c) => [c.transaction_id, c.to_color]),
});

/** `Change the flag of {n} transaction(s)?` then every change on its own line. */
export function flagQuestion(changes: readonly FlagChange[], money: MoneyText): string {
  return [
    `Change the flag of ${changes.length} transaction(s)?`,
    ...changes.map(
      (c) =>
        `- ${money.date(c.date)} ${c.payee} ${money(toMilli(c.amount))}: ${c.from_color ?? 'none'} → ${c.to_color ?? 'none'}`,
    ),
  ].join('\n');
}

/** The journal's `changes`. */
export const flagMovesOf = (changes: readonly FlagChange[]): FlagMove[] =>
  changes.map((c) => ({ transaction_id: c.transaction_id, from: c.from_color, to: c.to_color }));

/**
 * Undo of a `flag` operation: a change goes back when its transaction still exists and still carries
 * the colour the operation gave it; the others are conflicts, left alone.
 */
export function planFlagUndo(
  moves: readonly FlagMove[],
  transactions: readonly YnabTransaction[],
): { back: FlagMove[]; conflicts: string[] } {
  const byId = new Map(transactions.filter((t) => !t.deleted).map((t) => [t.id, t]));
  const back: FlagMove[] = [];
  const conflicts: string[] = [];
  for (const m of moves) {
    const tx = byId.get(m.transaction_id);
    if (tx !== undefined && currentFlag(tx) === m.to) back.push(m);
    else conflicts.push(m.transaction_id);
  }
  return { back, conflicts };
}
