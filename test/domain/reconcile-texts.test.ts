/** reconcile_account: the texts it answers with, and a zero line when YNAB already agrees with the bank. */
import { describe, expect, it } from 'vitest';
import { analyseGap } from '../../src/domain/accounts/reconcile-gap.js';
import { reconciledMessage, unknownAccount } from '../../src/domain/accounts/reconcile.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const tx = (id: string, amount: number, cleared: string): YnabTransaction => ({
  id,
  date: '2026-09-10',
  amount,
  cleared,
  approved: true,
  account_id: 'acc',
  payee_name: `PAYEE ${id}`,
  deleted: false,
});

describe('reconcile texts', () => {
  it('says how to find an account, and how to undo a reconciliation', () => {
    expect(unknownAccount('acc-9')).toBe('Account acc-9 is not in this plan: use an id from list_accounts.');
    expect(reconciledMessage('op-1')).toBe('Reconciled. undo_operation with operation_id op-1 reverts it.');
  });
});

describe('analyseGap with no gap', () => {
  it('explains nothing by an uncleared 0.00 line when the cleared balance already matches the bank', () => {
    const gap = analyseGap(
      [tx('a', -10_000, 'cleared'), tx('zero', 0, 'uncleared')],
      'acc',
      -10_000,
      '2026-09-25',
      twoDecimals,
    );
    expect(gap.difference).toBe(0);
    expect(gap.explainedBy).toEqual([]);
  });
});
