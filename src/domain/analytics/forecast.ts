/**
 * `forecast_balance`: the assumptions (schedules, recurring payees, variable spending, income, this
 * month so far) and the projection of forecast-project.ts, pure.
 */
import { AppError } from '../errors.js';
import { firstShortfall, project } from './forecast-project.js';
import type { DatedFlow } from './forecast-project.js';
import type { YnabAccount, YnabScheduledTransaction, YnabTransaction } from '../model.js';
import { roundHalfEven, toUnits, type MoneyText } from '../money.js';
import { merchant } from '../payees/merchant.js';
import { completeMonths, daysInMonth, isUsable, ym } from '../plan-facts.js';
import { detectRecurring, isCovered, LOOKBACK_MONTHS, plannedKeys } from './recurring.js';
import type { PlannedKey, RecurringItem } from './recurring.js';
import { perSnapshot } from '../memo.js';
import { inMonths } from '../transactions/by-month.js';
import { addDays, expandSchedules } from '../transactions/schedule.js';
import type { OccurrenceView, ScheduleNames } from '../transactions/schedule.js';
import { clean, compareCodePoints, quote } from '../text.js';

/** The furthest horizon, in months after today's. */
export const MAX_MONTHS_AHEAD = 24;
/** Months averaged for variable spending and income. */
const AVERAGED_MONTHS = 3;

/** Checks `until` (`YYYY-MM`, from today's month to 24 months ahead) and returns it. */
export function parseUntil(until: string, today: string): string {
  // four digits, a dash, two digits: "2026-9" is refused like any other malformed month
  const y = Number(until.slice(0, 4));
  const m = Number(until.slice(5, 7));
  if (!/^\d{4}-\d{2}$/.test(until) || y < 1 || m < 1 || m > 12)
    throw new AppError(`until must be a month as YYYY-MM, got ${quote(until)}.`);
  const ahead = (y - Number(today.slice(0, 4))) * 12 + (m - Number(today.slice(5, 7)));
  if (ahead < 0) throw new AppError('until must be the current month or later.');
  if (ahead > MAX_MONTHS_AHEAD) throw new AppError('until must be at most 24 months ahead.');
  return until;
}

/** Refuses unknown account ids, all of them named, sorted. */
export function checkForecastAccounts(
  ids: readonly string[] | null,
  accounts: readonly { id: string }[],
): void {
  if (ids === null) return;
  const known = new Set(accounts.map((a) => a.id));
  const unknown = [...new Set(ids.filter((id) => !known.has(id)))].sort(compareCodePoints);
  if (unknown.length > 0)
    throw new AppError(`Unknown account(s) ${unknown.join(', ')}: use ids from list_accounts.`);
}

export interface OneOff {
  date: string;
  /** Milliunits. */
  amount: number;
  label: string;
}

export interface ForecastInput {
  today: string;
  /** `YYYY-MM`, checked by parseUntil. */
  until: string;
  accounts: readonly YnabAccount[];
  transactions: readonly YnabTransaction[];
  schedules: readonly YnabScheduledTransaction[];
  names: ScheduleNames;
  accountIds: readonly string[] | null;
  /** Milliunits, or null for the figures from history. */
  monthlyIncome: number | null;
  variableMonthly: number | null;
  oneOffs: readonly OneOff[] | null;
  /** How the message writes its months, as the plan does. */
  money: MoneyText;
}

/** The scheduled occurrences of one month; `yearly`: the payees of those due once a year or less often. */
export interface ScheduledMonth {
  month: string;
  occurrences: OccurrenceView[];
  yearly: string[];
}

/** What the rest of the current month counts. */
export interface CurrentMonth {
  days_left: number;
  spending_left: number;
  income_left: number;
}

/** A payee counted every month, as the answer shows it. */
export interface RecurringView {
  payee: string;
  amount: number;
  day: number;
  months_seen: number;
}

const recurringView = (r: RecurringItem): RecurringView => ({
  payee: r.payee,
  amount: toUnits(r.amount),
  day: r.day,
  months_seen: r.months_seen,
});

