/**
 * The category writes' rules on what YNAB may send: deleted groups and categories, internal groups known
 * only by YNAB's flag, a category whose group is not listed, a hidden group as a destination, and a
 * target the API cannot recreate.
 */
import { describe, expect, it } from 'vitest';
import { monthCategory, monthIndex } from '../../src/domain/categories/budget-writes.js';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import { planUpdate, type UpdateAsk } from '../../src/domain/categories/category-writes.js';
import { planTarget, recreateFields } from '../../src/domain/categories/target-writes.js';
import { AppError } from '../../src/domain/errors.js';
import type { YnabCategory, YnabCategoryGroup } from '../../src/domain/model.js';
import { cat as categoryRow, group as groupRow } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

/** A category of the given group, and a group with its own id: the shared row builders, ids first. */
const cat = (id: string, name: string, group: string, over: Partial<YnabCategory> = {}): YnabCategory =>
  categoryRow(id, name, { category_group_id: group, ...over });
const group = (
  id: string,
  name: string,
  categories: YnabCategory[],
  over: Partial<YnabCategoryGroup> = {},
): YnabCategoryGroup => groupRow(name, categories, { id, ...over });
// YNAB flags its own group internal; the name and the category's name are ones this version does not know.
const FLAGGED = group('g-sys', 'System', [cat('c-deferred', 'Deferred Income SubCategory', 'g-sys')], {
  internal: true,
});
const ask = (over: Partial<UpdateAsk>): UpdateAsk => ({
  category_id: 'c-a',
  name: null,
  category_group_id: null,
  ...over,
});

describe('indexCategories', () => {
  it('names the live categories, hidden ones included, and lists the internal groups among the live ones', () => {
    const index = indexCategories([
      FLAGGED,
      group('g-old-sys', 'Internal Master Category', [cat('c-x', 'X', 'g-old-sys')], { deleted: true }),
      group('g-bills', 'Bills', [
        cat('c-rent', 'Rent\u200b', 'g-bills'),
        cat('c-hidden', 'Old', 'g-bills', { hidden: true }),
        cat('c-gone', 'Gone', 'g-bills', { deleted: true }),
      ]),
    ]);
    expect([...index.names]).toEqual([
      ['c-deferred', 'Deferred Income SubCategory'],
      ['c-rent', 'Rent'],
      ['c-hidden', 'Old'],
    ]);
    expect([...index.internalGroups]).toEqual(['g-sys']);
  });
});

describe('monthCategory', () => {
  it('refuses a deleted category as not in the plan, and an internal one by its own flag', () => {
    const index = monthIndex([
      cat('c-gone', 'Gone', 'g', { deleted: true }),
      cat('c-sys', 'Hidden Categories', 'g', { internal: true }),
    ]);
    expect(() => monthCategory(index, 'c-gone')).toThrow(
      new AppError('Category c-gone is not in this plan: use a category_id from get_category_balances.'),
    );
    expect(() => monthCategory(index, 'c-sys')).toThrow(
      /^Hidden Categories \(c-sys\) is one of YNAB's internal categories/,
    );
  });
});

describe('planUpdate', () => {
  it('refuses a category of a group YNAB flags internal, whatever the names', () => {
    expect(() => planUpdate([FLAGGED], [], ask({ category_id: 'c-deferred', name: 'Mine' }))).toThrow(
      "Category c-deferred is one of YNAB's own categories: YNAB manages its name and group.",
    );
  });

  it('refuses a card payment category whose group is not listed, by the group name it carries', () => {
    const orphan = [
      group('g-x', 'X', [
        cat('c-visa', 'Visa', 'g-missing', { category_group_name: 'Credit Card Payments' }),
      ]),
    ];
    expect(() => planUpdate(orphan, [], ask({ category_id: 'c-visa', name: 'Card' }))).toThrow(
      "Category c-visa is one of YNAB's own categories: YNAB manages its name and group.",
    );
  });

  it('names the hidden group it stays in when the new name is taken there', () => {
    const hidden = [
      group('g-h', 'Secret', [cat('c-a', 'A', 'g-h'), cat('c-b', 'B', 'g-h')], { hidden: true }),
    ];
    expect(() => planUpdate(hidden, [], ask({ name: 'b' }))).toThrow("'b' already exists in Secret.");
  });
});

describe('target writes', () => {
  it('refuses a target on a category of a group YNAB flags internal', () => {
    const index = indexCategories([FLAGGED]);
    const write = { category_id: 'c-deferred', amount: 10, by_date: null, frequency: null };
    expect(() => planTarget(index, write, twoDecimals)).toThrow(/is one of YNAB's internal categories/);
  });

  it.each([
    ['every 2 months', 3],
    ['every 2 years', 14],
  ])(
    'cannot recreate a spending target %s (the API takes each month, week or year only)',
    (_name, cadence) => {
      const c = cat('c', 'C', 'g', {
        goal_type: 'NEED',
        goal_target: 100_000,
        goal_cadence: cadence,
        goal_cadence_frequency: 1,
      });
      expect(recreateFields(c)).toBeNull();
    },
  );
});
