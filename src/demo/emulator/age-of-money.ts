/**
 * YNAB's Age of Money as the stand-in computes it: on-budget accounts only, transfers between them
 * ignored; money in queued oldest first; each payment consumes the oldest money left and its age is the
 * amount-weighted days since that money came in; a month's figure is the mean age of the last 10 aged
 * payments up to its end, rounded (half to even); null with fewer than 10.
 */
import { roundHalfEven } from '../../domain/money.js';
import type { AccountRow, TransactionRow } from '../plan-data.js';

const DAY_MS = 86_400_000;
const WINDOW = 10;

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

interface Lot {
  day: number;
  left: number;
}

interface AgedPayment {
  date: string;
  age: number;
}

/** The payments that consumed some money, in date order, each with its age in days. */
export function agedPayments(accounts: AccountRow[], transactions: TransactionRow[]): AgedPayment[] {
  const onBudget = new Set(accounts.filter((a) => a.on_budget && !a.deleted).map((a) => a.id));
  const moves = transactions
    .filter(
      (t) =>
        !t.deleted &&
        t.amount !== 0 &&
        onBudget.has(t.account_id) &&
        !(t.transfer_account_id !== null && onBudget.has(t.transfer_account_id)),
    )
    .map((t, index) => ({ date: t.date, amount: t.amount, index }))
    .sort((a, b) =>
      a.date !== b.date
        ? a.date < b.date
          ? -1
          : 1
        : Number(b.amount > 0) - Number(a.amount > 0) || a.index - b.index,
    );
  const queue: Lot[] = [];
  let head = 0;
  const aged: AgedPayment[] = [];
  for (const move of moves) {
    const day = dayNumber(move.date);
    if (move.amount > 0) {
      queue.push({ day, left: move.amount });
      continue;
    }
    let need = -move.amount;
    let consumed = 0;
    let weighted = 0;
    while (need > 0 && head < queue.length) {
      const lot = queue[head];
      if (lot === undefined) break;
      const take = Math.min(need, lot.left);
      lot.left -= take;
      need -= take;
      consumed += take;
      weighted += take * (day - lot.day);
      if (lot.left === 0) head += 1;
    }
    if (consumed > 0) aged.push({ date: move.date, age: weighted / consumed });
  }
  return aged;
}

/** How many aged payments are dated on or before `end` (binary search: they are in date order). */
function countUpTo(aged: AgedPayment[], end: string): number {
  let lo = 0;
  let hi = aged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((aged[mid]?.date ?? '') <= end) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Age of Money per month (`YYYY-MM-01` → days or null) for the given months. */
export function ageOfMoneyByMonth(
  months: readonly string[],
  accounts: AccountRow[],
  transactions: TransactionRow[],
): Map<string, number | null> {
  const aged = agedPayments(accounts, transactions);
  const result = new Map<string, number | null>();
  for (const month of months) {
    const end = `${month.slice(0, 7)}-99`; // after every day of the month
    const count = countUpTo(aged, end);
    if (count < WINDOW) {
      result.set(month, null);
      continue;
    }
    const last = aged.slice(count - WINDOW, count);
    const mean = last.reduce((s, p) => s + p.age, 0) / WINDOW;
    result.set(month, roundHalfEven(mean));
  }
  return result;
}
