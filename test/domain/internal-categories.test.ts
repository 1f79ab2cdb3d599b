/**
 * YNAB's own categories: the `internal` flag first (on the category, then its group), the fixed names
 * only where no flag says, deleted groups and categories left out, and the refusal's exact text.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import type { YnabCategory, YnabCategoryGroup } from '../../src/domain/model.js';
import {
  cardPaymentIds,
  internalCategories,
  isInternalCategory,
  isInternalGroup,
  readyToAssign,
  refuseInternal,
  uncategorizedIds,
} from '../../src/domain/categories/internal.js';

const cat = (id: string, name: string, over: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name,
  category_group_id: 'g',
  hidden: false,
  deleted: false,
  ...over,
});
const group = (
  id: string,
  name: string,
  categories: YnabCategory[],
  over: Partial<YnabCategoryGroup> = {},
): YnabCategoryGroup => ({ id, name, hidden: false, deleted: false, categories, ...over });

describe('which group is internal', () => {
  it.each([
    [{ name: 'Internal Master Category' }, true],
    [{ name: 'Internal Master Category', internal: false }, false], // the flag wins over the name
    [{ name: 'Bills', internal: true }, true],
    [{ name: 'Bills' }, false],
    [{ name: 'Bills', internal: 'yes' }, false], // not a boolean: the name decides
  ])('%j: %s', (g, want) => {
    expect(isInternalGroup(g)).toBe(want);
  });
});

describe('which category is internal', () => {
  it.each([
    ['its flag', { name: 'Groceries', internal: true }, undefined, true],
    ['its group flag', { name: 'Groceries' }, true, true],
    ['its flag false, whatever the name', { name: 'Uncategorized', internal: false }, undefined, false],
    ['its group flag false, whatever the name', { name: 'Uncategorized' }, false, false],
    [
      'its group named',
      { name: 'Groceries', category_group_name: 'Internal Master Category' },
      undefined,
      true,
    ],
    ['a fixed name without a group name', { name: 'Inflow: Ready to Assign' }, undefined, true],
    ['Uncategorized without a group name', { name: 'Uncategorized' }, undefined, true],
    [
      'a fixed name in a user group',
      { name: 'Uncategorized', category_group_name: 'Bills' },
      undefined,
      false,
    ],
    ['a user category', { name: 'Groceries' }, undefined, false],
  ])('by %s', (_why, c, groupFlag, want) => {
    expect(isInternalCategory(c, groupFlag)).toBe(want);
  });
});

describe('the internal categories of a plan', () => {
  const rta = cat('rta', 'Inflow: Ready to Assign');
  const unc = cat('unc', 'Uncategorized');
  const groups = [
    group('g-int', 'Internal Master Category', [unc, rta, cat('gone', 'Old', { deleted: true })]),
    group('g-old', 'Internal Master Category', [cat('old-int', 'Inflow: Ready to Assign')], {
      deleted: true,
    }),
    group('g-cc', 'Credit Card Payments', [cat('cc-visa', 'Visa'), cat('cc-amex', 'Amex')]),
    group('g-cc-old', 'Credit Card Payments', [cat('cc-old', 'Old card')], { deleted: true }),
    group('g-bills', 'Bills', [cat('rent', 'Rent'), cat('odd', 'Uncategorized', { internal: true })]),
  ];

  it('lists the live ones in YNAB order, and finds Uncategorized and Ready to Assign', () => {
    expect(internalCategories(groups).map((c) => c.id)).toEqual(['unc', 'rta', 'odd']);
    expect([...uncategorizedIds(groups)]).toEqual(['unc', 'odd']);
    expect(readyToAssign(groups)?.id).toBe('rta');
    expect([...cardPaymentIds(groups)]).toEqual(['cc-visa', 'cc-amex']);
  });

  it('falls back to the first internal category not named Uncategorized, else none', () => {
    const renamed = [group('g', 'Internal Master Category', [unc, cat('inc', 'Income')])];
    expect(readyToAssign(renamed)?.id).toBe('inc');
    // found by its name wherever it stands among the internal ones
    const later = [group('g', 'Internal Master Category', [unc, cat('other', 'Deferred Income'), rta])];
    expect(readyToAssign(later)?.id).toBe('rta');
    expect(readyToAssign([group('g', 'Internal Master Category', [unc])])).toBeNull();
    expect(readyToAssign([])).toBeNull();
  });

  it('refuses an internal category with the text that says what to do instead', () => {
    expect(() => refuseInternal({ id: 'rent', name: 'Rent' })).not.toThrow();
    expect(() => refuseInternal({ id: 'x', name: 'Rent' }, true)).toThrow(AppError);
    expect(() => refuseInternal({ id: 'unc', name: 'Uncategorized' })).toThrow(
      "Uncategorized (unc) is one of YNAB's internal categories: it cannot be budgeted, given a target or have money moved to or from it. Choose a category of the user's own groups (get_category_balances lists them).",
    );
  });
});
