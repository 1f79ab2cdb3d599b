/**
 * Which rule wins: the more specific one, then the older. Specific means more parts to the condition;
 * among as many parts, a merchant counts over an amount range, a range over an account, an account
 * over memo words (a merchant names the transaction, memo words only hint at it). Then the older rule,
 * i.e. the smaller number. Also matching a transaction and refusing a repeated condition.
 */
import { AppError } from '../errors.js';
import type { YnabTransaction } from '../model.js';
import { merchant } from '../payees/merchant.js';
import { casefold } from '../text.js';
import { inRange } from '../transactions/search.js';
import { conditionKey, sameAction, type Rule, type RuleAction, type RuleCondition } from './rule.js';

/** The parts of a condition, most telling first. */
function parts(c: RuleCondition): number[] {
  return [c.merchant !== null, c.amount !== null, c.account_id !== null, c.memo_words.length > 0].map(Number);
}

/** Negative when `a` wins over `b`. */
export function compareRules(a: Rule, b: Rule): number {
  const pa = parts(a.condition);
  const pb = parts(b.condition);
  const count = (p: number[]) => p.reduce((s, x) => s + x, 0);
  if (count(pa) !== count(pb)) return count(pb) - count(pa);
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return (pb[i] ?? 0) - (pa[i] ?? 0);
  if (a.condition.memo_words.length !== b.condition.memo_words.length)
    return b.condition.memo_words.length - a.condition.memo_words.length;
  return a.number - b.number;
}

/** The rules in the order they are tried (the winner of a tie first). */
export const orderRules = (rules: readonly Rule[]): Rule[] => [...rules].sort(compareRules);

type Matched = Pick<YnabTransaction, 'payee_name' | 'amount' | 'account_id' | 'memo'>;

/** Whether a transaction meets a condition (its top-level amount, its bank label's merchant). */
export function meets(c: RuleCondition, tx: Matched): boolean {
  if (c.merchant !== null && merchant(tx.payee_name) !== c.merchant) return false;
  if (c.amount !== null && !inRange(tx.amount, c.amount)) return false;
  if (c.account_id !== null && tx.account_id !== c.account_id) return false;
  if (c.memo_words.length === 0) return true;
  const memo = casefold(tx.memo ?? '');
  return c.memo_words.every((w) => memo.includes(w));
}

/**
 * The rule that decides a transaction: the first, in order, whose condition it meets and whose action
 * `wanted` keeps (e.g. only rules that set a category); null when none.
 */
export function matchRule(
  rules: readonly Rule[],
  tx: Matched,
  wanted: (action: RuleAction) => boolean = () => true,
): Rule | null {
  return orderRules(rules).find((r) => wanted(r.action) && meets(r.condition, tx)) ?? null;
}

/** The rule whose condition is exactly this one, or null. */
export const sameCondition = (rules: readonly Rule[], c: RuleCondition): Rule | null =>
  rules.find((r) => conditionKey(r.condition) === conditionKey(c)) ?? null;

/**
 * Refuses a new rule whose condition another rule already has, naming it: with a different action the
 * two would contradict each other; with the same one it would change nothing.
 */
export function checkNewRule(rules: readonly Rule[], condition: RuleCondition, action: RuleAction): void {
  const other = sameCondition(rules, condition);
  if (other === null) return;
  if (sameAction(other.action, action))
    throw new AppError(`Rule ${String(other.number)} already says this ("${other.said}"): nothing to add.`);
  throw new AppError(
    `Rule ${String(other.number)} has the same condition with another action ("${other.said}"): delete_rule ${String(other.number)} first, or narrow the condition.`,
  );
}

/** The number a new rule gets: one more than any given so far (numbers are never reused). */
export const nextNumber = (rules: readonly Rule[], highest: number): number =>
  Math.max(highest, ...rules.map((r) => r.number)) + 1;
