/**
 * `get_digest`'s "what needs you": the things in a plan a person should look at now, each in one line
 * with the tool that deals with it, found without the person knowing which questions to ask. Pure: the
 * plan's lists and today's month in, the items out, the most pressing kinds first.
 */
import type { MonthDetail } from '../months/month-categories.js';
import { summarizeMonth } from '../months/month-summary.js';
import { underfundedTargets } from '../months/targets.js';
import type { YnabAccount, YnabCategoryGroup, YnabScheduledTransaction, YnabTransaction } from '../model.js';
import { toMilli, type MoneyText } from '../money.js';
import { perSnapshot } from '../memo.js';
import { merchant } from '../payees/merchant.js';
import { offBudgetIds, pendingTransactions } from '../categorize/pending.js';
import { uncategorizedIds } from '../categories/internal.js';
import { duplicateCopies } from '../transactions/row-payee.js';
import { addDays, expandSchedules } from '../transactions/schedule.js';
import { LOOKBACK_MONTHS, detectRecurring, median } from '../analytics/recurring.js';
import { completeMonths, isUsable, loanAccountIds, ym } from '../plan-facts.js';
import { clean, compareCodePoints } from '../text.js';

export type NeedKind =
  | 'scheduled_short'
  | 'overspent'
  | 'target_due'
  | 'bank_link'
  | 'duplicate'
  | 'outsized_charge'
  | 'price_change'
  | 'new_recurring'
  | 'categorize'
  | 'approve'
  | 'not_reconciled';

export interface Need {
  kind: NeedKind;
  /** The item in words, amounts in the plan's currency. */
  what: string;
  /** The tool that deals with it, or null where only YNAB's own app can (a bank link). */
  tool: string | null;
  /** The ids it is about (transactions, a category, an account), for the tool named. */
  ids: string[];
}

export interface DigestInput {
  today: string;
  accounts: readonly YnabAccount[];
  transactions: readonly YnabTransaction[];
  schedules: readonly YnabScheduledTransaction[];
  groups: readonly YnabCategoryGroup[];
  /** This month's detail. */
  month: MonthDetail;
  /** Whether the write tools are on: the tool named is then the one that makes the change. */
  writes: boolean;
  /** How amounts are written: the plan's currency decimals. */
  money: MoneyText;
}

/** What the checks of the transactions read: no schedule, no month. */
type RowsInput = Pick<DigestInput, 'today' | 'accounts' | 'transactions' | 'groups' | 'writes' | 'money'>;

/** Days ahead a target's due date or a scheduled payment counts as soon. */
export const TARGET_DAYS = 14;
export const SCHEDULED_DAYS = 7;
/** Days after which an account not reconciled is named. */
export const RECONCILE_DAYS = 30;
/** Days back a charge, a duplicate or a transaction to approve is looked at for anomalies. */
export const RECENT_DAYS = 30;
/** A charge is outsized at this many times the merchant's usual amount, and at least this much over it. */
const OUTSIZED_FACTOR = 3;
const OUTSIZED_MIN = toMilli(20);
/** Earlier charges of the same merchant needed before one can be called outsized. */
const USUAL_CHARGES = 3;
/** A fixed charge whose latest amount moves more than this share away from its earlier one has a new price. */
const PRICE_SHARE = 0.1;
/** A recurring charge is new when seen in each of the last 3 complete months and in none of the 6 before. */
const NEW_MONTHS = 3;
const BEFORE_MONTHS = 6;

/** An amount without its sign, where the sentence says which way it goes. */
const unsigned = (money: MoneyText, m: number): string => money(Math.abs(m));
const openAccounts = (accounts: readonly YnabAccount[]) => accounts.filter((a) => !a.deleted && !a.closed);

