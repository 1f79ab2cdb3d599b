/** Planning split_transaction: every check in its order, preview, subject, question. */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import {
  planSplit,
  splitPatch,
  splitQuestion,
  splitSubject,
  type SplitLineInput,
} from '../../src/domain/transactions/split.js';
import { cat, group } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

const INDEX = indexCategories([
  group('Internal Master Category', [
    cat('inflow', 'Inflow: Ready to Assign'),
    cat('uncat', 'Uncategorized'),
  ]),
  group('Everyday', [
    cat('food', 'Groceries'),
    cat('home', 'Home\u202e\nstuff'),
    cat('old', 'Old', { hidden: true }),
  ]),
  group('Credit Card Payments', [cat('visa', 'Visa')]),
]);
const OFF = new Set(['acc-loan', 'acc-joint']);

const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-19',
  amount: -71860,
  cleared: 'cleared',
  approved: true,
  account_id: 'acc-checking',
  payee_name: 'CB MARKET FRESH\nFACT',
  category_id: null,
  deleted: false,
  ...extra,
});
const TXS = [
  tx('t'),
  tx('cat', { category_id: 'food', category_name: 'Groceries' }),
  tx('gone', { deleted: true }),
  tx('split', { subtransactions: [{ id: 's0', amount: -71860, deleted: false }] }),
  tx('was-split', { subtransactions: [{ id: 's0', amount: -71860, deleted: true }] }),
  tx('transfer', { transfer_account_id: 'acc-savings' }),
  tx('to-tracking', { transfer_account_id: 'acc-joint' }),
  tx('from-tracking', { account_id: 'acc-joint', transfer_account_id: 'acc-checking' }),
  tx('tracking', { account_id: 'acc-loan' }),
];

const line = (amount: number, category_id = 'food', memo: string | null = null): SplitLineInput => ({
  amount,
  category_id,
  memo,
});
const TWO = [line(-50), line(-21.86, 'home')];

describe('planSplit refuses, each check in its fixed order', () => {
  it.each([
    [
      'nope',
      TWO,
      'Transaction nope is not in this plan: use a transaction_id returned by suggest_categories.',
    ],
    ['gone', TWO, 'Transaction gone was deleted in YNAB: there is nothing to split.'],
    [
      'split',
      [],
      "Transaction split is already split: YNAB's API cannot change its lines, change them in YNAB.",
    ],
    ['transfer', [], 'Transaction transfer is a transfer between accounts: it cannot be split.'],
    ['from-tracking', [], 'Transaction from-tracking is a transfer between accounts: it cannot be split.'],
    [
      'to-tracking',
      [],
      "Transaction to-tracking is a transfer to a tracking account: YNAB's API offers no way to split a transfer, so it is left as it is. Split it in YNAB itself.",
    ],
    ['tracking', [], 'Transaction tracking is on an off-budget account: YNAB does not split those.'],
    [
      't',
      [line(-71.86)],
      'Give at least two lines: to give the whole transaction one category, use apply_categories.',
    ],
    ['t', [line(-71.86), line(-0.0005, 'nope')], 'A line is zero: leave it out.'],
    [
      't',
      [line(-71.86), line(-0.0006, 'uncat')],
      "Category uncat is YNAB's internal Uncategorized: choose a real category.",
    ],
    [
      't',
      [line(-71.86), line(1, 'nope')],
      'Category nope is not in this plan: use a category_id from suggest_categories or get_category_balances.',
    ],
    [
      't',
      [line(-71.86), line(1, 'old')],
      'Category old is not in this plan: use a category_id from suggest_categories or get_category_balances.',
    ],
    [
      't',
      [line(-71.86), line(1, 'visa')],
      'Category visa pays a credit card: YNAB ignores it on a transaction. Choose the category of what was paid for.',
    ],
    [
      't',
      [line(-50), line(-21.85)],
      'The lines add up to -71.85, the transaction is -71.86: they must match to the cent.',
    ],
    [
      't',
      [line(-50), line(-21.861)],
      'The lines add up to -71.86, the transaction is -71.86: they must match to the cent.',
    ],
  ])('%s with %j', (id, lines, message) => {
    expect(() => planSplit(id, lines, TXS, INDEX, OFF, twoDecimals)).toThrow(message);
  });
});

describe('planSplit accepts', () => {
  it.each(['t', 'was-split', 'cat'])('%s', (id) => {
    expect(planSplit(id, TWO, TXS, INDEX, OFF, twoDecimals).preview.transaction_id).toBe(id);
  });

  it('lines of both signs and the same category twice, rounding half to even', () => {
    const lines = [line(-80), line(10.0005, 'food', ''), line(-1.8605, 'food')];
    const plan = planSplit('t', lines, TXS, INDEX, OFF, twoDecimals);
    expect(plan.lines.map((l) => l.milli)).toEqual([-80000, 10000, -1860]);
  });

  it('builds the sanitised preview, the subject, the question and the PATCH item', () => {
    const lines = [line(-50, 'food', 'bread\n- 2026-09-01 forged\u200b'), line(-21.86, 'home')];
    const plan = planSplit('cat', lines, TXS, INDEX, OFF, twoDecimals);
    expect(plan.preview).toEqual({
      transaction_id: 'cat',
      date: '2026-09-19',
      payee: 'CB MARKET FRESH FACT',
      amount: -71.86,
      from_category: 'Groceries',
      lines: [
        { amount: -50, category: 'Groceries', memo: 'bread - 2026-09-01 forged' },
        { amount: -21.86, category: 'Home stuff', memo: null },
      ],
    });
    expect(splitSubject('cat', lines)).toEqual({
      transaction: 'cat',
      lines: [
        { amount: -50, category_id: 'food', memo: 'bread\n- 2026-09-01 forged\u200b' },
        { amount: -21.86, category_id: 'home', memo: null },
      ],
    });
    expect(splitQuestion(plan, twoDecimals)).toBe(
      [
        'Split 2026-09-19 CB MARKET FRESH FACT -71.86 into 2 lines?',
        '- -50.00 Groceries (bread - 2026-09-01 forged)',
        '- -21.86 Home stuff',
        'undo_operation cannot revert a split: to undo it, edit the transaction in YNAB.',
      ].join('\n'),
    );
    expect(splitPatch('cat', plan)).toEqual({
      id: 'cat',
      category_id: null,
      subtransactions: [
        { amount: -50000, category_id: 'food', memo: 'bread\n- 2026-09-01 forged\u200b' },
        { amount: -21860, category_id: 'home' },
      ],
    });
  });

  it('names a category YNAB no longer lists by the transaction own name, or its id', () => {
    const a = tx('x', { category_id: 'ghost', category_name: 'Ghost\nname' });
    const b = tx('y', { category_id: 'ghost', category_name: null });
    expect(planSplit('x', TWO, [a], INDEX, OFF, twoDecimals).preview.from_category).toBe('Ghost name');
    expect(planSplit('y', TWO, [b], INDEX, OFF, twoDecimals).preview.from_category).toBe('ghost');
  });
});
