/**
 * The journal kinds: each kind's `details` schema accepts exactly what its write tool records and
 * refuses anything an undo could not act on safely (then undo_operation says so and changes nothing).
 */
import { describe, expect, it } from 'vitest';
import { detailsOf, isKind, KINDS, type Kind } from '../../src/safety/journal-kinds.js';

const change = (category_id: string, from: number, to: number) => ({ category_id, from, to });

/** A schedule whole, as the schedule kinds store it. */
const SCHEDULE_BODY = {
  account_id: 'a',
  date: '2026-10-01',
  amount: -1000,
  payee_id: null,
  category_id: null,
  memo: null,
  flag_color: null,
  frequency: 'monthly',
};

const RULE = {
  number: 3,
  said: 'Costco is groceries',
  condition: { merchant: 'COSTCO', amount: null, account_id: null, memo_words: [] },
  action: { category_id: 'cat-groceries', payee_name: null, flag_color: null, note: null },
  created_at: '2026-12-06T10:00:00.000Z',
};
const CASES: [Kind, unknown, boolean][] = [
  ['categorize', {}, true],
  ['categorize', { ignored: 1 }, true],
  ['budget', { month: '2026-09-01', category_id: 'c', from: 1, to: 2 }, true],
  ['budget', { month: '2026-09-01', category_id: 'c', from: 1.5, to: 2 }, false],
  ['budget', { category_id: 'c', from: 1, to: 2 }, false],
  ['budget', { month: '2026-09-01', category_id: 3, from: 1, to: 2 }, false],
  ['move', { month: 'm', changes: [change('a', 1, 0), change('b', 0, 1)] }, true],
  ['move', { month: 'm', changes: [change('a', 1, 0)] }, false],
  ['move', { month: 'm', changes: [change('a', 1, 0), null] }, false],
  ['move', { month: 'm', changes: 'x' }, false],
  ['target', { category_id: 'c', undo: { goal_target: null }, after: 'No target' }, true],
  [
    'target',
    { category_id: 'c', undo: { goal_target: 5000, goal_frequency: 'monthly' }, after: 'Monthly 5.00' },
    true,
  ],
  ['target', { category_id: 'c', undo: 'x', after: 'a' }, false],
  ['create', { transaction_ids: ['a', 'b'] }, true],
  ['create', { transaction_ids: 'x' }, false],
  ['create', { transaction_ids: ['a', 3] }, false],
  ['flag', { changes: [{ transaction_id: 'a', from: null, to: 'red' }] }, true],
  ['flag', { changes: [{ transaction_id: 'a', from: 'nope', to: 'red' }] }, false],
  ['flag', { changes: 'x' }, false],
  ['edit', { changes: [{ transaction_id: 'a', fields: [{ field: 'memo', from: null, to: 'x' }] }] }, true],
  ['edit', { changes: [{ transaction_id: 'a', fields: [{ field: 'colour', from: null, to: 'x' }] }] }, false],
  ['delete', { transactions: [] }, true],
  ['delete', { transactions: [{ transaction_id: 'a' }] }, false],
  ['transfer', { transaction_id: 't', account_id: 'a', date: '2026-09-25', amount: -200000 }, true],
  ['transfer', { transaction_id: 't', account_id: 'a', date: '2026-09-25', amount: -0.5 }, false],
  [
    'schedule_create',
    {
      scheduled_transaction_id: 's',
      body: {
        account_id: 'a',
        date: '2026-10-01',
        amount: -1000,
        payee_id: null,
        category_id: null,
        memo: null,
        flag_color: null,
        frequency: 'monthly',
      },
    },
    true,
  ],
  [
    'schedule_update',
    {
      scheduled_transaction_id: 's',
      before: {
        account_id: 'a',
        date: '2026-10-01',
        amount: -1000,
        payee_id: null,
        category_id: null,
        memo: null,
        flag_color: null,
        frequency: 'monthly',
      },
      after: {
        ...{
          account_id: 'a',
          date: '2026-10-01',
          amount: -1000,
          payee_id: null,
          category_id: null,
          memo: null,
          flag_color: null,
          frequency: 'monthly',
        },
        frequency: 'fortnightly',
      },
    },
    false,
  ],
  [
    'schedule_delete',
    {
      scheduled_transaction_id: 's',
      body: {
        account_id: 'a',
        date: '2026-10-01',
        amount: -1000,
        payee_id: null,
        category_id: null,
        memo: null,
        flag_color: null,
        frequency: 'monthly',
      },
    },
    true,
  ],
  ['reconcile', { account_id: 'a', reconciled_ids: ['t1'], adjustment_id: null }, true],
  ['reconcile', { account_id: 'a', reconciled_ids: ['t1', 4], adjustment_id: null }, false],
  ['reconcile', {}, false],
  ['schedule_create', { scheduled_transaction_id: 's' }, false],
  [
    'schedule_update',
    { scheduled_transaction_id: 's', before: SCHEDULE_BODY, after: { ...SCHEDULE_BODY, amount: -2000 } },
    true,
  ],
  ['schedule_delete', { scheduled_transaction_id: 's', body: 'x' }, false],
  [
    'statement',
    {
      account_id: 'a',
      created: { transaction_ids: ['t9'], states: [] },
      deleted: [],
      edits: [{ transaction_id: 't1', fields: [{ field: 'cleared', from: 'cleared', to: 'reconciled' }] }],
    },
    true,
  ],
  [
    'statement',
    {
      account_id: 'a',
      created: { transaction_ids: [], states: [] },
      deleted: [],
      edits: [{ transaction_id: 't1', fields: [{ field: 'memo', from: null, to: 'x' }] }],
    },
    false,
  ],
  ['payee', { payee_id: 'p', from: 'Old', to: 'New' }, true],
  ['payee', { payee_id: 1, from: null, to: 'x' }, false],
  ['rule', { added: RULE, removed: null }, true],
  ['rule', { added: null, removed: RULE }, true],
  ['rule', { added: RULE, removed: RULE }, false],
  ['rule', { added: { ...RULE, number: 0 }, removed: null }, false],
];

