/**
 * What forecast_balance should answer on the demo plan, computed independently of the server's code:
 * the demo schedules expanded, the recurring payees' medians, and the projection walked by hand.
 */
import { buildDemoPlan } from '../../../src/demo/index.js';
import type { ScheduledRow, TransactionRow } from '../../../src/demo/index.js';

const demo = buildDemoPlan();

export const BUDGET = ['acc-checking', 'acc-savings'];
/** The labels of the payees the demo's schedules cover (rent, bills, salary). */
export const SCHEDULED = ['LANDLORD', 'FIBERNET', 'TELCO', 'POWERCO', 'ACME EMPLOYER SALAIRE'];
export const milli = (units: number): number => Math.round(units * 1000);
export const units = (m: number): number => m / 1000;
const lastDay = (month: string): number =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const nextMonth = (month: string): string => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  return d.toISOString().slice(0, 7);
};
export const monthsBefore = (today: string, n: number): string[] => {
  const out: string[] = [];
  let m = today.slice(0, 7);
  for (let i = 0; i < n; i++) {
    const d = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 2, 1));
    m = d.toISOString().slice(0, 7);
    out.unshift(m);
  }
  return out;
};
export const usable = (t: TransactionRow): boolean => !t.deleted && t.transfer_account_id === null;
export const labelled = (t: TransactionRow, labels: string[]): boolean =>
  labels.some((l) => (t.payee_name ?? '').toUpperCase().includes(l));

/** The demo's schedules (monthly and yearly) on the budget accounts, minus the transfer between them. */
export function upcoming(from: string, until: string, incomeToo = true): { s: ScheduledRow; date: string }[] {
  const out: { s: ScheduledRow; date: string }[] = [];
  for (const s of demo.scheduled_transactions) {
    if (s.transfer_account_id !== null && BUDGET.includes(s.transfer_account_id)) continue;
    if (!incomeToo && s.amount >= 0) continue;
    const step = s.frequency === 'yearly' ? 12 : 1;
    for (let k = 0; ; k++) {
      const d = new Date(
        Date.UTC(Number(s.date_next.slice(0, 4)), Number(s.date_next.slice(5, 7)) - 1 + k * step, 1),
      );
      const month = d.toISOString().slice(0, 7);
      const date = `${month}-${String(Math.min(Number(s.date_first.slice(8)), lastDay(month))).padStart(2, '0')}`;
      if (date > until) break;
      if (date >= from) out.push({ s, date });
    }
  }
  return out.sort((a, b) =>
    a.date === b.date ? (a.s.payee_name ?? '').localeCompare(b.s.payee_name ?? '') : a.date < b.date ? -1 : 1,
  );
}

export interface Forecast {
  message: string;
  accounts: string[];
  start_balance: number;
  assumptions: {
    recurring: { payee: string; amount: number; day: number; months_seen: number }[];
    recurring_variable: { payee: string; amount: number; day: number; months_seen: number }[];
    variable_monthly: number;
    income_outside_schedules: number;
    current_month: { days_left: number; spending_left: number; income_left: number };
    one_offs: { date: string; amount: number; label: string }[];
    schedules: {
      scheduled_id: string;
      payee: string;
      amount: number;
      frequency: string;
      account: string;
      category: string | null;
      next_date: string;
      count: number;
      total: number;
    }[];
    scheduled: {
      month: string;
      occurrences: { scheduled_id: string; date: string; amount: number; payee: string }[];
      yearly: string[];
    }[];
  };
  months: { month: string; start: number; inflows: number; outflows: number; end: number; lowest: number }[];
  first_shortfall: string | null;
  omitted: string | null;
}

interface Sim {
  today: string;
  until: string;
  start: number;
  variable: number;
  income: number;
  spent: number;
  received: number;
  recurring: { day: number; amount: number }[];
  events: { date: string; amount: number }[];
}

/** The projection walked by hand, in milliunits: spread in whole cents, events on their days. */
export function simulate(p: Sim) {
  const months = [];
  let balance = p.start;
  for (let m = p.today.slice(0, 7); m <= p.until; m = nextMonth(m)) {
    const current = m === p.today.slice(0, 7);
    const len = lastDay(m);
    const first = current ? Number(p.today.slice(8)) + 1 : 1;
    const days = Math.max(0, len - first + 1);
    const shares = (total: number): number[] => {
      const cents = Math.floor(total / 10);
      const base = days > 0 ? Math.floor(cents / days) : 0;
      return Array.from({ length: days }, (_, i) => (i < cents - base * days ? base + 1 : base) * 10);
    };
    const spend = shares(current ? Math.min(0, p.variable - p.spent) : p.variable);
    const income = shares(current ? Math.max(0, p.income - p.received) : p.income);
    const onDay = new Map<number, number>();
    for (const r of p.recurring)
      if (r.day >= first) onDay.set(Math.min(r.day, len), (onDay.get(Math.min(r.day, len)) ?? 0) + r.amount);
    for (const e of p.events)
      if (e.date.startsWith(m) && e.date > p.today)
        onDay.set(Number(e.date.slice(8)), (onDay.get(Number(e.date.slice(8))) ?? 0) + e.amount);
    const all = [...spend, ...income, ...onDay.values()];
    let running = balance;
    let lowest = balance;
    for (let i = 0; i < days; i++) {
      running += (spend[i] ?? 0) + (income[i] ?? 0) + (onDay.get(first + i) ?? 0);
      lowest = Math.min(lowest, running);
    }
    months.push({
      month: m,
      start: units(balance),
      inflows: units(all.filter((x) => x > 0).reduce((a, b) => a + b, 0)),
      outflows: units(all.filter((x) => x < 0).reduce((a, b) => a + b, 0)),
      end: units(running),
      lowest: units(lowest),
    });
    balance = running;
  }
  return months;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** A budget-account payee's usable rows over the 4 months before today, and their total per month. */
function monthlyOf(label: string, today: string) {
  const window = monthsBefore(today, 4);
  const rows = demo.transactions.filter(
    (t) =>
      BUDGET.includes(t.account_id) &&
      usable(t) &&
      labelled(t, [label]) &&
      window.includes(t.date.slice(0, 7)),
  );
  const perMonth = new Map<string, number>();
  for (const t of rows) perMonth.set(t.date.slice(0, 7), (perMonth.get(t.date.slice(0, 7)) ?? 0) + t.amount);
  return { rows, totals: [...perMonth.values()] };
}

/** A recurring budget-account payee over the 4 months before today. */
export function recurring(payee: string, label: string, today: string) {
  const { rows, totals } = monthlyOf(label, today);
  return {
    payee,
    amount: units(median(totals)),
    day: Math.trunc(median(rows.map((t) => Number(t.date.slice(8))))),
    months_seen: totals.length,
  };
}

/** A fixed charge: one charge in each month it is seen, each month's total within 5 % of the median. */
export function isFixed(label: string, today: string): boolean {
  const { rows, totals } = monthlyOf(label, today);
  const mid = median(totals);
  return rows.length === totals.length && totals.every((x) => Math.abs(x - mid) <= Math.abs(mid) * 0.05);
}

export const startBalance = milli(
  units(
    demo.transactions
      .filter((t) => BUDGET.includes(t.account_id) && !t.deleted)
      .reduce((s, t) => s + t.amount, 0),
  ),
);
