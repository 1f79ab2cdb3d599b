/** The changes since a mark, pure: each kind of transaction change and who made it. */
import { describe, expect, it } from 'vitest';
import { Attribution, changesLine } from '../../src/domain/changes/changes.js';
import {
  budgetChanges,
  scheduleChanges,
  transactionChanges,
  type Names,
} from '../../src/domain/changes/diff.js';
import { markOf } from '../../src/domain/changes/mark.js';
import type { YnabScheduledTransaction, YnabTransaction } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-20',
  amount: -1000,
  cleared: 'cleared',
  approved: true,
  account_id: 'acc-1',
  payee_id: 'pay-1',
  category_id: 'cat-food',
  deleted: false,
  ...extra,
});
const mark = markOf({
  knowledge: 5,
  at: '2026-09-25T10:00:00+00:00',
  today: '2026-09-25',
  transactions: [tx('a'), tx('b', { approved: false }), tx('c', { category_id: 'cat-uncat' }), tx('d')],
  scheduled: [],
  groups: [],
  movements: [],
});
const names: Names = {
  money: twoDecimals,
  accounts: new Map([['acc-1', 'Checking']]),
  payees: new Map([['pay-1', 'SHOP']]),
  categories: new Map([
    ['cat-food', 'Food'],
    ['cat-fun', 'Fun'],
  ]),
  uncategorized: new Set(['cat-uncat']),
  internal: new Set(['cat-uncat', 'cat-rta']),
};
const by = new Attribution([
  { operation_id: 'op-1', kind: 'flag', moves: [], details: { changes: [{ transaction_id: 'd' }] } },
]);

describe('transaction changes since a mark', () => {
  it.each([
    [
      'an edit, field by field',
      tx('a', { category_id: 'cat-fun', amount: -2000 }),
      'edited',
      'elsewhere',
      ['amount: -1.00 → -2.00', 'category: Food → Fun'],
    ],
    ['an approval alone', tx('b'), 'approved', 'elsewhere', ['approved: no → yes']],
    ['a category out of Uncategorized', tx('c'), 'categorised', 'elsewhere', ['category: cat-uncat → Food']],
    ["this server's flag", tx('d', { flag_color: 'red' }), 'edited', 'this_server', ['flag: none → red']],
    ['a deletion', tx('a', { deleted: true }), 'deleted', 'elsewhere', null],
    ['a bank import', tx('n', { import_id: 'YNAB:-1000:2026-09-20:1' }), 'added', 'bank_import', null],
    ['one dated before the mark keeps', tx('o', { date: '2026-01-01' }), 'edited', 'elsewhere', null],
  ])('%s', (_name, row, kind, who, fields) => {
    const [change] = transactionChanges(mark, [row], names, by);
    expect(change).toMatchObject({ kind, who, fields });
  });

  it('leaves out a row whose kept fields did not change, and sums up the rest', () => {
    const changes = transactionChanges(mark, [tx('a'), tx('b')], names, by);
    expect(changes.map((c) => c.id)).toEqual(['b']);
    expect(changesLine(changes)).toBe('1 transaction (1 approved)');
  });
});

describe('budget changes since a mark', () => {
  const moved = { ...mark, moved: { at: '2026-09-25T12:00:00Z', ids: ['mm-1'] } };
  const movement = (id: string, at: string, from: string | null, to: string | null) => ({
    id,
    month: '2026-09-01',
    moved_at: at,
    from_category_id: from,
    to_category_id: to,
    amount: 5000,
  });

  it('tells the movements after the mark by YNAB times and ids, Ready to Assign by null or an internal id', () => {
    const changes = budgetChanges(
      moved,
      [
        movement('mm-0', '2026-09-24T09:00:00Z', null, 'cat-food'),
        movement('mm-1', '2026-09-25T12:00:00Z', null, 'cat-food'),
        movement('mm-2', '2026-09-25T12:00:00Z', 'cat-rta', 'cat-food'),
        movement('mm-3', '2026-09-26T08:00:00Z', 'cat-food', 'cat-fun'),
        movement('mm-4', '2026-09-26T09:00:00Z', 'cat-fun', null),
      ],
      names,
      new Attribution([
        { operation_id: 'op-9', kind: 'move', moves: [], details: { changes: [{ category_id: 'cat-fun' }] } },
      ]),
    );
    expect(changes.map((c) => [c.id, c.kind, c.who, c.what])).toEqual([
      ['mm-2', 'assigned', 'elsewhere', 'Assigned 5.00 to Food (2026-09).'],
      ['mm-3', 'moved', 'this_server', 'Moved 5.00 from Food to Fun (2026-09).'],
      ['mm-4', 'unassigned', 'this_server', 'Took 5.00 from Fun back to Ready to Assign (2026-09).'],
    ]);
  });
});

describe('every field a change can show', () => {
  it('shows an account, a payee and a memo changed (the memo without its words)', () => {
    const [change] = transactionChanges(
      mark,
      [tx('a', { account_id: 'acc-2', payee_id: 'pay-2', memo: 'rent share' })],
      { ...names, accounts: new Map([...names.accounts, ['acc-2', 'Savings']]) },
      by,
    );
    expect(change?.fields).toEqual(['account: Checking → Savings', 'payee: SHOP → pay-2', 'memo changed']);
  });

  it('tells schedules added, removed and changed, field by field', () => {
    const schedule = (
      id: string,
      extra: Partial<YnabScheduledTransaction> = {},
    ): YnabScheduledTransaction => ({
      id,
      date_first: '2026-09-01',
      date_next: '2026-10-01',
      frequency: 'monthly',
      amount: -50_000,
      account_id: 'acc-1',
      payee_id: 'pay-1',
      payee_name: 'SHOP',
      category_id: 'cat-food',
      deleted: false,
      ...extra,
    });
    const withSchedules = markOf({
      knowledge: 5,
      at: '2026-09-25T10:00:00+00:00',
      today: '2026-09-25',
      transactions: [],
      scheduled: [schedule('s-1'), schedule('s-2')],
      groups: [],
      movements: [],
    });
    const changes = scheduleChanges(
      withSchedules,
      [
        schedule('s-1', {
          account_id: 'acc-2',
          payee_id: 'pay-2',
          category_id: 'cat-fun',
          memo: 'x',
          flag_color: 'red',
        }),
        schedule('s-2', { deleted: true }),
        schedule('s-3'),
      ],
      names,
      by,
    );
    expect(changes.map((c) => [c.id, c.kind, c.fields])).toEqual([
      [
        's-1',
        'changed',
        [
          'account: Checking → acc-2',
          'payee: SHOP → pay-2',
          'category: Food → Fun',
          'memo changed',
          'flag: none → red',
        ],
      ],
      ['s-2', 'removed', null],
      ['s-3', 'added', null],
    ]);
    // nothing of a schedule's kept fields changed: no line
    expect(scheduleChanges(withSchedules, [schedule('s-1')], names, by)).toEqual([]);
  });
});