/** Scheduled outflows of the next days that the account's balance does not cover. */
function scheduledShort(input: DigestInput): Need[] {
  const until = addDays(input.today, SCHEDULED_DAYS);
  const names = { accounts: new Map<string, string>(), categories: new Map<string, string>() };
  const due = expandSchedules(input.schedules, addDays(input.today, 1), until, names).filter(
    (o) => o.schedule.amount < 0,
  );
  const needs: Need[] = [];
  for (const account of openAccounts(input.accounts)) {
    const own = due.filter((o) => o.schedule.account_id === account.id);
    const total = own.reduce((sum, o) => sum + o.schedule.amount, 0);
    if (own.length === 0 || account.balance + total >= 0) continue;
    needs.push({
      kind: 'scheduled_short',
      what: `${clean(account.name)} holds ${input.money(account.balance)}, short of the ${unsigned(input.money, total)} scheduled to leave it by ${until} (${own.length} payment(s)).`,
      tool: 'list_scheduled_transactions',
      ids: [account.id, ...new Set(own.map((o) => o.schedule.id))],
    });
  }
  return needs;
}

function overspent(input: DigestInput): Need[] {
  return summarizeMonth(input.month).overspent.map((c) => ({
    kind: 'overspent',
    what: `${c.name} (${c.group}) is overspent by ${unsigned(input.money, toMilli(c.balance))} this month.`,
    tool: input.writes ? 'move_money' : 'get_category_balances',
    ids: [c.category_id],
  }));
}

function targetsDue(input: DigestInput): Need[] {
  const soon = addDays(input.today, TARGET_DAYS);
  return underfundedTargets(input.month, null, input.money)
    .targets.filter((t) => t.due !== null && t.due <= soon && t.needed > 0)
    .map((t) => ({
      kind: 'target_due',
      what: `${t.name} needs ${unsigned(input.money, toMilli(t.needed))} more for its target (${t.target}), due ${t.due}.`,
      tool: 'get_underfunded_targets',
      ids: [t.category_id],
    }));
}

function bankLinks(input: DigestInput): Need[] {
  return openAccounts(input.accounts)
    .filter((a) => a.direct_import_in_error === true)
    .map((a) => ({
      kind: 'bank_link',
      what: `${clean(a.name)}'s bank link is in error: new transactions stop coming until it is reconnected in YNAB.`,
      tool: null,
      ids: [a.id],
    }));
}

function notReconciled(input: DigestInput): Need[] {
  const since = addDays(input.today, -RECONCILE_DAYS);
  return openAccounts(input.accounts)
    .filter((a) => a.on_budget && (a.last_reconciled_at ?? '').slice(0, 10) < since)
    .map((a) => ({
      kind: 'not_reconciled',
      what: a.last_reconciled_at
        ? `${clean(a.name)} was last reconciled on ${a.last_reconciled_at.slice(0, 10)}.`
        : `${clean(a.name)} has never been reconciled.`,
      tool: input.writes ? 'reconcile_account' : 'list_accounts',
      ids: [a.id],
    }));
}

const recent = (input: RowsInput, t: YnabTransaction): boolean =>
  !t.deleted && t.date >= addDays(input.today, -RECENT_DAYS) && t.date <= input.today;

/** Each likely-duplicate pair of the recent transactions, once. */
function duplicates(input: RowsInput): Need[] {
  const copies = duplicateCopies(input.transactions);
  const seen = new Set<string>();
  const needs: Need[] = [];
  for (const t of input.transactions) {
    const copy = copies.get(t.id);
    if (!copy || seen.has(t.id) || !recent(input, t)) continue;
    seen.add(t.id).add(copy.of);
    needs.push({
      kind: 'duplicate',
      what: `${clean(t.payee_name)} ${input.money(t.amount)} on ${t.date} is there twice (one ${copy.evidence.this}, one ${copy.evidence.other}).`,
      tool: input.writes ? 'delete_transactions' : 'find_transactions',
      ids: [t.id, copy.of],
    });
  }
  return needs;
}

