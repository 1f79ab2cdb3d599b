/**
 * A YNAB that shows fixed rows, for the tests of recognising a pending write: only the reads
 * recognising needs (transactions, what changed since, payees, a month), with the knowledge each
 * read of what changed since was asked from.
 */
import type { YnabTransaction } from '../../src/domain/model.js';
import type { YnabClient } from '../../src/ynab/api.js';

/** A transaction on Checking, with `fields` over the defaults. */
export const tx = (id: string, fields: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  account_id: 'acc-checking',
  date: '2026-09-20',
  amount: -5_000,
  payee_id: 'pay-1',
  payee_name: 'Bakery',
  category_id: null,
  memo: null,
  cleared: 'uncleared',
  approved: true,
  flag_color: null,
  deleted: false,
  ...fields,
});

/** What YNAB shows, as the few reads recognising needs; `since` records the knowledge asked. */
export function ynabShowing(
  rows: YnabTransaction[],
  budgeted: Record<string, number> = {},
  payees: { id: string; name: string }[] = [],
  scheduled: object[] = [],
  groups: object[] = [],
) {
  const since: (number | undefined)[] = [];
  const ynab = {
    transactions: {
      list: async () => rows,
      changedSince: async (_plan: string, k: number | undefined) => {
        since.push(k);
        return rows;
      },
    },
    payees: { list: async () => payees },
    categories: { groups: async () => groups },
    scheduled: {
      list: async () => scheduled,
      changedSince: async (_plan: string, k: number | undefined) => {
        since.push(k);
        return scheduled;
      },
    },
    months: {
      get: async () => ({
        categories: Object.entries(budgeted).map(([id, amount]) => ({ id, name: id, budgeted: amount })),
      }),
    },
  } as unknown as YnabClient;
  return { ynab, since };
}
