import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import { transactionDetail } from '../../src/domain/transactions/detail.js';
import { cleanLines } from '../../src/domain/text.js';

/** A transaction with only the fields YNAB always gives. */
const bare = (extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id: 't1',
  date: '2026-09-19',
  amount: -12_340,
  cleared: '',
  approved: false,
  account_id: 'acc',
  deleted: false,
  ...extra,
});

describe('cleanLines', () => {
  it.each<[string, string | null | undefined, string]>([
    ['nothing', null, ''],
    ['absent', undefined, ''],
    ['one line', '  a\u00a0 b ', 'a b'],
    ['every kind of line break', 'a\r\nb\rc\u2028d\u2029e\nf', 'a\nb\nc\nd\ne\nf'],
    ['format characters out, controls as spaces', '\u202eA\u200b\tB', 'A B'],
    ['blank lines at either end dropped, inner ones kept', '\n\n a \n\n b \n \n', 'a\n\nb'],
    ['nothing cut', 'x'.repeat(300), 'x'.repeat(300)],
  ])('%s', (_what, text, expected) => {
    expect(cleanLines(text)).toBe(expected);
  });
});

describe('transactionDetail', () => {
  it('gives null, not absent, for every field YNAB leaves out', () => {
    expect(transactionDetail([bare()], 't1', false)).toEqual({
      transaction_id: 't1',
      date: '2026-09-19',
      amount: -12.34,
      payee: null,
      payee_id: null,
      account: '',
      account_id: 'acc',
      category: null,
      category_id: null,
      memo: null,
      cleared: 'uncleared',
      approved: false,
      flag: null,
      import: {
        import_id: null,
        matched_transaction_id: null,
        import_payee_name: null,
        import_payee_name_original: null,
      },
      transfer: null,
      possible_duplicate_of: null,
      duplicate_evidence: null,
      lines: [],
    });
  });

  it('gives a memo of blank lines as none, and a split line without its optional fields as nulls', () => {
    const split = bare({
      memo: ' \n \u200b ',
      category_id: 'cat-split',
      category_name: 'Split',
      subtransactions: [{ id: 's1', amount: -12_340, deleted: false }],
    });
    const detail = transactionDetail([split], 't1', false);
    expect(detail).toMatchObject({ memo: null, category: null, category_id: null });
    expect(detail.lines).toEqual([
      {
        amount: -12.34,
        category_id: null,
        category: null,
        payee: null,
        payee_id: null,
        memo: null,
        transfer: null,
      },
    ]);
  });

  it.each([
    [false, 'Transaction t9 is not in this plan: use a transaction_id from find_transactions.'],
    [true, 'Transaction t9 was deleted in YNAB: use a transaction_id from find_transactions.'],
  ])('refuses an id it does not hold (deleted: %s)', (deleted, message) => {
    expect(() => transactionDetail([bare()], 't9', deleted)).toThrow(message);
  });
});
