/**
 * `get_savings_rate`, pure: income, spending, saved and rate per complete month of the budget accounts
 * and over the period.
 */
import type { YnabAccount, YnabCategoryGroup, YnabTransaction } from '../model.js';
import { floatText, type MoneyText, roundHalfEven, toUnits } from '../money.js';
import { internalCategories, UNCATEGORIZED } from '../categories/internal.js';
import { linesOf, PARTIAL_LEFT_OUT, trackingAssets, ym } from '../plan-facts.js';
import { measuredHistory } from './runway.js';

export interface SavingsMonth {
  month: string;
  income: number;
  spending: number;
  saved: number;
  rate: number | null;
}

export interface SavingsResult {
  message: string;
  months: SavingsMonth[];
  income: number;
  spending: number;
  saved: number;
  rate: number | null;
  average_saved: number;
  best_month: string | null;
  worst_month: string | null;
  moved_to_tracking: number;
  notes: string[];
}

export interface SavingsInput {
  accounts: readonly YnabAccount[];
  groups: readonly YnabCategoryGroup[];
  transactions: readonly YnabTransaction[];
  today: string;
  monthsCount: number;
}

interface Sums {
  income: number;
  spending: number;
}

interface Tally {
  perMonth: Map<string, Sums>;
  moved: number;
  uncategorised: { count: number; sum: number };
}

interface Ids {
  budget: ReadonlySet<string>;
  assets: ReadonlySet<string>;
  internal: ReadonlySet<string>;
  income: ReadonlySet<string>;
}

/** The ids the rules need: budget accounts, tracking assets, visible internal categories, income ones. */
function idsOf(input: SavingsInput): Ids {
  const live = input.accounts.filter((a) => !a.deleted);
  const internal = internalCategories(input.groups).filter((c) => !c.hidden);
  return {
    budget: new Set(live.filter((a) => a.on_budget).map((a) => a.id)),
    assets: trackingAssets(live),
    internal: new Set(internal.map((c) => c.id)),
    income: new Set(internal.filter((c) => c.name !== UNCATEGORIZED).map((c) => c.id)),
  };
}

type Line = ReturnType<typeof linesOf>[number];

/** One line through the income and spending rules, in order. */
function countLine(line: Line, parent: YnabTransaction, ids: Ids, sums: Sums, tally: Tally): void {
  const to = line.transfer_account_id;
  if (line.amount === 0 || (to && (ids.budget.has(to) || line.amount > 0))) return;
  if (to && ids.assets.has(to)) {
    tally.moved -= line.amount;
    return;
  }
  const category = line.category_id;
  if (line.amount < 0 || (category && !ids.internal.has(category))) sums.spending += line.amount;
  else if (!category || !ids.income.has(category)) {
    tally.uncategorised.count += 1;
    tally.uncategorised.sum += line.amount;
  } else if (parent.payee_name !== 'Starting Balance') sums.income += line.amount;
}

const rateOf = (saved: number, income: number): number | null =>
  income === 0 ? null : roundHalfEven((saved / income) * 100, 1);

type Rated = SavingsMonth & { rate: number };

/** The months with the highest and the lowest rate (ties: the earliest). */
function extremes(rows: readonly SavingsMonth[]): { best: Rated; worst: Rated } | null {
  const rated = rows.filter((r): r is Rated => r.rate !== null);
  const [head] = rated;
  if (!head) return null;
  let best = head;
  let worst = head;
  for (const r of rated) {
    if (r.rate > best.rate) best = r;
    if (r.rate < worst.rate) worst = r;
  }
  return { best, worst };
}

const ALWAYS = [
  'Income is money in categorised to Ready to Assign on the budget accounts; starting balances and transfers, from a tracking account too, are not income.',
  'Spending is money out of the budget accounts less refunds (money in categorised to a spending category); transfers between budget accounts are left out.',
  "A transfer to a tracking account that holds an asset (savings, investments) is saved, not spent; a transfer to a tracking loan or debt is spending, as YNAB's budget counts it.",
  'Saved is income less spending: what stayed in the budget accounts or went to an asset outside them. The rate is saved over income.',
];

function savingsNotes(
  tally: Tally,
  rows: readonly SavingsMonth[],
  asked: number,
  money: MoneyText,
): string[] {
  const notes = [...ALWAYS, PARTIAL_LEFT_OUT];
  const { count, sum } = tally.uncategorised;
  if (count > 0)
    notes.push(
      `${count} inflows without a category (${money(sum)}) are counted neither as income nor as refunds: categorise them in YNAB for a true figure.`,
    );
  if (rows.length > 0 && rows.length < asked)
    notes.push(
      `Only the last ${rows.length} of the ${asked} months hold budget transactions: the figures are over those.`,
    );
  const noRate = rows.filter((r) => r.rate === null).map((r) => r.month);
  if (noRate.length > 0)
    notes.push(`No rate for ${noRate.join(', ')}: no income was categorised that month.`);
  return notes;
}

function savingsMessage(n: number, total: Sums, rows: readonly SavingsMonth[], money: MoneyText): string {
  if (n === 0) return 'No complete month holds budget transactions yet: no savings rate to give.';
  if (total.income === 0)
    return `No income was categorised to Ready to Assign over the last ${n} complete months: no savings rate can be given; ${money(-total.spending)} was spent.`;
  const saved = total.income + total.spending;
  const rate = roundHalfEven((saved / total.income) * 100, 1);
  let message = `Over the last ${n} complete months, ${money(total.income)} came in and ${money(-total.spending)} went out: ${money(saved)} saved, ${floatText(rate)} % of the income.`;
  const ends = extremes(rows);
  if (ends && ends.best !== ends.worst)
    message += ` Best month: ${money.month(ends.best.month)} (${floatText(ends.best.rate)} %), worst: ${money.month(ends.worst.month)} (${floatText(ends.worst.rate)} %).`;
  return message;
}

/** The savings rate over the complete months that hold budget transactions. */
export function savingsRate(input: SavingsInput, money: MoneyText): SavingsResult {
  const ids = idsOf(input);
  const { months, history } = measuredHistory(
    input.transactions,
    (t) => !t.deleted && ids.budget.has(t.account_id),
    input.today,
    input.monthsCount,
  );
  const perMonth = months.map((month) => ({ month, income: 0, spending: 0 }));
  const tally: Tally = {
    perMonth: new Map(perMonth.map((m) => [m.month, m])),
    moved: 0,
    uncategorised: { count: 0, sum: 0 },
  };
  for (const t of history) {
    const sums = tally.perMonth.get(ym(t.date));
    if (sums) for (const line of linesOf(t)) countLine(line, t, ids, sums, tally);
  }
  const total: Sums = { income: 0, spending: 0 };
  const rows = perMonth.map((s) => {
    total.income += s.income;
    total.spending += s.spending;
    const saved = s.income + s.spending;
    return {
      month: s.month,
      income: toUnits(s.income),
      spending: toUnits(s.spending),
      saved: toUnits(saved),
      rate: rateOf(saved, s.income),
    };
  });
  const saved = total.income + total.spending;
  const ends = extremes(rows);
  return {
    message: savingsMessage(months.length, total, rows, money),
    months: rows,
    income: toUnits(total.income),
    spending: toUnits(total.spending),
    saved: toUnits(saved),
    rate: rateOf(saved, total.income),
    average_saved: toUnits(months.length > 0 ? roundHalfEven(saved / months.length) : 0),
    best_month: ends?.best.month ?? null,
    worst_month: ends?.worst.month ?? null,
    moved_to_tracking: toUnits(tally.moved),
    notes: savingsNotes(tally, rows, input.monthsCount, money),
  };
}
