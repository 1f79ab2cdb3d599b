/**
 * Planning `create_transactions` and the undo of a `create` operation: the checks in their order, the
 * preview, the subject, the question (every transaction, full payee, the memo on its own line) and the
 * POST body. Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { AppError } from '../errors.js';
import { type MoneyText, toMilli, toUnits } from '../money.js';
import type { NewTransactionBody, YnabAccount, YnabTransaction } from '../model.js';
import { clean, cleanFull, oneLineError } from '../text.js';
import { checkTransactionDate } from './date-bounds.js';

/** A transaction as the agent gives it. */
export interface NewTransaction {
  date: string;
  amount: number;
  payee_name: string;
  memo: string | null;
  category_id: string | null;
}

export interface NewTransactionPreview {
  date: string;
  amount: number;
  payee: string;
  category: string | null;
  memo: string | null;
}

/** A transaction that passed the checks: payee trimmed, and its category's display name or null. */
export interface PlannedTransaction extends NewTransaction {
  category: string | null;
}

export interface CreatePlan {
  /** The account's name, sanitised. */
  account: string;
  items: PlannedTransaction[];
  /** A cash account's balance (milliunits), to warn when these take it below zero; null for others. */
  balance?: number | null;
}

/** The accounts whose balance below zero is an overdraft (a card or a loan lives below zero). */
const CASH = new Set(['checking', 'savings', 'cash']);

/** A cash account's balance (milliunits), to warn of an overdraft; null for an account that may go below zero. */
export const cashBalance = (account: YnabAccount): number | null =>
  CASH.has(account.type) ? account.balance : null;

/**
 * The warning said before the yes when a change of `change` milliunits takes a cash account that had
 * money below zero, or null: `after` names what the change is ("these", "this transfer").
 */
export function overdraftWarning(
  account: string,
  before: number | null,
  change: number,
  after: string,
  money: MoneyText,
): string | null {
  if (before === null || before < 0 || before + change >= 0) return null;
  return `Warning: ${account} goes below zero (overdrawn): it holds ${money(before)}, ${money(before + change)} after ${after}.`;
}

const nonEmpty = (text: string | null): text is string => text !== null && text !== '';

function checkAccount(accountId: string, accounts: readonly YnabAccount[]): YnabAccount {
  const account = accounts.find((a) => a.id === accountId && !a.deleted);
  if (account === undefined) {
    throw new AppError(`Account ${accountId} is not in this plan: use an id from list_accounts.`);
  }
  return account;
}

/** The category's display name; the internal Uncategorized and Inflow: Ready to Assign are accepted. */
export function checkCategory(categoryId: string, index: CategoryIndex): string {
  const name = index.names.get(categoryId);
  if (name === undefined || (!index.visible.has(categoryId) && !index.uncategorized.has(categoryId))) {
    throw new AppError(
      `Category ${categoryId} is not in this plan: use a category_id from get_category_balances.`,
    );
  }
  if (index.cardPayment.has(categoryId)) {
    throw new AppError(
      `Category ${categoryId} pays a credit card: YNAB ignores it on a transaction. Choose the category of what was paid for.`,
    );
  }
  return name;
}

function checkItem(item: NewTransaction, index: CategoryIndex, today: string): PlannedTransaction {
  const payee = item.payee_name.trim();
  if (payee === '') throw new AppError("The payee name is empty: give the merchant's name.");
  const notOneLine = oneLineError(payee);
  if (notOneLine !== null) throw new AppError(notOneLine);
  checkTransactionDate(item.date, today, {
    future: ' One still to come is a scheduled transaction: create_scheduled_transaction.',
  });
  const category = nonEmpty(item.category_id) ? checkCategory(item.category_id, index) : null;
  return { ...item, payee_name: payee, category };
}

/** Checks the account, then each transaction in order (the first failure refuses the call). */
export function planCreate(
  accountId: string,
  transactions: readonly NewTransaction[],
  accounts: readonly YnabAccount[],
  index: CategoryIndex,
  today: string,
): CreatePlan {
  const account = checkAccount(accountId, accounts);
  if (transactions.length === 0) throw new AppError('Give at least one transaction to create.');
  // a tracking (off-budget) account's transactions carry no category in YNAB
  if (!account.on_budget && transactions.some((t) => nonEmpty(t.category_id))) {
    throw new AppError(
      `${clean(account.name)} is a tracking account: its transactions carry no category in YNAB. Give category_id null for each of them.`,
    );
  }
  return {
    account: clean(account.name),
    items: transactions.map((t) => checkItem(t, index, today)),
    balance: cashBalance(account),
  };
}

/** The result's transactions: amounts as sent, payee and memo sanitised. */
export const createPreview = (plan: CreatePlan): NewTransactionPreview[] =>
  plan.items.map((t) => ({
    date: t.date,
    amount: toUnits(toMilli(t.amount)),
    payee: clean(t.payee_name),
    category: t.category,
    memo: nonEmpty(t.memo) ? clean(t.memo) : null,
  }));

/** The subject: the account, the items as given (payee trimmed), approved. */
export const createSubject = (accountId: string, plan: CreatePlan, approved: boolean) => ({
  account: accountId,
  items: plan.items.map((t) => ({
    date: t.date,
    amount: t.amount,
    payee_name: t.payee_name,
    memo: t.memo,
    category_id: t.category_id,
  })),
  approved,
});

/**
 * Every transaction, its full payee, and its memo (in full) on its own `  memo:` line, so the user sees
 * all that will be written.
 */
export function createQuestion(plan: CreatePlan, money: MoneyText): string {
  const lines = [`Create ${plan.items.length} transaction(s) on ${plan.account}?`];
  for (const t of plan.items) {
    lines.push(
      `- ${money.date(t.date)} ${cleanFull(t.payee_name)} ${money(toMilli(t.amount))} (${t.category ?? 'no category'})`,
    );
    if (nonEmpty(t.memo)) lines.push(`  memo: ${cleanFull(t.memo)}`);
  }
  // said before the yes: an account that had money and is left overdrawn
  const change = plan.items.reduce((sum, t) => sum + toMilli(t.amount), 0);
  const warning = overdraftWarning(plan.account, plan.balance ?? null, change, 'these', money);
  if (warning !== null) lines.push(warning);
  return lines.join('\n');
}

/** The POST body's items: cleared, approved as asked, memo and category only when non-empty. */
export function createBody(accountId: string, plan: CreatePlan, approved: boolean): NewTransactionBody[] {
  return plan.items.map((t) => ({
    account_id: accountId,
    date: t.date,
    amount: toMilli(t.amount),
    payee_name: t.payee_name,
    ...(nonEmpty(t.memo) ? { memo: t.memo } : {}),
    ...(nonEmpty(t.category_id) ? { category_id: t.category_id } : {}),
    cleared: 'cleared' as const,
    approved,
  }));
}

/** Undo of a `create` operation: the created transactions still there, and those already gone. */
export function presentIds(
  ids: readonly string[],
  transactions: readonly YnabTransaction[],
): { present: string[]; gone: string[] } {
  const live = new Set(transactions.filter((t) => !t.deleted).map((t) => t.id));
  return { present: ids.filter((id) => live.has(id)), gone: ids.filter((id) => !live.has(id)) };
}