/** Its details schema reads anything as no details (categorize keeps its changes in the entry's moves). */
const READS_ANYTHING: ReadonlySet<Kind> = new Set(['categorize']);

describe('journal kinds', () => {
  it('names sixteen kinds, each recognised', () => {
    expect(
      KINDS,
      'a kind added to KIND_DETAILS (src/safety/journal-kinds.ts) is listed here, in its order, with rows of CASES below',
    ).toEqual([
      'categorize',
      'budget',
      'move',
      'target',
      'create',
      'flag',
      'edit',
      'delete',
      'transfer',
      'schedule_create',
      'schedule_update',
      'schedule_delete',
      'reconcile',
      'statement',
      'payee',
      'rule',
    ]);
    for (const k of KINDS) expect(isKind(k)).toBe(true);
    expect(isKind('toString')).toBe(false);
    expect(isKind('future-kind')).toBe(false);
  });

  it('has, for every kind, details its schema reads and details it refuses', () => {
    for (const kind of KINDS) {
      const rows = CASES.filter(([k]) => k === kind);
      expect(
        rows.some(([, , readable]) => readable),
        `${kind}: add a row of CASES with the details its write tool records (readable: true)`,
      ).toBe(true);
      if (READS_ANYTHING.has(kind)) continue;
      expect(
        rows.some(([, , readable]) => !readable),
        `${kind}: add a row of CASES with details its undo could not act on (readable: false)`,
      ).toBe(true);
    }
  });

  it.each(CASES)('%s details %j readable: %s', (kind, details, readable) => {
    const read = detailsOf(kind, details);
    // categorize keeps its changes in the entry's moves: any details are read as none
    if (readable) expect(read).toEqual(kind === 'categorize' ? {} : details);
    else expect(read).toBeNull();
  });
});
