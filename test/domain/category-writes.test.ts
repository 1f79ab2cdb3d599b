import { describe, expect, it } from 'vitest';
import {
  checkName,
  planCreate,
  planUpdate,
  type GroupRef,
  type UpdateAsk,
} from '../../src/domain/categories/category-writes.js';
import type { YnabCategory, YnabCategoryGroup } from '../../src/domain/model.js';
import { cat as categoryRow, group as groupRow } from '../helpers/rows.js';

/** A category of the given group, and a group with its own id: the shared row builders, ids first. */
const cat = (id: string, name: string, group: string, over: Partial<YnabCategory> = {}): YnabCategory =>
  categoryRow(id, name, { category_group_id: group, ...over });
const group = (
  id: string,
  name: string,
  categories: YnabCategory[],
  over: Partial<YnabCategoryGroup> = {},
): YnabCategoryGroup => groupRow(name, categories, { id, ...over });

const GROUPS: YnabCategoryGroup[] = [
  group('g-int', 'Internal Master Category', [cat('c-inflow', 'Inflow: Ready to Assign', 'g-int')]),
  group('g-cc', 'Credit Card Payments', [cat('c-visa', 'Visa', 'g-cc')]),
  group('g-bills', 'Bills', [
    cat('c-rent', 'Rent', 'g-bills'),
    cat('c-power', 'Electricity', 'g-bills'),
    cat('c-old', 'Old', 'g-bills', { hidden: true }),
    cat('c-gone', 'Gone', 'g-bills', { deleted: true }),
  ]),
  group('g-fun', 'Fun', [
    cat('c-tennis', 'Tennis', 'g-fun'),
    cat('c-strasse', 'Straße', 'g-fun'),
    cat('c-kids', "Kid's", 'g-fun'),
  ]),
  group('g-hidden', 'Secret', [cat('c-secret', 'Secret stuff', 'g-hidden')], { hidden: true }),
];
const VISIBLE: GroupRef[] = [
  { id: 'g-bills', name: 'Bills' },
  { id: 'g-fun', name: 'Fun' },
];

const ask = (over: Partial<UpdateAsk>): UpdateAsk => ({
  category_id: 'c-rent',
  name: null,
  category_group_id: null,
  ...over,
});

describe('checkName', () => {
  it.each([
    ['  Rent  ', 'Rent'],
    ['Épargne vacances', 'Épargne vacances'],
    ['Rent\n', 'Rent'],
  ])('%j → %j', (given, trimmed) => {
    expect(checkName(given, 'empty')).toBe(trimmed);
  });

  it.each([
    ['', 'empty'],
    [' \t ', 'empty'],
    [
      'Rent\nForged',
      "'Rent Forged' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.",
    ],
    [
      'Re\u200bnt',
      "'Rent' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.",
    ],
    [
      'A\u2028B',
      "'A B' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.",
    ],
  ])('%j is refused', (given, message) => {
    expect(() => checkName(given, 'empty')).toThrow(message);
  });
});

