/** The month summary and category balances: figures YNAB leaves out, zero balances, and which rows show. */
import { describe, expect, it } from 'vitest';
import type { MonthDetail } from '../../src/domain/months/month-categories.js';
import { categoryBalances, summarizeMonth } from '../../src/domain/months/month-summary.js';
import type { YnabCategory } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const cat = (id: string, over: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name: id,
  category_group_id: 'g1',
  category_group_name: 'Everyday',
  hidden: false,
  deleted: false,
  budgeted: 0,
  activity: 0,
  balance: 0,
  ...over,
});

describe('summarizeMonth', () => {
  it('reads figures YNAB leaves out as 0 (amounts) or null (age of money), and a zero balance as not overspent', () => {
    const detail: MonthDetail = {
      month: '2026-09-01',
      categories: [
        cat('zero'),
        cat('under', { balance: -1 }),
        cat('missing', { balance: undefined as never }),
      ],
    };
    expect(summarizeMonth(detail)).toEqual({
      month: '2026-09-01',
      income: 0,
      budgeted: 0,
      activity: 0,
      ready_to_assign: 0,
      age_of_money: null,
      overspent: [{ category_id: 'under', name: 'under', group: 'Everyday', balance: -0.001 }],
    });
  });
});

describe('categoryBalances: a category shows when it has any figure', () => {
  it.each([
    ['budgeted', { budgeted: 1_000 }],
    ['activity', { activity: -1_000 }],
    ['balance', { balance: 1_000 }],
    ['a target', { goal_type: 'MF', goal_target: 50_000 }],
  ])('only %s', (_name, over) => {
    const rows = categoryBalances(
      { month: '2026-09-01', categories: [cat('empty'), cat('one', over)] },
      false,
      twoDecimals,
    );
    expect(rows.map((r) => r.category_id)).toEqual(['one']);
  });
});
