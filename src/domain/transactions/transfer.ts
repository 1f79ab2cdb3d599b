/**
 * Planning `create_transfer`: one linked transfer between two accounts, made the way YNAB makes one —
 * a transaction on one account whose payee is the other account's transfer payee (YNAB then creates
 * the other side). A transfer that leaves or enters the budget (a budget account with a tracking
 * account) is spending or income for the budget, so its budget side carries a category and is the
 * side sent; a transfer between two budget accounts (a credit-card payment among them) or two
 * tracking accounts carries none. Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { AppError } from '../errors.js';
import { type MoneyText, toMilli, toUnits } from '../money.js';
import type { NewTransactionBody, YnabAccount } from '../model.js';
import { clean, cleanFull } from '../text.js';
import { cashBalance, checkCategory, overdraftWarning } from './create-transactions.js';
import { checkTransactionDate } from './date-bounds.js';

export interface TransferRequest {
  from_account_id: string;
  to_account_id: string;
  amount: number;
  date: string;
  memo: string | null;
  category_id: string | null;
}

export interface TransferSide {
  account: string;
  amount: number;
}

export interface TransferPlan {
  /** The source side first, then the target side (currency units). */
  sides: [TransferSide, TransferSide];
  /** The category of the budget side, or null. */
  category: string | null;
  /** The account the category applies to (the budget side), or null. */
  categoryAccount: string | null;
  /** The source's balance (milliunits) when it is a cash account, to warn of an overdraft; else null. */
  sourceBalance: number | null;
  body: NewTransactionBody;
}

function account(id: string, accounts: readonly YnabAccount[]): YnabAccount {
  const found = accounts.find((a) => a.id === id && !a.deleted);
  if (found === undefined)
    throw new AppError(`Account ${id} is not in this plan: use an id from list_accounts.`);
  if (found.closed) {
    throw new AppError(
      `Account ${clean(found.name)} is closed: reopen it in YNAB before moving money to or from it.`,
    );
  }
  if (!found.transfer_payee_id) {
    throw new AppError(
      `Account ${clean(found.name)} has no transfer payee in YNAB: a transfer cannot be made to it.`,
    );
  }
  return found;
}

/** The category rule: required on the budget side of a budget↔tracking transfer, refused otherwise. */
function transferCategory(
  req: TransferRequest,
  from: YnabAccount,
  to: YnabAccount,
  budgetSide: YnabAccount | null,
  index: CategoryIndex,
): string | null {
  if (budgetSide === null) {
    if (req.category_id === null) return null;
    throw new AppError(
      `A transfer between ${from.on_budget ? 'two budget accounts' : 'two tracking accounts'} takes no category: leave category_id out.`,
    );
  }
  const tracking = budgetSide === from ? to : from;
  if (req.category_id === null) {
    throw new AppError(
      `A transfer between the budget account ${clean(budgetSide.name)} and the tracking account ${clean(tracking.name)} is ${budgetSide === from ? 'spending' : 'income'} for the budget: YNAB needs a category on the ${clean(budgetSide.name)} side. Give category_id.`,
    );
  }
  return checkCategory(req.category_id, index);
}

/** Checks the accounts, the date and the category rule, then builds the one POST item. */
export function planTransfer(
  req: TransferRequest,
  accounts: readonly YnabAccount[],
  index: CategoryIndex,
  today: string,
): TransferPlan {
  const from = account(req.from_account_id, accounts);
  const to = account(req.to_account_id, accounts);
  if (from.id === to.id) throw new AppError('A transfer needs two different accounts.');
  if (!(req.amount > 0))
    throw new AppError('The amount of a transfer must be more than 0: it is what leaves the source account.');
  checkTransactionDate(req.date, today, { future: ' A transfer still to come is a scheduled transaction.' });
  const milli = toMilli(req.amount);
  const crossing = from.on_budget !== to.on_budget;
  const budgetSide = crossing ? (from.on_budget ? from : to) : null;
  const category = transferCategory(req, from, to, budgetSide, index);
  // The side sent is the budget side when there is one (only it can carry the category), else the source.
  const sent = budgetSide ?? from;
  const other = sent === from ? to : from;
  const body: NewTransactionBody = {
    account_id: sent.id,
    date: req.date,
    amount: sent === from ? -milli : milli,
    payee_id: other.transfer_payee_id ?? null,
    ...(req.memo !== null && req.memo !== '' ? { memo: req.memo } : {}),
    ...(budgetSide !== null ? { category_id: req.category_id } : {}),
    cleared: 'uncleared',
    approved: true,
  };
  return {
    sides: [
      { account: clean(from.name), amount: toUnits(-milli) },
      { account: clean(to.name), amount: toUnits(milli) },
    ],
    category,
    categoryAccount: budgetSide === null ? null : clean(budgetSide.name),
    sourceBalance: cashBalance(from),
    body,
  };
}

/**
 * The amount, both sides with their signs, the category of the budget side, the memo, and whether the
 * pair is entered cleared: the user sees before agreeing that it waits for the bank to show it. A
 * transfer that overdraws a cash account ends in a warning, set apart on the approval card.
 */
export function transferQuestion(plan: TransferPlan, req: TransferRequest, money: MoneyText): string {
  const [from, to] = plan.sides;
  const lines = [
    `Transfer ${money(toMilli(req.amount))} from ${from.account} to ${to.account} on ${money.date(req.date)}?`,
    `- ${from.account}: ${money(toMilli(from.amount))} (Transfer : ${to.account})`,
    `- ${to.account}: +${money(toMilli(to.amount))} (Transfer : ${from.account})`,
  ];
  if (plan.category !== null) lines.push(`  category on ${plan.categoryAccount ?? ''}: ${plan.category}`);
  if (req.memo !== null && req.memo !== '') lines.push(`  memo: ${cleanFull(req.memo)}`);
  lines.push(`  both sides ${plan.body.cleared}, until the bank shows them`);
  // said before the yes, as for new transactions: a cash account that had money is left overdrawn
  const warning = overdraftWarning(
    from.account,
    plan.sourceBalance,
    -toMilli(req.amount),
    'this transfer',
    money,
  );
  if (warning !== null) lines.push(warning);
  return lines.join('\n');
}
