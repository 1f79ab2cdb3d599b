/**
 * Rows as YNAB sends them, for the unit tests of src/domain that plan writes without a client: an
 * open budget account with zero balances (or with its transfer payee), a visible category of group
 * `g`, a visible group of the given categories (its id is its name unless given), a monthly gym schedule of -30.00 on `chk` and the body
 * YNAB would be sent for it, changed only where a test says.
 */
import type {
  ScheduledBody,
  YnabAccount,
  YnabCategory,
  YnabCategoryGroup,
  YnabScheduledTransaction,
} from '../../src/domain/model.js';

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

export const group = (
  name: string,
  categories: YnabCategory[],
  extra: Partial<YnabCategoryGroup> = {},
): YnabCategoryGroup => ({
  id: name,
  name,
  hidden: false,
  deleted: false,
  categories,
  ...extra,
});

/** An account with the transfer payee (`tp-<id>`) that a transfer into it names. */
export const transferAccount = (id: string, name: string, extra: Partial<YnabAccount> = {}): YnabAccount =>
  account(id, name, { transfer_payee_id: `tp-${id}`, ...extra });

/** A monthly schedule of -30.00 on account `chk`, next due 2026-10-05. */
export const schedule = (
  id: string,
  extra: Partial<YnabScheduledTransaction> = {},
): YnabScheduledTransaction => ({
  id,
  date_first: '2026-01-05',
  date_next: '2026-10-05',
  frequency: 'monthly',
  amount: -30_000,
  account_id: 'chk',
  deleted: false,
  ...extra,
});

/** The body of a scheduled transaction like `schedule`, with payee `p-gym` and category `sport`. */
export const SCHEDULED_BODY: ScheduledBody = {
  account_id: 'chk',
  date: '2026-10-05',
  amount: -30_000,
  payee_id: 'p-gym',
  category_id: 'sport',
  memo: 'membership',
  flag_color: 'red',
  frequency: 'monthly',
};
