/**
 * A household rule: a condition on a transaction (its merchant, an amount range, an account, words of
 * its memo), an action (a category, a payee name, a flag, a note), the person's own words, and the
 * number people call it by ("rule 3"). Pure: checks, the condition's key and its wording.
 */
import { AppError } from '../errors.js';
import type { MoneyText } from '../money.js';
import { merchant } from '../payees/merchant.js';
import { casefold, clean } from '../text.js';
import type { FlagColor } from '../transactions/flags.js';
import { amountRange, type AmountRange } from '../transactions/search.js';

export interface RuleCondition {
  /** The merchant key (`merchant()` of the label given), or null: any payee. */
  merchant: string | null;
  /** Milliunits, with find_transactions' sign handling (a negative bound keeps to signed amounts). */
  amount: AmountRange | null;
  account_id: string | null;
  /** Case-folded words that must all appear in the memo; empty: the memo does not matter. */
  memo_words: string[];
}

export interface RuleAction {
  category_id: string | null;
  payee_name: string | null;
  flag_color: FlagColor | null;
  /** What the household calls such a transaction, e.g. "reimbursement, not income". */
  note: string | null;
}

export interface Rule {
  /** Stable: never given to another rule, even after this one is deleted. */
  number: number;
  said: string;
  condition: RuleCondition;
  action: RuleAction;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** A condition as a tool receives it, amounts in currency units. */
export interface ConditionInput {
  payee: string | null;
  amount_min: number | null;
  amount_max: number | null;
  account_id: string | null;
  memo_words: string | null;
}

const WORD_SPLIT = /[\p{White_Space},;]+/u;

/** The words of a memo condition, case-folded, each once, in the order given. */
export const memoWords = (text: string | null | undefined): string[] => [
  ...new Set(
    casefold(text ?? '')
      .split(WORD_SPLIT)
      .filter((w) => w !== ''),
  ),
];

/** Checks and normalises a condition; at least one part must be given. */
export function ruleCondition(input: ConditionInput): RuleCondition {
  const key = input.payee === null ? null : merchant(input.payee);
  if (key === '')
    throw new AppError(
      `Payee "${clean(input.payee)}" has no merchant name left once normalised: give the name people see.`,
    );
  const condition: RuleCondition = {
    merchant: key,
    amount: amountRange(input.amount_min, input.amount_max),
    account_id: input.account_id,
    memo_words: memoWords(input.memo_words),
  };
  if (
    condition.merchant === null &&
    condition.amount === null &&
    condition.account_id === null &&
    condition.memo_words.length === 0
  )
    throw new AppError(
      'A rule needs a condition: give payee, amount_min/amount_max, account_id or memo_words.',
    );
  return condition;
}

/** Checks an action; at least one part must be given. */
export function ruleAction(action: RuleAction): RuleAction {
  const note = action.note === null ? null : clean(action.note);
  const payee = action.payee_name === null ? null : action.payee_name.trim();
  if (payee === '') throw new AppError('payee_name is empty: give the name to set, or leave it out.');
  const checked = { ...action, payee_name: payee, note: note === '' ? null : note };
  if (
    checked.category_id === null &&
    checked.payee_name === null &&
    checked.flag_color === null &&
    checked.note === null
  )
    throw new AppError('A rule needs an action: give category_id, payee_name, flag_color or note.');
  return checked;
}

/** A key equal for two conditions exactly when they select the same transactions as written. */
export function conditionKey(c: RuleCondition): string {
  return JSON.stringify([c.merchant, c.amount, c.account_id, [...c.memo_words].sort()]);
}

export const sameAction = (a: RuleAction, b: RuleAction): boolean =>
  a.category_id === b.category_id &&
  a.payee_name === b.payee_name &&
  a.flag_color === b.flag_color &&
  a.note === b.note;

function rangeWords(range: AmountRange, money: MoneyText): string {
  const min = range.min === null ? null : money(range.min);
  const max = range.max === null ? null : money(range.max);
  if (min !== null && max !== null) return min === max ? `of ${min}` : `from ${min} to ${max}`;
  return min !== null ? `of ${min} or more` : `under ${String(max)}`;
}

/**
 * The condition in words, e.g. `COSTCO under 300.00 on account acc-1 with "refund" in the memo`; names
 * an account by the name given when known.
 */
export function conditionWords(
  c: RuleCondition,
  money: MoneyText,
  accountName?: (id: string) => string | undefined,
): string {
  const parts = [c.merchant === null ? 'any payee' : clean(c.merchant)];
  if (c.amount) parts.push(rangeWords(c.amount, money));
  if (c.account_id !== null) parts.push(`on ${clean(accountName?.(c.account_id) ?? c.account_id)}`);
  if (c.memo_words.length > 0) parts.push(`with "${c.memo_words.join(' ')}" in the memo`);
  return parts.join(' ');
}

/** What a rule does, in words: `Groceries`, `payee "Costco", flag red`, `a reimbursement, not income`. */
export function actionWords(a: RuleAction, categoryName?: (id: string) => string | undefined): string {
  const parts: string[] = [];
  if (a.category_id !== null) parts.push(clean(categoryName?.(a.category_id) ?? a.category_id));
  if (a.payee_name !== null) parts.push(`payee "${clean(a.payee_name)}"`);
  if (a.flag_color !== null) parts.push(`flag ${a.flag_color}`);
  if (a.note !== null) parts.push(a.note);
  return parts.join(', ');
}

/** Names of a plan's accounts and categories, and how its amounts are written, to word rules with. */
export interface RuleNames {
  money: MoneyText;
  account?: (id: string) => string | undefined;
  category?: (id: string) => string | undefined;
}

/** The rule in words: `Costco under 300.00 is Groceries`. */
export const ruleWords = (rule: Rule, names: RuleNames): string =>
  `${conditionWords(rule.condition, names.money, names.account)} is ${actionWords(rule.action, names.category)}`;