/** Recent charges far above what the same merchant usually charges. */
function outsized(input: RowsInput): Need[] {
  const earlier = new Map<string, number[]>();
  const since = addDays(input.today, -RECENT_DAYS);
  const history = addDays(since, -180);
  for (const t of input.transactions) {
    if (t.deleted || t.transfer_account_id || t.amount >= 0 || t.date >= since || t.date < history) continue;
    const key = merchant(t.payee_name);
    if (key !== '') earlier.set(key, [...(earlier.get(key) ?? []), -t.amount]);
  }
  const needs: Need[] = [];
  for (const t of input.transactions) {
    if (!recent(input, t) || t.transfer_account_id || t.amount >= 0) continue;
    const usual = earlier.get(merchant(t.payee_name)) ?? [];
    if (usual.length < USUAL_CHARGES) continue;
    const typical = median(usual);
    if (-t.amount < typical * OUTSIZED_FACTOR || -t.amount - typical < OUTSIZED_MIN) continue;
    needs.push({
      kind: 'outsized_charge',
      what: `${clean(t.payee_name)} charged ${unsigned(input.money, t.amount)} on ${t.date}, against ${unsigned(input.money, typical)} usually.`,
      tool: 'get_transaction',
      ids: [t.id],
    });
  }
  return needs;
}

/**
 * The money out that recurring charges are drawn from, up to today: neither transfers (money between the
 * person's own accounts) nor a loan's rows, whose monthly interest is the loan's cost, not a charge.
 */
function chargeRows(input: RowsInput): YnabTransaction[] {
  const loans = new Set(loanAccountIds(input.accounts));
  return input.transactions.filter(
    (t) => isUsable(t) && t.amount < 0 && t.date <= input.today && !loans.has(t.account_id),
  );
}

const ofMerchant = (rows: readonly YnabTransaction[], key: string, months: readonly string[]) =>
  rows.filter((t) => months.includes(ym(t.date)) && merchant(t.payee_name) === key);

/**
 * Fixed charges (a subscription) whose latest charge is more than 10 % away from the median of the 4
 * months before it. The latest is this month's charge, or, while this month has none yet, last month's:
 * a price that changed last month is news until this month's charge repeats it. A charge already named
 * outsized is not named twice.
 */
function priceChanges(
  input: RowsInput,
  rows: readonly YnabTransaction[],
  named: ReadonlySet<string>,
): Need[] {
  const months = completeMonths(input.today, LOOKBACK_MONTHS + 1);
  const thisMonth = ym(input.today);
  const chargedNow = new Set(rows.filter((t) => ym(t.date) === thisMonth).map((t) => merchant(t.payee_name)));
  const latestMonths: [string, string[]][] = [
    [thisMonth, months.slice(1)],
    [months.at(-1)!, months.slice(0, -1)],
  ];
  const needs: Need[] = [];
  for (const [latest, earlier] of latestMonths) {
    for (const item of detectRecurring(rows, earlier)) {
      // last month's charge is the latest only while this month has none
      if (!item.fixed || (latest !== thisMonth && chargedNow.has(item.key))) continue;
      const last = ofMerchant(rows, item.key, [latest])
        .sort((a, b) => compareCodePoints(a.date, b.date))
        .at(-1);
      if (!last || named.has(last.id)) continue;
      if (Math.abs(last.amount - item.amount) <= Math.abs(item.amount) * PRICE_SHARE) continue;
      needs.push({
        kind: 'price_change',
        what: `${item.payee} now charges ${unsigned(input.money, last.amount)} a month, ${unsigned(input.money, item.amount)} before.`,
        tool: 'find_recurring_charges',
        ids: [last.id],
      });
    }
  }
  return needs;
}

/**
 * Charges seen in each of the last 3 complete months whose merchant was charged in none of the 6 months
 * before them, on an account whose history covers those 6 months: on an account opened since, every
 * charge moved over from another bank would look new.
 */
