/** Household rules: checks, order (the more specific, then the older), matching and repeated conditions. */
import { NONE, NO_ACTION } from '../helpers/rule-parts.js';
import { describe, expect, it } from 'vitest';
import {
  conditionWords,
  ruleAction,
  ruleCondition,
  type ConditionInput,
  type Rule,
  type RuleAction,
} from '../../src/domain/rules/rule.js';
import { checkNewRule, matchRule, nextNumber, orderRules } from '../../src/domain/rules/order.js';
import { withRules } from '../../src/domain/rules/suggest.js';
import type { PendingReview } from '../../src/domain/categorize/classify.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const rule = (number: number, when: Partial<ConditionInput>, action: Partial<RuleAction> = {}): Rule => ({
  number,
  said: `rule ${String(number)}`,
  condition: ruleCondition({ ...NONE, ...when }),
  action: { ...NO_ACTION, category_id: `cat-${String(number)}`, ...action },
  created_at: '2026-12-01T00:00:00Z',
});

const tx = (payee: string, amount: number, extra: { account_id?: string; memo?: string | null } = {}) => ({
  payee_name: payee,
  amount,
  account_id: extra.account_id ?? 'acc-1',
  memo: extra.memo ?? null,
});

describe('conditions and actions', () => {
  it.each([
    ['no part', NONE, 'needs a condition'],
    ['a payee with no merchant left', { ...NONE, payee: '12/03' }, 'no merchant name'],
    ['a minimum above the maximum', { ...NONE, amount_min: 300, amount_max: 20 }, 'swap them'],
    ['a bound that rounds to nothing', { ...NONE, amount_max: 0.0001 }, 'amount_max'],
  ])('refuses %s', (_name, input, message) => {
    expect(() => ruleCondition(input)).toThrow(message);
  });

  it('keeps the merchant key, the range in milliunits and the memo words folded, each once', () => {
    expect(
      ruleCondition({
        payee: 'CB COSTCO 12/03',
        amount_min: null,
        amount_max: 300,
        account_id: 'acc-1',
        memo_words: 'Refund, REFUND  march',
      }),
    ).toEqual({
      merchant: 'COSTCO',
      amount: { min: null, max: 300_000, signed: false },
      account_id: 'acc-1',
      memo_words: ['refund', 'march'],
    });
  });

  it('refuses an action with nothing to do or an empty payee name', () => {
    expect(() => ruleAction(NO_ACTION)).toThrow('needs an action');
    expect(() => ruleAction({ ...NO_ACTION, payee_name: '  ' })).toThrow('payee_name is empty');
    expect(ruleAction({ ...NO_ACTION, note: ' reimbursement, not income ' }).note).toBe(
      'reimbursement, not income',
    );
  });

  it.each([
    [{ payee: 'Costco', amount_max: 300 }, 'COSTCO under 300.00'],
    [{ payee: 'Costco', amount_min: 300 }, 'COSTCO of 300.00 or more'],
    [{ amount_min: -50, amount_max: -20 }, 'any payee from -50.00 to -20.00'],
    [
      { account_id: 'acc-1', memo_words: 'rent share' },
      'any payee on Checking with "rent share" in the memo',
    ],
  ])('words %j as %s', (when, words) => {
    expect(
      conditionWords(ruleCondition({ ...NONE, ...when }), twoDecimals, (id) =>
        id === 'acc-1' ? 'Checking' : undefined,
      ),
    ).toBe(words);
  });
});

describe('order: the more specific wins, then the older', () => {
  it.each([
    [
      'an amount range over none',
      [rule(1, { payee: 'Costco' }), rule(2, { payee: 'Costco', amount_min: 300 })],
      [2, 1],
    ],
    ['a merchant over memo words', [rule(1, { memo_words: 'costco' }), rule(2, { payee: 'Costco' })], [2, 1]],
    ['a merchant over an amount range', [rule(1, { amount_max: 50 }), rule(2, { payee: 'Costco' })], [2, 1]],
    [
      'more memo words over fewer',
      [rule(1, { memo_words: 'rent' }), rule(2, { memo_words: 'rent share' })],
      [2, 1],
    ],
    ['the older among equals', [rule(4, { payee: 'Costco' }), rule(2, { payee: 'Lidl' })], [2, 4]],
    [
      'more parts over a merchant alone',
      [rule(1, { payee: 'Costco' }), rule(2, { amount_min: 10, account_id: 'acc-1' })],
      [2, 1],
    ],
  ])('%s', (_name, rules, numbers) => {
    expect(orderRules(rules).map((r) => r.number)).toEqual(numbers);
  });
});