export interface ForecastResult {
  message: string;
  accounts: string[];
  start_balance: number;
  assumptions: {
    recurring: RecurringView[];
    recurring_variable: RecurringView[];
    variable_monthly: number;
    income_outside_schedules: number;
    current_month: CurrentMonth;
    one_offs: { date: string; amount: number; label: string }[];
    scheduled: ScheduledMonth[];
  };
  months: { month: string; start: number; inflows: number; outflows: number; end: number; lowest: number }[];
  first_shortfall: string | null;
}

/** Outside the recurring payees and the schedules: what averages and month-to-date figures count. */
type Other = (t: YnabTransaction) => boolean;

function otherThan(recurring: readonly RecurringItem[], plans: readonly PlannedKey[]): Other {
  const known = new Set(recurring.map((r) => `${r.outflow ? 1 : 0}${r.key}`));
  // the same few hundred merchants come back in every month: each is judged once per forecast
  const judged = new Map<string, boolean>();
  return (t) => {
    const key = merchant(t.payee_name);
    const outflow = t.amount < 0;
    const id = `${outflow ? 1 : 0}${key}`;
    let other = judged.get(id);
    if (other === undefined) {
      other = !known.has(id) && !isCovered(plans, key, outflow);
      judged.set(id, other);
    }
    return other;
  };
}

/** Average per month, over the last 3 complete months, of the other outflows or inflows. */
function averaged(
  history: readonly YnabTransaction[],
  today: string,
  other: Other,
  outflow: boolean,
): number {
  const months = new Set(completeMonths(today, AVERAGED_MONTHS));
  let total = 0;
  for (const t of history)
    if (isUsable(t) && months.has(ym(t.date)) && t.amount < 0 === outflow && other(t)) total += t.amount;
  return roundHalfEven(total / AVERAGED_MONTHS);
}

/** This month so far, outside the recurring and scheduled payees. */
function monthToDate(history: readonly YnabTransaction[], today: string, other: Other) {
  let spent = 0;
  let received = 0;
  for (const t of history) {
    if (!isUsable(t) || ym(t.date) !== ym(today) || !other(t)) continue;
    if (t.amount < 0) spent += t.amount;
    else received += t.amount;
  }
  return { spent, received };
}

/** Frequencies that come back once a year or less often: easy to forget, absent from recent history. */
const RARE: ReadonlySet<string> = new Set(['yearly', 'everyOtherYear']);

/** The occurrences grouped by month, in date order. */
export function byMonth(occurrences: readonly OccurrenceView[]): ScheduledMonth[] {
  const months = new Map<string, ScheduledMonth>();
  for (const o of occurrences) {
    const month = ym(o.date);
    const group = months.get(month) ?? { month, occurrences: [], yearly: [] };
    months.set(month, group);
    group.occurrences.push(o);
    if (RARE.has(o.frequency)) group.yearly.push(o.payee);
  }
  return [...months.values()];
}

/**
 * The rest of the current month: the monthly averages less what already happened this month (never
 * prorated by the days left), spread over those days.
 */
function currentMonth(
  today: string,
  variable: number,
  income: number,
  sofar: { spent: number; received: number },
) {
  return {
    days_left: daysInMonth(ym(today)) - Number(today.slice(8, 10)),
    spending_left: toUnits(Math.min(0, variable - sofar.spent)),
    income_left: toUnits(Math.max(0, income - sofar.received)),
  };
}

const chosenAccounts = (accounts: readonly YnabAccount[], ids: readonly string[] | null): YnabAccount[] => {
  if (ids === null) return accounts.filter((a) => a.on_budget && !a.closed);
  const wanted = new Set(ids);
  return accounts.filter((a) => wanted.has(a.id));
};

/**
 * What the forecast draws from history: the chosen accounts' transactions of the recurring window, the
 * averaged months and this month (every figure drawn from history is over those), and the payees seen
 * recurring in them. Once per snapshot of the transactions, today and set of accounts (`accounts`:
 * their ids joined by NUL), since the detection is the costly part of a forecast of a large plan.
 */
