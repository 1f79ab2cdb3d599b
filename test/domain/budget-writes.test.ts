import { describe, expect, it } from 'vitest';
import {
  checkDistinct,
  monthIndex,
  planBudget,
  planBudgetUndo,
  planMove,
  planMoveUndo,
  resolveMonth,
  rollbackFailedText,
  rolledBackText,
} from '../../src/domain/categories/budget-writes.js';
import { AppError } from '../../src/domain/errors.js';
import type { YnabCategory } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const cat = (
  id: string,
  name: string,
  budgeted: number,
  balance: number,
  extra: Partial<YnabCategory> = {},
): YnabCategory => ({
  id,
  name,
  category_group_id: 'grp',
  category_group_name: 'Group',
  hidden: false,
  deleted: false,
  budgeted,
  activity: balance - budgeted,
  balance,
  ...extra,
});

/** A category without some of YNAB's fields (missing numbers count as 0). */
const without = (c: YnabCategory, ...keys: (keyof YnabCategory)[]): YnabCategory => {
  const copy = { ...c };
  for (const k of keys) delete copy[k];
  return copy;
};

const INDEX = monthIndex([
  cat('cat-rest', 'Restaurants', 120_000, 65_500),
  cat('cat-groc', 'Groceries', 400_000, -12_340),
  cat('cat-old', 'Old\u200b stuff\n- forged', 5_000, 5_000, { hidden: true }),
  cat('cat-gone', 'Gone', 1_000, 1_000, { deleted: true }),
  without(cat('cat-nobudget', 'Empty', 0, 0), 'budgeted', 'balance'),
]);

describe('resolveMonth', () => {
  it.each([
    ['current', '2026-09-25', '2026-09-01'],
    ['current', '2027-01-01', '2027-01-01'],
    ['current', '2026-12-31', '2026-12-01'],
    ['2026-08-01', '2026-09-25', '2026-08-01'],
  ])('%s on %s → %s', (month, today, expected) => {
    expect(resolveMonth(month, today)).toBe(expected);
  });
});

describe('monthIndex', () => {
  it('keeps hidden categories, drops deleted ones, flattens groups', () => {
    expect([...INDEX.keys()]).toEqual(['cat-rest', 'cat-groc', 'cat-old', 'cat-nobudget']);
    const nested = monthIndex([
      { ...cat('grp-x', 'Fun', 0, 0), categories: [without(cat('cat-a', 'A', 1, 1), 'category_group_name')] },
    ]);
    expect([...nested.keys()]).toEqual(['cat-a']);
    expect(nested.get('cat-a')?.category_group_name).toBe('Fun');
  });
});

describe('planBudget', () => {
  it.each([
    ['cat-rest', 150_000, true, 'Budget Restaurants for 2026-09-01: budgeted 120.00 → 150.00?'],
    ['cat-rest', 120_000, false, 'Budget Restaurants for 2026-09-01: budgeted 120.00 → 120.00?'],
    [
      'cat-groc',
      -10,
      true,
      'Budget Groceries for 2026-09-01: budgeted 400.00 → -0.01?\nWarning: Groceries goes further below zero: it has -12.34 available, -412.35 after this change.',
    ],
    ['cat-old', 0, true, 'Budget Old stuff - forged for 2026-09-01: budgeted 5.00 → 0.00?'],
    ['cat-nobudget', 1_125, true, 'Budget Empty for 2026-09-01: budgeted 0.00 → 1.12?'],
    ['cat-nobudget', 1_375, true, 'Budget Empty for 2026-09-01: budgeted 0.00 → 1.38?'],
  ])('%s to %d milliunits', (id, to, changes, question) => {
    const p = planBudget(INDEX, id, '2026-09-01', to, twoDecimals);
    expect(p.changes).toBe(changes);
    expect(p.question).toBe(question);
    expect(p.subject).toEqual({ category: id, month: '2026-09-01', amount: to });
  });

  it.each([
    // more than Ready to Assign holds: warned
    [
      150_000,
      20_000,
      [
        'Warning: this assigns 30.00, more than Ready to Assign holds (20.00): Ready to Assign goes below zero.',
      ],
    ],
    // exactly what it holds, or less: nothing to warn of
    [150_000, 30_000, []],
    // lowering a budget gives money back: nothing to warn of, whatever Ready to Assign holds
    [100_000, -5_000, []],
    // no Ready to Assign known: no warning about it
    [150_000, undefined, []],
  ])('to %d with %s Ready to Assign', (to, ready, warnings) => {
    const p = planBudget(INDEX, 'cat-rest', '2026-09-01', to, twoDecimals, ready);
    expect(p.question.split('\n').slice(1)).toEqual(warnings);
  });

  it('warns nothing when an overspent category is made better off', () => {
    // Groceries has -12.34: budgeting more leaves it below zero, but less so
    const p = planBudget(INDEX, 'cat-groc', '2026-09-01', 405_000, twoDecimals);
    expect(p.question).toBe('Budget Groceries for 2026-09-01: budgeted 400.00 → 405.00?');
  });

  it.each(['cat-gone', 'cat-nope'])('refuses %s as not in this plan', (id) => {
    expect(() => planBudget(INDEX, id, '2026-09-01', 1, twoDecimals)).toThrow(
      new AppError(`Category ${id} is not in this plan: use a category_id from get_category_balances.`),
    );
  });
});

