/**
 * Transaction search for `find_transactions` (filters applied here, on the cached transactions) and the
 * date and account checks it shares with `list_scheduled_transactions`, pure.
 */
import { checkAmount } from '../amount-checks.js';
import { AppError } from '../errors.js';
import { perSnapshot } from '../memo.js';
import type { YnabCategoryGroup, YnabTransaction } from '../model.js';
import { toUnits } from '../money.js';
import { merchant } from '../payees/merchant.js';
import { daysBetween } from './schedule.js';
import { clean } from '../text.js';
import { duplicateCopies, payeeFields, type DuplicateEvidence, type DuplicateOf } from './row-payee.js';

/** Search periods are at most this long (a year, leap day included). */
export const MAX_SPAN_DAYS = 366;

/** A list filter as given: null, or an empty list, means no filter. */
export const listFilter = (ids: readonly string[] | null | undefined): readonly string[] | null =>
  ids && ids.length > 0 ? ids : null;

/** Refuses a reversed period, with a message that says what to fix. */
export function checkOrder(since: string, until: string): void {
  if (until < since) throw new AppError(`until_date ${until} is before since_date ${since}: swap them.`);
}

/** Refuses a reversed period or one longer than 366 days, with a message that says what to fix. */
export function checkPeriod(since: string, until: string): void {
  checkOrder(since, until);
  if (daysBetween(since, until) > MAX_SPAN_DAYS)
    throw new AppError('The dates span more than 366 days: search a shorter period.');
}

