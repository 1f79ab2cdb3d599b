/** A rule's empty condition and empty action, which the rule tests fill in part by part. */
import type { ConditionInput, RuleAction } from '../../src/domain/rules/rule.js';

export const NONE: ConditionInput = {
  payee: null,
  amount_min: null,
  amount_max: null,
  account_id: null,
  memo_words: null,
};
export const NO_ACTION: RuleAction = { category_id: null, payee_name: null, flag_color: null, note: null };