describe('planMove', () => {
  it('moves from the source to the target, each side with what is available after', () => {
    const p = planMove(INDEX, 'cat-rest', 'cat-groc', '2026-09-01', 20_000, twoDecimals);
    expect(p.subject).toEqual({ from: 'cat-rest', to: 'cat-groc', month: '2026-09-01', amount: 20_000 });
    expect(p.question).toBe(
      'Move 20.00 from Restaurants to Groceries for 2026-09-01?\n- Restaurants: budgeted 120.00 → 100.00, available after 45.50\n- Groceries: budgeted 400.00 → 420.00, available after 7.66',
    );
    expect([p.source.from, p.source.to, p.source.availableAfter]).toEqual([120_000, 100_000, 45_500]);
    expect([p.target.from, p.target.to, p.target.availableAfter]).toEqual([400_000, 420_000, 7_660]);
  });

  it('lets the source go negative and shows a hidden category by its sanitised name', () => {
    const p = planMove(INDEX, 'cat-old', 'cat-groc', '2026-09-01', 7_500, twoDecimals);
    expect(p.question.split('\n')).toEqual([
      'Move 7.50 from Old stuff - forged to Groceries for 2026-09-01?',
      '- Old stuff - forged: budgeted 5.00 → -2.50, available after -2.50',
      '- Groceries: budgeted 400.00 → 407.50, available after -4.84',
      // the source ends below zero: a warning line, set apart from the change's lines
      'Warning: Old stuff - forged goes below zero: it has 5.00 available, -2.50 after this change.',
    ]);
  });

  it.each([
    ['cat-rest', 'cat-rest', 'Give two different categories: money moves from one to another.'],
    [
      'cat-nope',
      'cat-rest',
      'Category cat-nope is not in this plan: use a category_id from get_category_balances.',
    ],
    [
      'cat-rest',
      'cat-gone',
      'Category cat-gone is not in this plan: use a category_id from get_category_balances.',
    ],
    ['cat-x', 'cat-y', 'Category cat-x is not in this plan: use a category_id from get_category_balances.'],
  ])('refuses %s → %s', (from, to, message) => {
    expect(() => planMove(INDEX, from, to, '2026-09-01', 1, twoDecimals)).toThrow(new AppError(message));
  });

  it('checkDistinct alone', () => {
    expect(() => checkDistinct('a', 'a')).toThrow(AppError);
    expect(() => checkDistinct('a', 'b')).not.toThrow();
  });

  it('words both compensation errors, each saying what YNAB now holds', () => {
    const p = planMove(INDEX, 'cat-rest', 'cat-groc', '2026-09-01', 20_000, twoDecimals);
    expect(rolledBackText(p, 'YNAB 500: internal error', twoDecimals)).toBe(
      'YNAB refused to change Groceries (YNAB 500: internal error); Restaurants is back to 120.00: nothing was moved.',
    );
    expect(rollbackFailedText(p, 'YNAB 500: a', 'YNAB 503: b', twoDecimals)).toBe(
      'YNAB refused to change Groceries (YNAB 500: a), then putting Restaurants back failed too (YNAB 503: b): set Restaurants back to 120.00 in YNAB.',
    );
  });
});

describe('planBudgetUndo', () => {
  it.each([
    [
      { category_id: 'cat-rest', from: 100_000, to: 120_000 },
      [],
      null,
      [{ category_id: 'cat-rest', budgeted: 100_000 }],
    ],
    [
      { category_id: 'cat-rest', from: 100_000, to: 130_000 },
      ['cat-rest'],
      'The amount changed since: left alone.',
      [],
    ],
    [
      { category_id: 'cat-gone', from: 0, to: 1_000 },
      ['cat-gone'],
      'The amount changed since: left alone.',
      [],
    ],
    [
      { category_id: 'cat-nobudget', from: 5_000, to: 0 },
      [],
      null,
      [{ category_id: 'cat-nobudget', budgeted: 5_000 }],
    ],
  ])('%j', (change, conflicts, full, writes) => {
    const u = planBudgetUndo(INDEX, '2026-09-01', change, twoDecimals);
    expect(u.conflicts).toEqual(conflicts);
    expect(u.fullConflict).toBe(full);
    expect(u.writes).toEqual(writes);
    expect(u.items).toEqual([change.category_id]);
  });

  it('asks with the category name and the previous amount', () => {
    expect(
      planBudgetUndo(
        INDEX,
        '2026-09-01',
        { category_id: 'cat-rest', from: 100_000, to: 120_000 },
        twoDecimals,
      ).question,
    ).toBe('Undo: set Restaurants for 2026-09-01 back to 100.00?');
  });
});

describe('planMoveUndo', () => {
  const src = (to: number) => ({ category_id: 'cat-rest', from: 140_000, to });
  const dst = (to: number) => ({ category_id: 'cat-groc', from: 380_000, to });

  it('restores the target first, then the source', () => {
    const u = planMoveUndo(INDEX, '2026-09-01', src(120_000), dst(400_000), twoDecimals);
    expect(u).toEqual({
      conflicts: [],
      fullConflict: null,
      question: 'Undo: move 20.00 back from Groceries to Restaurants for 2026-09-01?',
      items: ['cat-groc', 'cat-rest'],
      writes: [
        { category_id: 'cat-groc', budgeted: 380_000 },
        { category_id: 'cat-rest', budgeted: 140_000 },
      ],
    });
  });

  it.each([
    [src(1), dst(400_000), ['cat-rest']],
    [src(120_000), dst(1), ['cat-groc']],
    [src(1), dst(1), ['cat-rest', 'cat-groc']],
    [{ category_id: 'cat-gone', from: 0, to: 1_000 }, dst(400_000), ['cat-gone']],
  ])('leaves both alone when an amount changed: %j %j', (source, target, conflicts) => {
    const u = planMoveUndo(INDEX, '2026-09-01', source, target, twoDecimals);
    expect(u.conflicts).toEqual(conflicts);
    expect(u.fullConflict).toBe('An amount changed since: both left alone.');
    expect(u.writes).toEqual([]);
  });
});