/** Refuses the first account id that is not among the plan's accounts. */
export function checkAccountIds(ids: readonly string[] | null, accounts: readonly { id: string }[]): void {
  if (ids === null) return;
  const known = new Set(accounts.map((a) => a.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined)
    throw new AppError(`Account ${unknown} is not in this plan: use an id from list_accounts.`);
}

/** Refuses the first category id that is not among the visible categories. */
export function checkCategoryIds(ids: readonly string[] | null, visible: ReadonlyMap<string, string>): void {
  const unknown = ids?.find((id) => !visible.has(id));
  if (unknown !== undefined)
    throw new AppError(
      `Category ${unknown} is not in this plan: use a category_id from get_category_balances.`,
    );
}

/** The visible categories (neither hidden nor deleted) of every group: id → raw name. */
export function visibleCategoryNames(groups: readonly YnabCategoryGroup[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const g of groups) for (const c of g.categories) if (!c.hidden && !c.deleted) names.set(c.id, c.name);
  return names;
}

/** The account names of a plan: id → raw name. */
export const accountNames = (accounts: readonly { id: string; name: string }[]): Map<string, string> =>
  new Map(accounts.map((a) => [a.id, a.name]));

/**
 * An amount range in milliunits, both bounds included (null: open). It compares the size of an
 * amount, either sign, as people say "between 20 and 50"; a negative bound makes it compare signed
 * amounts, so that a range can keep to money out (or cross zero).
 */
export interface AmountRange {
  min: number | null;
  max: number | null;
  signed: boolean;
}

/**
 * The range of `amount_min` and `amount_max` as given in currency units (null: none given).
 * Refuses a bound that rounds to 0 and a minimum above the maximum, saying what to fix.
 */
export function amountRange(min: number | null, max: number | null): AmountRange | null {
  const low = min === null ? null : checkAmount(min, 'amount_min');
  const high = max === null ? null : checkAmount(max, 'amount_max');
  if (low === null && high === null) return null;
  if (low !== null && high !== null && low > high)
    throw new AppError(
      `amount_min ${String(min)} is above amount_max ${String(max)}: swap them (with negative bounds, the larger outflow is amount_min, e.g. -50 to -20).`,
    );
  return { min: low, max: high, signed: (low ?? 0) < 0 || (high ?? 0) < 0 };
}

/** Whether a top-level amount is in the range. */
export function inRange(amount: number, range: AmountRange): boolean {
  const value = range.signed ? amount : Math.abs(amount);
  return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/**
 * Whether a top-level amount is the one asked for: a positive one as people say it ("the 12.50
 * charge") matches either sign, a negative one only money out, 0 only 0.
 */
const isAmount = (amount: number, asked: number): boolean =>
  asked > 0 ? Math.abs(amount) === asked : amount === asked;

export interface SearchFilter {
  /** Null: from the plan's first transaction. */
  since: string | null;
  until: string;
  /** The top-level amount in milliunits, either sign when positive (isAmount). */
  amount: number | null;
  /** The top-level amount's range (absent or null: any). */
  range?: AmountRange | null;
  accountIds: readonly string[] | null;
  categoryIds: readonly string[] | null;
  /** Merchant or part of it, as the agent gave it. */
  payee: string | null;
}

export interface SplitLineView {
  amount: number;
  category_id: string | null;
  category: string | null;
  memo: string | null;
}

export interface MatchView {
  transaction_id: string;
  date: string;
  amount: number;
  payee: string;
  payee_id: string | null;
  merchant: string;
  memo: string | null;
  account: string;
  category: string | null;
  split: boolean;
  possible_duplicate_of: string | null;
  /** Present with possible_duplicate_of. */
  duplicate_evidence?: DuplicateEvidence;
  cleared: string;
  approved: boolean;
  lines?: SplitLineView[];
}

const liveLines = (t: YnabTransaction) => (t.subtransactions ?? []).filter((s) => !s.deleted);

/**
 * The predicate of a filter, but for its period: every other given condition must hold. The period is
 * not tested here: `findTransactions` filters only the slice of the date order the period covers.
 */
function matcher(filter: SearchFilter): (t: YnabTransaction) => boolean {
  const accounts = filter.accountIds === null ? null : new Set(filter.accountIds);
  const categories = filter.categoryIds === null ? null : new Set(filter.categoryIds);
  const key = filter.payee ? merchant(filter.payee) : null;
  const range = filter.range ?? null;
  const inCategories = (t: YnabTransaction): boolean =>
    categories === null ||
    (t.category_id != null && categories.has(t.category_id)) ||
    liveLines(t).some((s) => s.category_id != null && categories.has(s.category_id));
  return (t) =>
    !t.deleted &&
    (filter.amount === null || isAmount(t.amount, filter.amount)) &&
    (range === null || inRange(t.amount, range)) &&
    (accounts === null || accounts.has(t.account_id)) &&
    inCategories(t) &&
    (key === null || merchant(t.payee_name).includes(key));
}

const nameOf = (id: string | null | undefined, visible: ReadonlyMap<string, string>): string | null => {
  const name = id ? visible.get(id) : undefined;
  return name === undefined ? null : clean(name);
};

/** A transaction as `find_transactions` shows it; a split one carries its lines (deleted ones left out). */
export function matchView(
  t: YnabTransaction,
  visible: ReadonlyMap<string, string>,
  copies: ReadonlyMap<string, DuplicateOf> = new Map(),
): MatchView {
  const lines = liveLines(t);
  const copy = copies.get(t.id);
  const split = lines.length > 0;
  const view: MatchView = {
    transaction_id: t.id,
    date: t.date,
    amount: toUnits(t.amount),
    payee: clean(t.payee_name),
    ...payeeFields(t),
    memo: t.memo == null ? null : clean(t.memo),
    account: clean(t.account_name ?? ''),
    category: split ? null : nameOf(t.category_id, visible),
    split,
    possible_duplicate_of: copy?.of ?? null,
    ...(copy && { duplicate_evidence: copy.evidence }),
    cleared: t.cleared || 'uncleared',
    approved: Boolean(t.approved),
  };
  if (split)
    view.lines = lines.map((s) => ({
      amount: toUnits(s.amount),
      category_id: s.category_id ?? null,
      category: nameOf(s.category_id, visible),
      memo: s.memo == null ? null : clean(s.memo),
    }));
  return view;
}

/** One page of matches: the rows, how many matched in all, and where the next page starts (null: none). */
export interface SearchPage {
  transactions: MatchView[];
  total_count: number;
  truncated: boolean;
  next_offset: number | null;
}

/**
 * The transactions newest first (stable: YNAB's order within a day), once per snapshot: filtering this
 * order gives the matches already sorted, as sorting the matches would (a stable sort keeps the order of
 * a filtered subset), and a period is a slice of it found by halving.
 */
const newestFirst = perSnapshot((transactions: readonly YnabTransaction[]): readonly YnabTransaction[] =>
  Object.freeze([...transactions].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))),
);

/** The first index of the newest-first order from which `older(date)` holds (it holds from there on). */
function firstWhere(sorted: readonly YnabTransaction[], older: (date: string) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (older((sorted[middle] as YnabTransaction).date)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The transactions of the filter's period, newest first: the slice of the date order it covers. */
function inPeriod(
  transactions: readonly YnabTransaction[],
  filter: SearchFilter,
): readonly YnabTransaction[] {
  const sorted = newestFirst(transactions);
  const { since, until } = filter;
  const start = firstWhere(sorted, (date) => date <= until);
  const end = since === null ? sorted.length : firstWhere(sorted, (date) => date < since);
  return sorted.slice(start, end);
}

/**
 * The matches, newest first (stable: YNAB's order within a day), `limit` of them from `offset`: a search
 * of the whole plan is read page by page rather than cut to a window of dates.
 */
export function findTransactions(
  transactions: readonly YnabTransaction[],
  filter: SearchFilter,
  visible: ReadonlyMap<string, string>,
  limit: number,
  offset = 0,
): SearchPage {
  const matches = inPeriod(transactions, filter).filter(matcher(filter));
  const copies = duplicateCopies(transactions);
  const end = offset + limit;
  return {
    transactions: matches.slice(offset, end).map((t) => matchView(t, visible, copies)),
    total_count: matches.length,
    truncated: matches.length > end,
    next_offset: matches.length > end ? end : null,
  };
}
