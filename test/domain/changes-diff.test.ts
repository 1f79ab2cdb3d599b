/** The changes since a mark, pure: each kind of transaction change and who made it. */
import { describe, expect, it } from 'vitest';
import { Attribution, changesLine } from '../../src/domain/changes/changes.js';
import { transactionChanges, type Names } from '../../src/domain/changes/diff.js';
import { markOf } from '../../src/domain/changes/mark.js';
import type { YnabTransaction } from '../../src/domain/model.js';

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
  accounts: new Map([['acc-1', 'Checking']]),
  payees: new Map([['pay-1', 'SHOP']]),
  categories: new Map([
    ['cat-food', 'Food'],
    ['cat-fun', 'Fun'],
  ]),
  uncategorized: new Set(['cat-uncat']),
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
