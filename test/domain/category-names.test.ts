import { describe, expect, it } from 'vitest';
import { findGroup, resolveCategory, unknownGroup } from '../../src/domain/categories/category-names.js';
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

describe('findGroup (a category group by id or exact name)', () => {
  const groups = [
    ...GROUPS,
    group('grp-car2', 'CAR', []),
    group('grp-hidden', 'Archive', [], { hidden: true }),
    group('grp-gone', 'Bills', [], { deleted: true }),
  ];

  it.each([
    ['grp-bills', 'grp-bills'],
    ['grp-hidden', 'grp-hidden'],
    ['  bills ', 'grp-bills'],
    ['Archive', null],
    ['Internal Master Category', null],
    ['Housing', null],
  ])('%j is %s', (given, id) => {
    expect(findGroup(groups, given, 'category_group_id')).toBe(id);
  });

  it('refuses a name two visible groups share, listing their ids', () => {
    expect(() => findGroup(groups, 'car', 'category_group_id')).toThrow(
      "category_group_id 'car' names 2 category groups: give one by its id, 'grp-car' or 'grp-car2'.",
    );
  });

  it('says what an unknown value is not', () => {
    expect(unknownGroup('Housing', 'category_group_id').message).toBe(
      "category_group_id 'Housing' is neither a category group id nor the name of a visible group: use a name or id from list_category_groups.",
    );
  });
});