describe('planUpdate (update_category)', () => {
  it.each([
    ['a rename', { name: ' Loyer ' }, { name: 'Loyer' }, 'Loyer', 'Bills', 'g-bills'],
    ['a move', { category_group_id: 'g-fun' }, { category_group_id: 'g-fun' }, 'Rent', 'Fun', 'g-fun'],
    [
      'both',
      { name: 'Flat', category_group_id: 'g-fun' },
      { name: 'Flat', category_group_id: 'g-fun' },
      'Flat',
      'Fun',
      'g-fun',
    ],
    ['a case-only rename of itself', { name: 'RENT' }, { name: 'RENT' }, 'RENT', 'Bills', 'g-bills'],
    ['nothing', {}, {}, 'Rent', 'Bills', 'g-bills'],
    [
      'the same name and group',
      { name: 'Rent', category_group_id: 'g-bills' },
      {},
      'Rent',
      'Bills',
      'g-bills',
    ],
    ['the name of a hidden category', { name: 'old' }, { name: 'old' }, 'old', 'Bills', 'g-bills'],
    ['the name of a deleted category', { name: 'Gone' }, { name: 'Gone' }, 'Gone', 'Bills', 'g-bills'],
  ] as [string, Partial<UpdateAsk>, object, string, string, string][])(
    '%s',
    (_what, over, patch, toName, toGroup, toGroupId) => {
      expect(planUpdate(GROUPS, VISIBLE, ask(over))).toEqual({
        category_id: 'c-rent',
        from_name: 'Rent',
        to_name: toName,
        from_group: 'Bills',
        to_group: toGroup,
        to_group_id: toGroupId,
        patch,
      });
    },
  );

  it('a category of a hidden group keeps an empty destination name', () => {
    const p = planUpdate(GROUPS, VISIBLE, ask({ category_id: 'c-secret', name: 'Secret' }));
    expect([p.from_group, p.to_group, p.to_group_id, p.patch]).toEqual([
      'Secret',
      '',
      'g-hidden',
      { name: 'Secret' },
    ]);
  });

  it.each([
    [
      { category_id: 'c-nope' },
      'Category c-nope is not in this plan: use a category_id from suggest_categories.',
    ],
    [
      { category_id: 'c-old' },
      'Category c-old is not in this plan: use a category_id from suggest_categories.',
    ],
    [
      { category_id: 'c-gone' },
      'Category c-gone is not in this plan: use a category_id from suggest_categories.',
    ],
    [
      { category_id: 'c-inflow', name: 'Income' },
      "Category c-inflow is one of YNAB's own categories: YNAB manages its name and group.",
    ],
    [
      { category_id: 'c-visa', category_group_id: 'g-fun' },
      "Category c-visa is one of YNAB's own categories: YNAB manages its name and group.",
    ],
    [
      { category_group_id: 'g-cc', name: '' },
      'Group g-cc is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'g-hidden' },
      'Group g-hidden is not in this plan: use an id from list_category_groups.',
    ],
    [{ name: '  ' }, 'The new name is empty: give a name, or omit it to keep the current one.'],
    [{ name: 'electricity' }, "'electricity' already exists in Bills."],
    [{ name: 'STRASSE', category_group_id: 'g-fun' }, "'STRASSE' already exists in Fun."],
    [
      { category_id: 'c-power', name: 'Tennis', category_group_id: 'g-fun' },
      "'Tennis' already exists in Fun.",
    ],
    [
      { category_id: 'c-tennis', category_group_id: 'g-bills', name: 'rent' },
      "'rent' already exists in Bills.",
    ],
  ] as [Partial<UpdateAsk>, string][])('%j is refused in order', (over, message) => {
    expect(() => planUpdate(GROUPS, VISIBLE, ask(over))).toThrow(message);
  });

  it('moves a category whose name exists in the destination: refused', () => {
    const groups = [...GROUPS, group('g-more', 'More', [cat('c-rent2', 'rent', 'g-more')])];
    const visible = [...VISIBLE, { id: 'g-more', name: 'More' }];
    expect(() => planUpdate(groups, visible, ask({ category_group_id: 'g-more' }))).toThrow(
      "'Rent' already exists in More.",
    );
  });

  it('falls back to the category group name YNAB gives when the group is not listed', () => {
    const orphan = [group('g-x', 'X', [cat('c-a', 'A', 'g-y', { category_group_name: 'Y' })])];
    expect(planUpdate(orphan, VISIBLE, ask({ category_id: 'c-a', name: 'B' })).from_group).toBe('Y');
    const bare = [group('g-x', 'X', [cat('c-a', 'A', 'g-y')])];
    expect(planUpdate(bare, VISIBLE, ask({ category_id: 'c-a', name: 'B' })).from_group).toBe('');
  });
});

describe('planCreate (create_category)', () => {
  it.each([
    [{ category_group_id: 'g-fun', name: '  Climbing ' }, 'Climbing'],
    [{ category_group_id: 'g-bills', name: 'Old' }, 'Old'],
    [{ category_group_id: 'g-bills', name: 'Tennis' }, 'Tennis'],
  ])('%j → %j', (given, name) => {
    const visible = VISIBLE.find((g) => g.id === given.category_group_id);
    expect(planCreate(GROUPS, VISIBLE, given)).toEqual({ group: visible, name });
  });

  it.each([
    [
      { category_group_id: 'g-int', name: 'X' },
      'Group g-int is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'g-nope', name: '' },
      'Group g-nope is not in this plan: use an id from list_category_groups.',
    ],
    [{ category_group_id: 'g-fun', name: ' ' }, 'The name is empty: give the new category a name.'],
    [
      { category_group_id: 'g-fun', name: 'Ski\u202e' },
      "'Ski' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.",
    ],
    [{ category_group_id: 'g-fun', name: 'tennis' }, "'tennis' already exists in Fun."],
    [{ category_group_id: 'g-fun', name: 'strasse' }, "'strasse' already exists in Fun."],
    [{ category_group_id: 'g-fun', name: "KID'S" }, '"KID\'S" already exists in Fun.'],
  ])('%j is refused', (given, message) => {
    expect(() => planCreate(GROUPS, VISIBLE, given)).toThrow(message);
  });
});