function newRecurring(input: RowsInput, rows: readonly YnabTransaction[]): Need[] {
  const months = completeMonths(input.today, NEW_MONTHS + BEFORE_MONTHS);
  const before = months.slice(0, BEFORE_MONTHS);
  const window = months.slice(BEFORE_MONTHS);
  const start = `${before[0]}-01`;
  const chargedBefore = new Set(
    rows.filter((t) => before.includes(ym(t.date))).map((t) => merchant(t.payee_name)),
  );
  const firstDay = new Map<string, string>();
  for (const t of input.transactions) {
    const first = firstDay.get(t.account_id);
    if (!t.deleted && (first === undefined || t.date < first)) firstDay.set(t.account_id, t.date);
  }
  const needs: Need[] = [];
  for (const item of detectRecurring(rows, window, NEW_MONTHS)) {
    const own = ofMerchant(rows, item.key, window);
    if (chargedBefore.has(item.key) || !own.some((t) => firstDay.get(t.account_id)! < start)) continue;
    needs.push({
      kind: 'new_recurring',
      what: `${item.payee} is charged every month since ${window[0]} (${unsigned(input.money, item.amount)}).`,
      tool: 'find_recurring_charges',
      ids: own.map((t) => t.id),
    });
  }
  return needs;
}

function toCategorize(input: RowsInput): Need[] {
  const pending = pendingTransactions(
    input.transactions,
    offBudgetIds(input.accounts),
    uncategorizedIds(input.groups),
  );
  if (pending.length === 0) return [];
  return [
    {
      kind: 'categorize',
      what: `${pending.length} transaction(s) wait for a category, the oldest from ${pending.at(-1)!.date}.`,
      tool: 'suggest_categories',
      ids: pending.slice(0, 20).map((t) => t.id),
    },
  ];
}

function toApprove(input: RowsInput): Need[] {
  const waiting = input.transactions.filter((t) => !t.deleted && !t.approved);
  if (waiting.length === 0) return [];
  const oldest = waiting.map((t) => t.date).sort(compareCodePoints)[0]!;
  return [
    {
      kind: 'approve',
      what: `${waiting.length} transaction(s) wait for approval, the oldest from ${oldest}.`,
      tool: input.writes ? 'approve_transactions' : 'find_transactions',
      ids: waiting.slice(0, 20).map((t) => t.id),
    },
  ];
}

/** Everything that needs the person, the most pressing kinds first. */
export function needsYou(input: DigestInput): Need[] {
  return [
    ...scheduledShort(input),
    ...overspent(input),
    ...targetsDue(input),
    ...bankLinks(input),
    ...fromRows(input.transactions, input.accounts, input.groups, input.today, input.writes, input.money),
    ...notReconciled(input),
  ];
}

/**
 * The checks that read every transaction (duplicates, outsized and repriced charges, new recurring
 * ones, what waits for a category or an approval), once per snapshot of the lists: on a plan of
 * sixty thousand transactions they are most of a call, and a repeat on an unchanged plan finds them
 * done.
 */
const fromRows = perSnapshot(
  (
    transactions: readonly YnabTransaction[],
    accounts: readonly YnabAccount[],
    groups: readonly YnabCategoryGroup[],
    today: string,
    writes: boolean,
    money: MoneyText,
  ): readonly Need[] => {
    const input: RowsInput = { transactions, accounts, groups, today, writes, money };
    const odd = outsized(input);
    const rows = chargeRows(input);
    return Object.freeze([
      ...duplicates(input),
      ...odd,
      ...priceChanges(input, rows, new Set(odd.flatMap((n) => n.ids))),
      ...newRecurring(input, rows),
      ...toCategorize(input),
      ...toApprove(input),
    ]);
  },
);

/** The answer's first line: how many items, and of what kinds. */
export function digestMessage(needs: readonly Need[]): string {
  if (needs.length === 0) return 'Nothing needs you: no overspending, no short payment, nothing waiting.';
  const kinds = [...new Set(needs.map((n) => n.kind.replace('_', ' ')))];
  return `${needs.length} item(s) need you: ${kinds.join(', ')}. The most pressing first.`;
}
