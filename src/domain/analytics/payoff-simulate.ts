/**
 * The month-by-month simulation of `get_debt_payoff_plan`, pure: interest to the cent, minimums in
 * account order, the rest of the budget to the strategy's first debt.
 */
import { roundHalfEven, toUnits } from '../money.js';
import { addMonths } from '../plan-facts.js';
import { compareCodePoints } from '../text.js';

export type Strategy = 'avalanche' | 'snowball';

/** A debt as the simulation sees it; amounts in milliunits, the rate in percent a year. */
export interface SimDebt {
  name: string;
  owed: number;
  rate: number;
  minimum: number;
}

export interface PlanDebtRow {
  name: string;
  payoff_month: string | null;
  /** Monthly payments until paid off, the last one included. */
  payments: number | null;
  /** The last payment, smaller than the others as a rule: what was left, with its interest. */
  final_payment: number | null;
  interest: number;
  paid: number;
}

export interface SimulatedPlan {
  strategy: Strategy;
  debts: PlanDebtRow[];
  /** Each debt's payments (as in `debts`), in the order the debts were given: for their own rows. */
  paymentsInOrder: (number | null)[];
  /** When nothing is owed any more: months from now and the month (`YYYY-MM`); null if not within the plan. */
  debtFree: { months: number; month: string } | null;
  /** The payments do not cover the interest: the total owed did not go down in the first month. */
  never: boolean;
  interestMilli: number;
  paidMilli: number;
}

/** A month's interest on `balance` milliunits at `rate` percent a year, to the cent (half to even). */
export const monthInterest = (balance: number, rate: number): number =>
  roundHalfEven((balance * rate) / 100 / 12, -1);

/** The debts in the strategy's order, on the initial balances (a stable sort; ties by name). */
export function priorityOrder<T extends SimDebt>(debts: readonly T[], strategy: Strategy): T[] {
  const byRate = (a: SimDebt, b: SimDebt): number => b.rate - a.rate;
  const byOwed = (a: SimDebt, b: SimDebt): number => a.owed - b.owed;
  const [first, second] = strategy === 'avalanche' ? [byRate, byOwed] : [byOwed, byRate];
  return [...debts].sort((a, b) => first(a, b) || second(a, b) || compareCodePoints(a.name, b.name));
}

/** One debt along the plan; amounts in milliunits. */
interface Track extends SimDebt {
  balance: number;
  interest: number;
  paid: number;
  payoff: number | null;
  /** Paid in the payoff month. */
  final: number | null;
  rank: number;
}

/** Pays `want` (capped by the balance and what is left) into a debt; returns what is left. */
function pay(d: Track, want: number, left: number): number {
  const amount = Math.min(d.balance, left, want);
  d.balance -= amount;
  d.paid += amount;
  return left - amount;
}

/** One month: interest on every balance, minimums in account order, the rest in priority order. */
function runMonth(tracks: readonly Track[], order: readonly Track[], budget: number, month: number): void {
  for (const d of tracks) {
    const charged = monthInterest(d.balance, d.rate);
    d.balance += charged;
    d.interest += charged;
  }
  const before = tracks.map((d) => d.paid);
  let left = budget;
  for (const d of tracks) left = pay(d, d.minimum, left);
  for (const d of order) left = pay(d, budget, left);
  tracks.forEach((d, i) => {
    if (d.balance !== 0 || d.payoff !== null) return;
    d.payoff = month;
    d.final = d.paid - (before[i] ?? 0);
  });
}

const owedOf = (tracks: readonly Track[]): number => tracks.reduce((s, d) => s + d.balance, 0);

/** Earlier payoff first, a debt never paid off last, then the strategy's order. */
function byPayoff(a: Track, b: Track): number {
  if (a.payoff === b.payoff) return a.rank - b.rank;
  if (a.payoff === null) return 1;
  if (b.payoff === null) return -1;
  return a.payoff - b.payoff;
}

/** Simulates one strategy from next month on (month 1 = the month after today's). */
export function simulate(
  debts: readonly SimDebt[],
  budget: number,
  strategy: Strategy,
  maxMonths: number,
  today: string,
): SimulatedPlan {
  const tracks: Track[] = debts.map((d) => ({
    ...d,
    balance: d.owed,
    interest: 0,
    paid: 0,
    payoff: null,
    final: null,
    rank: 0,
  }));
  const order = priorityOrder(tracks, strategy);
  order.forEach((d, k) => (d.rank = k));
  const start = owedOf(tracks);
  let month = 0;
  let never = false;
  while (month < maxMonths && !never && owedOf(tracks) > 0) {
    month += 1;
    runMonth(tracks, order, budget, month);
    never = month === 1 && owedOf(tracks) >= start;
  }
  const payoffMonth = (m: number | null): string | null => (m === null ? null : addMonths(today, m));
  return {
    strategy,
    debts: [...tracks].sort(byPayoff).map((d) => ({
      name: d.name,
      payoff_month: payoffMonth(d.payoff),
      payments: d.payoff,
      final_payment: d.final === null ? null : toUnits(d.final),
      interest: toUnits(d.interest),
      paid: toUnits(d.paid),
    })),
    paymentsInOrder: tracks.map((d) => d.payoff),
    debtFree: owedOf(tracks) === 0 ? { months: month, month: addMonths(today, month) } : null,
    never,
    interestMilli: tracks.reduce((s, d) => s + d.interest, 0),
    paidMilli: tracks.reduce((s, d) => s + d.paid, 0),
  };
}
