/** What each debt was paid over the last 3 complete months: the `average_paid` of get_debt_payoff_plan. */
import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import { paidPerDebt, pastPayments } from '../../src/domain/analytics/payoff.js';

const TODAY = '2026-09-25';
const DEBTS = new Set(['loan', 'card', 'car']);
const t = (
  account_id: string,
  date: string,
  amount: number,
  more: Partial<YnabTransaction> = {},
): YnabTransaction => ({
  id: `${account_id}${date}${amount}`,
  date,
  amount,
  cleared: 'cleared',
  approved: true,
  account_id,
  transfer_account_id: 'check',
  deleted: false,
  ...more,
});

describe('paidPerDebt', () => {
  it('averages the transfers into each debt over 3 months, and names every debt, paid or not', () => {
    const txs = [
      t('loan', '2026-06-05', 300_000),
      t('loan', '2026-07-05', 300_000),
      t('loan', '2026-08-05', 300_001),
      t('card', '2026-08-20', 100_000),
    ];
    expect(paidPerDebt(txs, DEBTS, TODAY)).toEqual(
      new Map([
        ['loan', 300_000],
        ['card', 33_333],
        ['car', 0],
      ]),
    );
  });

  it('leaves out charges, interest, deleted lines, other accounts and months outside the three', () => {
    const txs = [
      t('card', '2026-08-04', -80_000),
      t('card', '2026-08-04', 80_000, { transfer_account_id: null }),
      t('card', '2026-08-05', 600_000, { deleted: true }),
      t('check', '2026-08-05', 600_000),
      t('card', '2026-09-01', 900_000),
      t('card', '2026-05-31', 900_000),
      t('card', '2026-07-10', 30_000),
    ];
    expect(paidPerDebt(txs, DEBTS, TODAY).get('card')).toBe(10_000);
  });

  it('agrees with pastPayments, which sums the same payments over every debt', () => {
    const txs = [
      t('loan', '2026-07-05', 300_000),
      t('car', '2026-08-05', 150_000),
      t('card', '2026-06-01', 60_000),
    ];
    const each = [...paidPerDebt(txs, DEBTS, TODAY).values()].reduce((a, b) => a + b, 0);
    expect(each).toBe(170_000);
    expect(pastPayments(txs, DEBTS, TODAY)).toBe(170_000);
  });
});
