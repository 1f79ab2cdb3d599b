/**
 * Rows as YNAB sends them, for the unit tests of src/domain that plan writes without a client: an
 * open budget account with zero balances, changed only where a test says.
 */
import type { YnabAccount } from '../../src/domain/model.js';

export const account = (id: string, name: string, extra: Partial<YnabAccount> = {}): YnabAccount => ({
  id,
  name,
  type: 'checking',
  on_budget: true,
  closed: false,
  balance: 0,
  cleared_balance: 0,
  uncleared_balance: 0,
  deleted: false,
  ...extra,
});
