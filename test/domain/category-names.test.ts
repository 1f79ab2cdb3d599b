import { describe, expect, it } from 'vitest';
import { resolveCategory } from '../../src/domain/categories/category-names.js';
import type { YnabCategory, YnabCategoryGroup } from '../../src/domain/model.js';

const category = (id: string, name: string, group: string, hidden = false): YnabCategory => ({
  id,
  name,
  category_group_id: group,
  hidden,
  deleted: false,
});
const group = (id: string, name: string, categories: YnabCategory[], extra = {}): YnabCategoryGroup => ({
  id,
  name,
  hidden: false,
  deleted: false,
  categories,
  ...extra,
});

const GROUPS = [
  group('grp-in', 'Internal Master Category', [category('cat-inflow', 'Inflow: Ready to Assign', 'grp-in')], {
    internal: true,
  }),
  group('grp-bills', 'Bills', [
    category('cat-rent', 'Rent', 'grp-bills'),
    category('cat-ins-b', 'Insurance', 'grp-bills'),
  ]),
  group('grp-car', 'Car', [
    category('cat-ins-c', 'Insurance', 'grp-car'),
    category('cat-fun', 'Dining &amp; Fun', 'grp-car'),
    category('cat-old', 'Old', 'grp-car', true),
  ]),
];

describe('resolveCategory (a category by id, name or Group: Name)', () => {
  it.each([
    ['cat-rent', 'cat-rent'],
    ['rent', 'cat-rent'],
    ['  RENT ', 'cat-rent'],
    ['dining & fun', 'cat-fun'],
    ['Car: Insurance', 'cat-ins-c'],
    ['bills: insurance', 'cat-ins-b'],
  ])('%j is %s', (given, id) => {
    expect(resolveCategory(GROUPS, given, 'category')).toBe(id);
  });

  it('refuses a name two groups share, listing each as Group: Name', () => {
    expect(() => resolveCategory(GROUPS, 'insurance', 'category')).toThrow(
      "category 'insurance' names 2 categories: give one as 'Bills: Insurance' or 'Car: Insurance', or its id.",
    );
  });

  it.each(['Old', 'cat-old', 'Inflow: Ready to Assign', 'Gym', ''])(
    'refuses %j: hidden, internal or unknown',
    (given) => {
      expect(() => resolveCategory(GROUPS, given, 'category')).toThrow(
        'is neither a category id nor the name of a visible category: use a name or id from get_category_balances.',
      );
    },
  );
});
