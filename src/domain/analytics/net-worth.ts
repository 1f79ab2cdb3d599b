/**
 * `get_net_worth_trend`, pure: assets, debts and net worth at each month end, rebuilt from today's
 * balances by taking off the transactions dated after that month.
 */
import { firstMonthWhere, fromMonth } from '../transactions/by-month.js';
import type { YnabAccount, YnabTransaction } from '../model.js';
import { type MoneyText, toUnits } from '../money.js';
import { addMonths, isDebt, monthEnd } from '../plan-facts.js';
import { clean } from '../text.js';

export interface NetWorthMonth {
  /** `YYYY-MM-01`. */
  month: string;
  /** The day the figures are at: the month's last day, or today for the current month. */
  end: string;
  /** True for the current month, still under way. */
  partial: boolean;
  assets: number;
  debts: number;
  net_worth: number;
}

export interface NetWorthTrend {
  message: string;
  months: NetWorthMonth[];
  first_net_worth: number;
  last_net_worth: number;
  change: number;
  accounts: string[];
}

type AccountLike = Pick<YnabAccount, 'id' | 'name' | 'type' | 'closed' | 'balance' | 'deleted'>;
type TransactionLike = Pick<YnabTransaction, 'account_id' | 'date' | 'amount' | 'deleted'>;

/** The `count` months ending with today's month, oldest first, as `YYYY-MM`. */
export function monthsEndingWith(today: string, count: number): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(addMonths(today, -i));
  return out;
}

interface Row {
  month: string;
  /** First day of the following month: transactions from then on come after this month end. */
  bound: string;
  assets: number;
  debts: number;
}

/** Per account, its balance at each row's month end, each cell pointing at its row. */
function accountEnds(
  accounts: readonly AccountLike[],
  transactions: readonly TransactionLike[],
  rows: readonly Row[],
): { account: AccountLike; ends: { row: Row; balance: number }[] }[] {
  const entries = accounts.map((account) => ({ account, cells: rows.map((row) => ({ row, sum: 0 })) }));
  const byId = new Map(entries.map((e) => [e.account.id, e.cells]));
  // A row's bound is the first day of a month, so "dated on or after it" is "of its month or later":
  // each account's sums per month, read through the month index from the first row's bound on (the
  // rows are oldest first), then added up for each cell (exact: milliunits are integers).
  const perMonth = new Map<string, Map<string, number>>();
  const [oldest] = rows;
  if (oldest)
    for (const t of fromMonth(transactions, oldest.bound.slice(0, 7))) {
      if (t.deleted || !byId.has(t.account_id)) continue;
      const sums = perMonth.get(t.account_id) ?? new Map<string, number>();
      perMonth.set(t.account_id, sums);
      const month = t.date.slice(0, 7);
      sums.set(month, (sums.get(month) ?? 0) + t.amount);
    }
  for (const [id, cells] of byId)
    for (const cell of cells) {
      const from = cell.row.bound.slice(0, 7);
      for (const [month, sum] of perMonth.get(id) ?? []) if (month >= from) cell.sum += sum;
    }
  return entries.map(({ account, cells }) => ({
    account,
    ends: cells.map((c) => ({ row: c.row, balance: account.balance - c.sum })),
  }));
}

const rowsOf = (months: readonly string[]): Row[] =>
  months.map((m) => ({ month: `${m}-01`, bound: `${addMonths(m, 1)}-01`, assets: 0, debts: 0 }));

/** The sentence that leads the answer: where net worth ended and how it moved. */
function trendMessage(
  rows: readonly Row[],
  first: number,
  last: number,
  today: string,
  money: MoneyText,
): string {
  const [oldest] = rows;
  if (oldest === undefined) return 'The plan has no month up to today: no net worth to give.';
  const end = monthEnd(rows.at(-1)!.month, today).end;
  const moved =
    last === first ? 'unchanged' : `${last > first ? 'up' : 'down'} ${money(Math.abs(last - first))}`;
  return `Net worth ${money(last)} on ${money.date(end)}, ${moved} since the end of ${money.month(oldest.month.slice(0, 7))}.`;
}

/**
 * The first month of the accounts' history (YYYY-MM), undefined without a transaction: a month end before
 * it would be made up, every balance taken back to zero.
 */
export const historyStart = (transactions: readonly TransactionLike[]): string | undefined =>
  firstMonthWhere(transactions, (t) => !t.deleted) ?? undefined;

/**
 * The net-worth trend over `monthsCount` months ending with today's month (every account counts),
 * none before `first` (YYYY-MM) when given: the tool passes the start of the accounts' history.
 */
export function netWorthTrend(
  accounts: readonly AccountLike[],
  transactions: readonly TransactionLike[],
  today: string,
  monthsCount: number,
  money: MoneyText,
  first?: string,
): NetWorthTrend {
  const rows = rowsOf(monthsEndingWith(today, monthsCount).filter((m) => first === undefined || m >= first));
  const entries = accountEnds(
    accounts.filter((a) => !a.deleted),
    transactions,
    rows,
  );
  for (const { account, ends } of entries)
    for (const { row, balance } of ends) {
      if (isDebt(account.type)) row.debts += balance;
      else row.assets += balance;
    }
  const nets = rows.map((r) => r.assets + r.debts);
  const [start = 0] = nets;
  const last = nets.at(-1) ?? 0;
  return {
    message: trendMessage(rows, start, last, today, money),
    months: rows.map((r) => ({
      month: r.month,
      ...monthEnd(r.month, today),
      assets: toUnits(r.assets),
      debts: toUnits(r.debts),
      net_worth: toUnits(r.assets + r.debts),
    })),
    first_net_worth: toUnits(start),
    last_net_worth: toUnits(last),
    change: toUnits(last - start),
    accounts: entries
      .filter((e) => !e.account.closed || e.ends.some((end) => end.balance !== 0))
      .map((e) => clean(e.account.name)),
  };
}
