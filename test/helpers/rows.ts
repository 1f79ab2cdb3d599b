/**
 * Rows as YNAB sends them, for the unit tests of src/domain that plan writes without a client: an
 * open budget account with zero balances, a visible category of group `g`, a visible group of the
 * given categories (its id is its name), changed only where a test says.
 */
import type { YnabAccount, YnabCategory, YnabCategoryGroup } from '../../src/domain/model.js';

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

export const cat = (id: string, name: string, extra: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name,
  category_group_id: 'g',
  hidden: false,
  deleted: false,
  ...extra,
});

export const group = (name: string, categories: YnabCategory[]): YnabCategoryGroup => ({
  id: name,
  name,
  hidden: false,
  deleted: false,
  categories,
});
