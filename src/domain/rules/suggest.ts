/**
 * The household's rules over the pending transactions: the rule that decides each one, in words, and
 * the category it sets, which then comes before what the merchant's history suggests.
 */
import type { PendingItem, PendingReview } from '../categorize/classify.js';
import type { YnabTransaction } from '../model.js';
import { clean } from '../text.js';
import { matchRule } from './order.js';
import { ruleWords, type Rule, type RuleNames } from './rule.js';

/** A pending item with the rule that decides it, when one does. */
export type RuledItem = PendingItem & { rule?: string };

/** `by rule 3: COSTCO under 300.00 is Groceries` */
export const byRuleText = (rule: Rule, names: RuleNames): string =>
  `by rule ${String(rule.number)}: ${ruleWords(rule, names)}`;

/**
 * The review with the rules applied: an item a rule decides says so, and when the rule sets a
 * category that can be given, that category is the suggestion (confidence 1), whatever the history
 * says. Without rules the review is returned as it is.
 */
export function withRules(
  review: PendingReview,
  transactions: readonly YnabTransaction[],
  rules: readonly Rule[],
  names: RuleNames,
): { items: readonly RuledItem[]; suggested_count: number } {
  if (rules.length === 0) return review;
  const wanted = new Set(review.items.map((i) => i.transaction_id));
  const byId = new Map(transactions.filter((t) => wanted.has(t.id)).map((t) => [t.id, t]));
  const assignable = new Map(review.categories.map((c) => [c.id, c.name]));
  const items = review.items.map((item): RuledItem => {
    const tx = byId.get(item.transaction_id);
    if (tx === undefined) return item;
    // the category comes from the first rule that sets one that can be given (as apply_rules takes
    // it); a rule with no such category (a note, a flag) is still shown when no other decides
    const rule =
      matchRule(rules, tx, (a) => a.category_id !== null && assignable.has(a.category_id)) ??
      matchRule(rules, tx);
    if (rule === null) return item;
    const category = rule.action.category_id;
    const name = category === null ? undefined : assignable.get(category);
    const suggestion =
      category !== null && name !== undefined
        ? { category_id: category, category_name: clean(name), confidence: 1 }
        : item.suggestion;
    return { ...item, suggestion, rule: byRuleText(rule, names) };
  });
  return { items, suggested_count: items.filter((i) => i.suggestion !== null).length };
}