const drawnOn = perSnapshot((transactions: readonly YnabTransaction[], accounts: string, today: string) => {
  const ids = new Set(accounts.split('\u0000'));
  const looked = [...completeMonths(today, Math.max(LOOKBACK_MONTHS, AVERAGED_MONTHS)), ym(today)];
  const history = Object.freeze(inMonths(transactions, looked).filter((t) => ids.has(t.account_id)));
  return {
    history,
    detected: Object.freeze(detectRecurring(history, completeMonths(today, LOOKBACK_MONTHS))),
  };
});

/** The whole forecast: assumptions, months and the message. */
export const forecast = (input: ForecastInput): ForecastResult => forecastByDay(input).result;

/** The forecast, and the balance at the end of each day projected (what a chart draws), in units. */
export function forecastByDay(input: ForecastInput): {
  result: ForecastResult;
  daily: { date: string; balance: number }[];
} {
  const { today, until } = input;
  const chosen = chosenAccounts(input.accounts, input.accountIds);
  const ids = new Set(chosen.map((a) => a.id));
  const { history, detected } = drawnOn(input.transactions, [...ids].join('\u0000'), today);
  const schedules = input.schedules.filter(
    (s) =>
      !s.deleted &&
      ids.has(s.account_id) &&
      !(s.transfer_account_id && ids.has(s.transfer_account_id)) &&
      (input.monthlyIncome === null || s.amount < 0),
  );
  const plans = plannedKeys(schedules);
  const lastDay = `${until}-${daysInMonth(until)}`; // 28 to 31: always two digits
  const upcoming = expandSchedules(schedules, addDays(today, 1), lastDay, input.names);
  const recurring = detected.filter(
    (r) => !isCovered(plans, r.key, r.outflow) && (input.monthlyIncome === null || r.outflow),
  );
  const other = otherThan(recurring, plans);
  const variable = input.variableMonthly ?? averaged(history, today, other, true);
  const income = input.monthlyIncome ?? averaged(history, today, other, false);
  const start = chosen.reduce((sum, a) => sum + a.balance, 0);
  const oneOffs: DatedFlow[] = [
    ...(input.oneOffs ?? []),
    ...upcoming.map((o) => ({ date: o.date, amount: o.schedule.amount })),
  ];
  const sofar = monthToDate(history, today, other);
  const months = project({ today, until, start, variable, income, ...sofar, recurring, oneOffs });
  const shortfall = firstShortfall(months);
  const conclusion = shortfall
    ? `The balance goes below zero in ${input.money.month(shortfall)}.`
    : `The balance stays above zero through ${input.money.month(until)}.`;
  const result: ForecastResult = {
    message: `${conclusion} This rests on the assumptions listed: check them with the user.`,
    accounts: chosen.map((a) => clean(a.name)),
    start_balance: toUnits(start),
    assumptions: {
      // fixed charges apart from spending that recurs at varying amounts (groceries): the part a
      // person can change is then not read as a bill
      recurring: recurring.filter((r) => r.fixed).map(recurringView),
      recurring_variable: recurring.filter((r) => !r.fixed).map(recurringView),
      variable_monthly: toUnits(variable),
      income_outside_schedules: toUnits(income),
      current_month: currentMonth(today, variable, income, sofar),
      one_offs: (input.oneOffs ?? []).map((o) => ({
        date: o.date,
        amount: toUnits(o.amount),
        label: clean(o.label),
      })),
      scheduled: byMonth(upcoming.map((o) => o.view)),
    },
    months: months.map((m) => ({
      month: m.month,
      start: toUnits(m.start),
      inflows: toUnits(m.inflows),
      outflows: toUnits(m.outflows),
      end: toUnits(m.end),
      lowest: toUnits(m.lowest),
    })),
    first_shortfall: shortfall,
  };
  const daily = months.flatMap((m) => m.days.map((d) => ({ date: d.date, balance: toUnits(d.balance) })));
  return { result, daily };
}
