/**
 * `buildDemoPlan()`: the invented household of the demo plan, built in code from the tables of
 * structure.ts, budget-rows.ts and history.ts. Deterministic: no randomness, no clock.
 */
import { budgetRows } from './budget-rows.js';
import { historyRows } from './history.js';
import { moneyMovements } from './money-movements.js';
import { CHECKING, compareCodePoints, idNumber } from './rows.js';
import type { DraftRow } from './rows.js';
import {
  INFLOW,
  MONTHS,
  PLAN,
  accounts,
  budgets,
  categories,
  categoryGroups,
  scheduledDrafts,
} from './structure.js';
import type { DraftScheduled } from './structure.js';
import type {
  AccountRow,
  CategoryRow,
  PayeeRow,
  PlanData,
  ScheduledRow,
  TransactionRow,
} from '../plan-data.js';

/** The household's "today": demo mode and the stand-in pin the date to it unless told otherwise. */
export const DEMO_TODAY = '2026-09-25';

/**
 * The payees: every label of the rows and schedules, code-point sorted, numbered from 000.
 * `Transfer : <account name>` payees point at that account.
 */
export function buildPayees(labels: Iterable<string>, accountList: AccountRow[]): PayeeRow[] {
  const byTransferName = new Map(accountList.map((a) => [`Transfer : ${a.name}`, a.id]));
  return [...new Set(labels)].sort(compareCodePoints).map((name, i) => ({
    id: `pay-${idNumber(i)}`,
    name,
    transfer_account_id: byTransferName.get(name) ?? null,
    deleted: false,
  }));
}

type Lookup = (key: string) => string;

interface Lookups {
  payeeId: Lookup;
  accountName: Lookup;
  categoryName: Lookup;
}

/**
 * A name or id the household's own rows refer to. Every one exists (the payees are made from the rows'
 * labels), so a miss is a mistake in the household data, and stops the build of the plan at once.
 */
function lookup(what: string, entries: Iterable<readonly [string, string]>): Lookup {
  const found = new Map(entries);
  return (key) => {
    const value = found.get(key);
    if (value === undefined) throw new Error(`the demo household has no ${what} ${key}`);
    return value;
  };
}

function finishRow(draft: DraftRow, id: string, look: Lookups): TransactionRow {
  return {
    id,
    date: draft.date,
    amount: draft.amount,
    memo: draft.memo,
    cleared: 'cleared',
    approved: true,
    account_id: draft.account_id,
    account_name: look.accountName(draft.account_id),
    payee_id: look.payeeId(draft.payee),
    payee_name: draft.payee,
    category_id: draft.category_id,
    category_name: draft.category_id === null ? null : look.categoryName(draft.category_id),
    transfer_account_id: draft.transfer_account_id,
    deleted: false,
  };
}

function finishScheduled(draft: DraftScheduled, look: Lookups): ScheduledRow {
  return {
    id: draft.id,
    date_first: draft.date_first,
    date_next: draft.date_next,
    frequency: draft.frequency,
    amount: draft.amount,
    memo: null,
    flag_color: null,
    account_id: CHECKING,
    account_name: look.accountName(CHECKING),
    payee_id: look.payeeId(draft.payee),
    payee_name: draft.payee,
    category_id: draft.category_id,
    category_name: draft.category_id === null ? null : look.categoryName(draft.category_id),
    transfer_account_id: draft.transfer_account_id,
    deleted: false,
    subtransactions: [],
  };
}

function lookups(accountList: AccountRow[], categoryList: CategoryRow[], payees: PayeeRow[]): Lookups {
  return {
    payeeId: lookup(
      'payee',
      payees.map((p) => [p.name, p.id]),
    ),
    accountName: lookup(
      'account',
      accountList.map((a) => [a.id, a.name]),
    ),
    categoryName: lookup(
      'category',
      categoryList.map((c) => [c.id, c.name]),
    ),
  };
}

/**
 * Each side of a transfer names the other (`transfer_transaction_id`), as YNAB's do: the row of the
 * same day, between the same two accounts, of the opposite amount. No two transfers of the household
 * share all of these (test/demo/demo-plan.test.ts checks that every side is linked back).
 */
function linkTransfers(rows: TransactionRow[]): TransactionRow[] {
  const waiting = new Map<string, TransactionRow>();
  const key = (date: string, from: string, to: string | null, amount: number) =>
    JSON.stringify([date, from, to, amount]);
  for (const row of rows) {
    if (row.transfer_account_id === null) continue;
    const theirs = key(row.date, row.transfer_account_id, row.account_id, -row.amount);
    const other = waiting.get(theirs);
    if (other === undefined) {
      waiting.set(key(row.date, row.account_id, row.transfer_account_id, row.amount), row);
      continue;
    }
    waiting.delete(theirs);
    row.transfer_transaction_id = other.id;
    other.transfer_transaction_id = row.id;
  }
  return rows;
}

/** The demo plan, fresh each call (callers may mutate it). */
export function buildDemoPlan(): PlanData {
  const accountList = accounts();
  const categoryList = categories();
  const budget = budgetRows();
  const history = historyRows();
  const schedules = scheduledDrafts();
  const labels = [...budget, ...history, ...schedules].map((r) => r.payee);
  const payees = buildPayees(labels, accountList);
  const look = lookups(accountList, categoryList, payees);
  const movements = moneyMovements();
  return {
    plan: {
      ...PLAN,
      ...(PLAN.currency_format ? { currency_format: { ...PLAN.currency_format } } : {}),
      ...(PLAN.date_format ? { date_format: { ...PLAN.date_format } } : {}),
    },
    accounts: accountList,
    category_groups: categoryGroups(),
    categories: categoryList,
    inflow_category_id: INFLOW,
    payees,
    transactions: linkTransfers([
      ...budget.map((r, i) => finishRow(r, `tx-${idNumber(i)}`, look)),
      ...history.map((r, i) => finishRow(r, `nw-${idNumber(i)}`, look)),
    ]),
    scheduled_transactions: schedules.map((s) => finishScheduled(s, look)),
    months: [...MONTHS],
    budgets: budgets(),
    money_movements: movements.movements,
    money_movement_groups: movements.groups,
  };
}
