/** A household rule in words, each part of a condition and an action; and the cap on what apply_rules takes at once. */
import { NONE, NO_ACTION } from '../helpers/rule-parts.js';
import { describe, expect, it } from 'vitest';
import { MAX_RULED, ruledAssignments } from '../../src/domain/rules/apply.js';
import { actionWords, conditionWords, ruleAction, ruleCondition } from '../../src/domain/rules/rule.js';
import type { YnabAccount, YnabCategoryGroup } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

describe('a rule in words', () => {
  it.each([
    [{ payee: 'Costco', amount_min: 300, amount_max: 300 }, 'COSTCO of 300.00'],
    [{ payee: 'Costco', amount_min: 300 }, 'COSTCO of 300.00 or more'],
    [{ account_id: 'acc-9' }, 'any payee on acc-9'],
  ] as const)('%j reads %s', (when, words) => {
    expect(conditionWords(ruleCondition({ ...NONE, ...when }), twoDecimals, () => undefined)).toBe(words);
  });

  it('names every part of an action, a category by its name when known', () => {
    const action = { category_id: 'cat-1', payee_name: 'Costco', flag_color: 'red', note: 'bulk' } as const;
    expect(actionWords(action, (id) => (id === 'cat-1' ? 'Groceries' : undefined))).toBe(
      'Groceries, payee "Costco", flag red, bulk',
    );
    expect(actionWords({ ...NO_ACTION, category_id: 'cat-2' })).toBe('cat-2');
  });

  it('refuses an empty payee name to set', () => {
    expect(() => ruleAction({ ...NO_ACTION, payee_name: '  ' })).toThrow(
      'payee_name is empty: give the name to set, or leave it out.',
    );
  });
});

describe('apply_rules takes at most its cap at once', () => {
  it('counts what is left for the next call', () => {
    const groups = [
      {
        id: 'g',
        name: 'Everyday',
        hidden: false,
        deleted: false,
        categories: [
          { id: 'cat-1', name: 'Groceries', hidden: false, deleted: false, category_group_id: 'g' },
        ],
      },
    ] as unknown as YnabCategoryGroup[];
    const accounts = [
      { id: 'acc', name: 'Checking', on_budget: true, closed: false, deleted: false },
    ] as YnabAccount[];
    const waiting = Array.from({ length: MAX_RULED + 3 }, (_, i) => ({
      id: `t-${String(i)}`,
      date: '2026-11-02',
      amount: -1_000,
      payee_name: 'COSTCO',
      category_id: null,
      cleared: 'cleared',
      approved: false,
      account_id: 'acc',
      deleted: false,
    }));
    const rules = [
      {
        number: 1,
        said: 'Costco is groceries',
        condition: ruleCondition({ ...NONE, payee: 'Costco' }),
        action: { ...NO_ACTION, category_id: 'cat-1' },
        created_at: '2026-11-01T00:00:00Z',
      },
    ];
    const ruled = ruledAssignments(rules, waiting, groups, accounts);
    expect([ruled.assignments.length, ruled.more]).toEqual([MAX_RULED, 3]);
  });
});
