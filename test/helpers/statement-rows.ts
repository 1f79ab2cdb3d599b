/** The smallest statement line and account transaction the statement tests build their cases from. */
import type { YnabTransaction } from '../../src/domain/model.js';
import type { StatementLine } from '../../src/domain/statements/statement.js';

/** A statement line of `date`, `amount` (milliunits) and the bank's `label`. */
export const line = (date: string, amount: number, label: string): StatementLine => ({
  where: 'line 1',
  date,
  amount,
  label,
  memo: null,
  ref: null,
});

/** A cleared, approved transaction of account `acc`. */
export const tx = (
  id: string,
  date: string,
  amount: number,
  payee: string,
  extra: Partial<YnabTransaction> = {},
) =>
  ({
    id,
    date,
    amount,
    payee_name: payee,
    cleared: 'cleared',
    approved: true,
    account_id: 'acc',
    deleted: false,
    ...extra,
  }) as YnabTransaction;

/** November 2026, the month the cases are in. */
export const PERIOD = { from: '2026-11-01', to: '2026-11-30' };