describe('matching a transaction', () => {
  const rules = [
    rule(1, { payee: 'Costco' }, { category_id: 'groceries' }),
    rule(2, { payee: 'Costco', amount_min: 300 }, { category_id: 'household' }),
    rule(3, { memo_words: 'flatmate' }, { category_id: null, note: 'reimbursement, not income' }),
    rule(4, { amount_min: -50, amount_max: -20, account_id: 'acc-2' }, { category_id: 'small' }),
  ];
  it.each([
    ['Costco under 300', tx('CB COSTCO 12/03', -120_000), 1],
    ['Costco over 300 (a size: either sign)', tx('COSTCO', -450_000), 2],
    ['a refund from Costco over 300', tx('COSTCO', 450_000), 2],
    ['memo words, any case', tx('Jane Doe', 600_000, { memo: 'Rent from FLATMATE' }), 3],
    ['a signed range keeps to money out', tx('Shop', -30_000, { account_id: 'acc-2' }), 4],
    ['not money in for a signed range', tx('Shop', 30_000, { account_id: 'acc-2' }), null],
    ['not on another account', tx('Shop', -30_000), null],
    ['no rule', tx('Lidl', -10_000), null],
  ])('%s', (_name, t, number) => {
    expect(matchRule(rules, t)?.number ?? null).toBe(number);
  });

  it('keeps only rules whose action is wanted', () => {
    const t = tx('Jane', 600_000, { memo: 'flatmate' });
    expect(matchRule(rules, t, (a) => a.category_id !== null)).toBeNull();
  });
});

describe('a repeated condition', () => {
  const rules = [rule(3, { payee: 'Costco', amount_max: 300 }, { category_id: 'groceries' })];
  it('is refused with another action, naming the rule', () => {
    const c = ruleCondition({ ...NONE, payee: 'COSTCO', amount_max: 300 });
    expect(() => checkNewRule(rules, c, { ...NO_ACTION, category_id: 'household' })).toThrow(
      'Rule 3 has the same condition with another action ("rule 3")',
    );
    expect(() => checkNewRule(rules, c, { ...NO_ACTION, category_id: 'groceries' })).toThrow(
      'Rule 3 already says this',
    );
  });
  it('is not a narrower or wider one', () => {
    const c = ruleCondition({ ...NONE, payee: 'COSTCO', amount_max: 200 });
    expect(() => checkNewRule(rules, c, { ...NO_ACTION, category_id: 'household' })).not.toThrow();
  });
  it('numbers are never reused', () => {
    expect(nextNumber(rules, 7)).toBe(8);
    expect(nextNumber(rules, 0)).toBe(4);
    expect(nextNumber([], 0)).toBe(1);
  });
});

describe('withRules: the rules over the pending review', () => {
  const review = {
    items: [
      {
        transaction_id: 't1',
        suggestion: { category_id: 'history', category_name: 'History', confidence: 0.8 },
      },
      { transaction_id: 't2', suggestion: null },
      { transaction_id: 't3', suggestion: null },
    ],
    suggested_count: 1,
    categories: [
      { id: 'cat-1', name: 'Groceries' },
      { id: 'history', name: 'History' },
    ],
  } as unknown as PendingReview;
  const txs = [
    { id: 't1', ...tx('COSTCO', -50_000, { memo: 'weekly shop' }) },
    { id: 't2', ...tx('Jane', 600_000, { memo: 'flatmate' }) },
    { id: 't3', ...tx('Lidl', -1_000) },
  ] as unknown as YnabTransaction[];
  const rules = [
    rule(1, { payee: 'Costco' }),
    rule(2, { payee: 'Costco', memo_words: 'weekly' }, { category_id: null, note: 'the big shop' }),
    rule(3, { memo_words: 'flatmate' }, { category_id: null, note: 'reimbursement, not income' }),
    rule(4, { payee: 'Lidl' }, { category_id: 'cat-hidden' }),
  ];

  it('takes the category of the first rule that sets one that can be given, and says which', () => {
    const ruled = withRules(review, txs, rules, {
      money: twoDecimals,
      category: (id) => (id === 'cat-1' ? 'Groceries' : undefined),
    });
    expect(ruled.items.map((i) => [i.suggestion?.category_id ?? null, i.rule])).toEqual([
      ['cat-1', 'by rule 1: COSTCO is Groceries'],
      [null, 'by rule 3: any payee with "flatmate" in the memo is reimbursement, not income'],
      [null, 'by rule 4: LIDL is cat-hidden'],
    ]);
    expect(ruled.suggested_count).toBe(1);
  });

  it('leaves the review as it is without rules', () => {
    expect(withRules(review, txs, [], { money: twoDecimals })).toBe(review);
  });
});
