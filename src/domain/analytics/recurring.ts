/** Recurring charges and the recurring detection shared with the forecast, pure. */
import type { YnabScheduledTransaction, YnabTransaction } from '../model.js';
import { perSnapshot } from '../memo.js';
import { roundHalfEven, toUnits } from '../money.js';
import { merchant } from '../payees/merchant.js';
import { completeMonths, isUsable, ym } from '../plan-facts.js';
import { clean, compareCodePoints } from '../text.js';
import { inMonths } from '../transactions/by-month.js';

/** The recurring-charge window: the 4 complete months before today's month. */
export const LOOKBACK_MONTHS = 4;

/** A payee seen at about the same amount month after month (amounts in milliunits). */
export interface RecurringItem {
  /** The merchant key (`merchant(payee_name)`). */
  key: string;
  /** Money out (amount < 0); zero counts as money in. */
  outflow: boolean;
  /** The merchant key, cleaned. */
  payee: string;
  /** The median of the monthly totals, rounded to the milliunit. */
  amount: number;
  /** Integer part of the median day of month of its transactions. */
  day: number;
  months_seen: number;
  /**
   * A fixed charge (a subscription, a membership): charged once in each month seen, each time within
   * 5 % of the median. Otherwise spending that recurs at varying amounts (groceries, fuel), which a
   * person can change: the forecast lists the two apart.
   */
  fixed: boolean;
}

/** A fixed charge's monthly totals stay within this share of their median. */
const FIXED_TOLERANCE = 0.05;

/** Median; of an even count, the mean of the two middle values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

interface Group {
  key: string;
  outflow: boolean;
  perMonth: Map<string, number>;
  days: number[];
}

/**
 * The recurring detection: over the usable transactions of `months` with a merchant key, groups by (key, direction)
 * seen in at least `minMonths` months (3), each monthly total within 20 % of their median; in (key, direction) order.
 */
