/**
 * The smaller transaction writes planned without a client, where the first tests left gaps: the
 * transactions create_transactions plans (payee trimmed, category named) and its tracking-account
 * rule; split_transaction's memo-less lines, its message for a transfer between tracking accounts and
 * the category a transaction had none of; flag_transactions' question when a flag is removed.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { planCreate, type NewTransaction } from '../../src/domain/transactions/create-transactions.js';
import { flagQuestion, planFlags } from '../../src/domain/transactions/flags.js';
import { planSplit, splitPatch } from '../../src/domain/transactions/split.js';
import { account, cat, group } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

const INDEX = indexCategories([
  group('Everyday', [cat('food', 'Groceries'), cat('fun', 'Fun')], { id: 'g' }),
]);
const ACCOUNTS = [account('chk', 'Checking'), account('car', 'Car loan', { on_budget: false })];
const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-10',
  amount: -30_000,
  cleared: 'uncleared',
  approved: true,
  account_id: 'chk',
  payee_name: 'Shop',
  deleted: false,
  ...extra,
});

describe('planCreate', () => {
  const item = (extra: Partial<NewTransaction> = {}): NewTransaction => ({
    date: '2026-09-24',
    amount: -12.5,
    payee_name: 'Bakery',
    memo: null,
    category_id: null,
    ...extra,
  });

  it('plans each transaction with its payee trimmed and its category named', () => {
    const plan = planCreate(
      'chk',
      [item({ payee_name: '  Bakery ', category_id: 'food', memo: 'bread' }), item()],
      ACCOUNTS,
      INDEX,
      '2026-09-25',
    );
    expect(plan.items).toEqual([
      { ...item({ category_id: 'food', memo: 'bread' }), category: 'Groceries' },
      { ...item(), category: null },
    ]);
  });

  it('refuses a category on a tracking account even when only one transaction has one', () => {
    expect(() =>
      planCreate('car', [item(), item({ category_id: 'food' })], ACCOUNTS, INDEX, '2026-09-25'),
    ).toThrow(
      'Car loan is a tracking account: its transactions carry no category in YNAB. Give category_id null for each of them.',
    );
    expect(
      planCreate('car', [item(), item({ category_id: '' })], ACCOUNTS, INDEX, '2026-09-25').items,
    ).toHaveLength(2);
  });
});

describe('planSplit', () => {
  const OFF = new Set(['car', 'house']);
  const lines = [
    { amount: -10, category_id: 'food', memo: '' },
    { amount: -20, category_id: 'fun', memo: 'cinema' },
  ];

  it('leaves an empty memo out of the preview and of the lines sent, and shows no category as none', () => {
    const plan = planSplit('t1', lines, [tx('t1')], INDEX, OFF, twoDecimals);
    expect(plan.preview.from_category).toBeNull();
    expect(plan.preview.lines.map((l) => l.memo)).toEqual([null, 'cinema']);
    expect(splitPatch('t1', plan).subtransactions).toEqual([
      { amount: -10_000, category_id: 'food' },
      { amount: -20_000, category_id: 'fun', memo: 'cinema' },
    ]);
  });

  it('calls a transfer between two tracking accounts a transfer, not one to a tracking account', () => {
    const between = tx('t2', { account_id: 'car', transfer_account_id: 'house' });
    expect(() => planSplit('t2', lines, [between], INDEX, OFF, twoDecimals)).toThrow(
      'Transaction t2 is a transfer between accounts: it cannot be split.',
    );
  });
});

describe('flagQuestion', () => {
  it('says none for a flag removed', () => {
    const { changes } = planFlags([{ transaction_id: 't1', color: null }], [tx('t1', { flag_color: 'red' })]);
    expect(flagQuestion(changes, twoDecimals)).toBe(
      'Change the flag of 1 transaction(s)?\n- 2026-09-10 Shop -30.00: red → none',
    );
  });
});