export function detectRecurring(
  transactions: readonly YnabTransaction[],
  months: readonly string[],
  minMonths = 3,
): RecurringItem[] {
  const window = new Set(months);
  const groups = new Map<string, Group>();
  for (const t of transactions) {
    if (!isUsable(t) || !window.has(ym(t.date))) continue;
    const key = merchant(t.payee_name);
    if (key === '') continue;
    const outflow = t.amount < 0;
    const id = `${outflow ? 1 : 0}${key}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { key, outflow, perMonth: new Map(), days: [] }));
    g.perMonth.set(ym(t.date), (g.perMonth.get(ym(t.date)) ?? 0) + t.amount);
    g.days.push(Number(t.date.slice(8, 10)));
  }
  const items: RecurringItem[] = [];
  for (const g of groups.values()) {
    if (g.perMonth.size < minMonths) continue;
    const totals = [...g.perMonth.values()];
    const mid = median(totals);
    const tolerance = Math.abs(mid) * 0.2;
    if (!totals.every((x) => Math.abs(x - mid) <= tolerance)) continue;
    const steady = Math.abs(mid) * FIXED_TOLERANCE;
    items.push({
      key: g.key,
      outflow: g.outflow,
      payee: clean(g.key),
      amount: roundHalfEven(mid),
      day: Math.trunc(median(g.days)),
      months_seen: g.perMonth.size,
      fixed: g.days.length === g.perMonth.size && totals.every((x) => Math.abs(x - mid) <= steady),
    });
  }
  return items.sort((a, b) => compareCodePoints(a.key, b.key) || Number(a.outflow) - Number(b.outflow));
}

/** A schedule's direction and the words of its merchant key, for the covered rule. */
export interface PlannedKey {
  outflow: boolean;
  /** The key's words, split once: a forecast judges hundreds of payees against each schedule. */
  words: readonly string[];
}

const WORDS = /[A-Z0-9]+/g;
const wordsOf = (text: string): string[] => text.match(WORDS) ?? [];

/** The planned keys of schedules (each: money out, the words of its merchant key). */
export const plannedKeys = (schedules: readonly YnabScheduledTransaction[]): PlannedKey[] =>
  schedules.map((s) => ({ outflow: s.amount < 0, words: wordsOf(merchant(s.payee_name)) }));

/**
 * True when a schedule of the same direction covers the payee: the schedule's key has words, and all
 * of them are words of the payee's key. The payee's words are split once, and only when some schedule
 * of its direction could cover it.
 */
export function isCovered(plans: readonly PlannedKey[], payee: string, outflow: boolean): boolean {
  let payeeWords: Set<string> | undefined;
  for (const plan of plans) {
    if (plan.outflow !== outflow || plan.words.length === 0) continue;
    payeeWords ??= new Set(wordsOf(payee));
    const words = payeeWords;
    if (plan.words.every((w) => words.has(w))) return true;
  }
  return false;
}

/** A schedule's key covers a payee: it has words, and all its words are the payee's. */
export const covers = (scheduleKey: string, payee: string): boolean =>
  isCovered([{ outflow: true, words: wordsOf(scheduleKey) }], payee, true);

/** Per merchant key, the category id most often assigned (ties: first seen), over `months`. */
function usualCategories(
  transactions: readonly YnabTransaction[],
  months: readonly string[],
): ReadonlyMap<string, string> {
  const window = new Set(months);
  const counts = new Map<string, Map<string, number>>();
  for (const t of transactions) {
    if (!isUsable(t) || !t.category_id || !window.has(ym(t.date))) continue;
    const key = merchant(t.payee_name);
    const perCategory = counts.get(key) ?? new Map<string, number>();
    perCategory.set(t.category_id, (perCategory.get(t.category_id) ?? 0) + 1);
    counts.set(key, perCategory);
  }
  const winners = new Map<string, string>();
  for (const [key, perCategory] of counts) {
    // never empty: a key is counted only with a category; the first seen wins a tie
    const [first, ...rest] = perCategory;
    let best = first!;
    for (const entry of rest) if (entry[1] > best[1]) best = entry;
    winners.set(key, best[0]);
  }
  return winners;
}

export interface RecurringCharge {
  payee: string;
  monthly_amount: number;
  yearly_amount: number;
  day: number;
  months_seen: number;
  category: string | null;
  scheduled: boolean;
}

export interface RecurringCharges {
  charges: RecurringCharge[];
  yearly_total: number;
  months_looked_at: string[];
}

/**
 * The complete months looked at: the last 4, less those before the plan's first month (`YYYY-MM`), which
 * the plan does not cover: a charge cannot have been missed there.
 */
export const lookedAtMonths = (today: string, firstMonth: string | undefined): string[] =>
  completeMonths(today, LOOKBACK_MONTHS).filter((m) => firstMonth === undefined || m >= firstMonth);

/**
 * What the charges are drawn from: the payees seen recurring over the months looked at (`window`: the
 * months joined by spaces), and each one's usual category. Once per snapshot of the transactions and
 * window: the detection over a large plan's months is most of a call's work, and the next call on
 * the same snapshot (nothing changed at YNAB) finds it done.
 */
const drawnFrom = perSnapshot((transactions: readonly YnabTransaction[], window: string, loans: string) => {
  const months = window === '' ? [] : window.split(' ');
  const onLoans = new Set(loans === '' ? [] : loans.split(' '));
  const looked = inMonths(transactions, months).filter((t) => !onLoans.has(t.account_id));
  return {
    usual: usualCategories(looked, months),
    found: Object.freeze(
      months.length < 2 ? [] : detectRecurring(looked, months, Math.min(3, months.length)),
    ),
  };
});

/** What `find_recurring_charges` is narrowed to. */
export interface RecurringFilter {
  /** Accounts whose rows are left out: loans, whose monthly interest is the loan's cost, not a charge. */
  loanAccounts?: readonly string[];
  /** Only payees whose merchant key holds this text's. */
  payee?: string | null;
  /** Only charges whose usual category is this id. */
  categoryId?: string | null;
}

/**
 * `find_recurring_charges`: the charges (and, asked, the income) seen month after month. Seen in 3 of
 * the months looked at, or in each of them when the plan covers only 2. Transfers never count (they
 * move money between the person's own accounts), nor the rows of `filter.loanAccounts`.
 */
export function recurringCharges(
  transactions: readonly YnabTransaction[],
  schedules: readonly YnabScheduledTransaction[],
  visible: ReadonlyMap<string, string>,
  today: string,
  includeIncome: boolean,
  firstMonth?: string,
  filter: RecurringFilter = {},
): RecurringCharges {
  const months = lookedAtMonths(today, firstMonth);
  const plans = plannedKeys(schedules.filter((s) => !s.deleted));
  const { usual, found } = drawnFrom(
    transactions,
    months.join(' '),
    [...(filter.loanAccounts ?? [])].join(' '),
  );
  const payeeKey = filter.payee ? merchant(filter.payee) : null;
  const wanted = found.filter(
    (r) =>
      (payeeKey === null || r.key.includes(payeeKey)) &&
      (!filter.categoryId || usual.get(r.key) === filter.categoryId),
  );
  const rows = wanted.map((r) => {
    const name = visible.get(usual.get(r.key) ?? '');
    const yearly = roundHalfEven(r.amount * 12, -1); // whole cents, in milliunits
    return {
      yearly,
      charge: {
        payee: r.payee,
        monthly_amount: toUnits(r.amount),
        yearly_amount: toUnits(yearly),
        day: r.day,
        months_seen: r.months_seen,
        category: name === undefined ? null : clean(name),
        scheduled: isCovered(plans, r.key, r.outflow),
      },
    };
  });
  const charges = rows.filter((r) => r.charge.monthly_amount < 0).sort((a, b) => a.yearly - b.yearly);
  const income = includeIncome
    ? rows.filter((r) => r.charge.monthly_amount > 0).sort((a, b) => b.yearly - a.yearly)
    : [];
  const total = charges.reduce((sum, r) => sum + r.yearly, 0);
  return {
    charges: [...charges, ...income].map((r) => r.charge),
    yearly_total: roundHalfEven(toUnits(total), 2),
    months_looked_at: months,
  };
}
