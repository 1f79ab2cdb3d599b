import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import type { YnabAccount, YnabSubTransaction, YnabTransaction } from '../../src/domain/model.js';
import { measuredHistory, resolveGroups, runway, type GroupNode } from '../../src/domain/analytics/runway.js';
import { twoDecimals } from '../helpers/money.js';

const account = (
  id: string,
  type: string,
  balance: number,
  more: Partial<YnabAccount> = {},
): YnabAccount => ({
  id,
  name: id,
  type,
  on_budget: true,
  closed: false,
  balance,
  cleared_balance: balance,
  uncleared_balance: 0,
  deleted: false,
  ...more,
});
let n = 0;
const tx = (date: string, amount: number, more: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id: `t${n++}`,
  date,
  amount,
  cleared: 'cleared',
  approved: true,
  account_id: 'check',
  category_id: 'c-food',
  deleted: false,
  ...more,
});
const sub = (amount: number, more: Partial<YnabSubTransaction> = {}): YnabSubTransaction => ({
  id: `s${n++}`,
  amount,
  category_id: 'c-food',
  deleted: false,
  ...more,
});

const ALWAYS = 6;
const TREE: GroupNode[] = [
  { id: 'g-bills', name: 'Bills', category_ids: ['c-rent'] },
  { id: 'g-food', name: ' Straße ', category_ids: ['c-food'] },
  { id: 'g-fun', name: 'Fun', category_ids: ['c-fun'] },
];

describe('resolveGroups', () => {
  it.each([
    ['an id', ['g-bills'], ['g-bills']],
    ['a name, trimmed and casefolded (ß = ss)', ['  STRASSE'], ['g-food']],
    ['duplicates collapse, order kept', ['Fun', 'g-bills', 'fun', 'g-fun'], ['g-fun', 'g-bills']],
  ])('%s', (_name, given, want) => {
    expect(resolveGroups(TREE, given).map((g) => g.id)).toEqual(want);
  });

  it('lists the unknown items, cleaned and quoted, and every group', () => {
    const run = () => resolveGroups(TREE, ['Bills', ' nope\n', "L'Épicerie", 'nope']);
    expect(run).toThrow(AppError);
    expect(run).toThrow(
      `Unknown category group(s) 'nope', "L'Épicerie", 'nope': give names or ids of this plan's groups, as list_category_groups shows them: Bills, Straße, Fun.`,
    );
  });
});

describe('measuredHistory', () => {
  const all = () => true;
  it.each([
    ['an empty history measures nothing', [], '2026-09-25', 6, []],
    [
      'a young plan starts at its first month',
      ['2026-08-01', '2026-07-30'],
      '2026-09-25',
      6,
      ['2026-07', '2026-08'],
    ],
    ['the current month is never complete', ['2026-09-01'], '2026-09-25', 6, []],
    ['across a year boundary', ['2020-01-01'], '2026-02-01', 3, ['2025-11', '2025-12', '2026-01']],
  ])('%s', (_name, dates, today, count, want) => {
    const txs = dates.map((date) => tx(date, -1_000));
    expect(measuredHistory(txs, all, today, count).months).toEqual(want);
  });

  it('starts at the first month of an accepted transaction and keeps those of the measured months', () => {
    const old = tx('2026-03-10', -1_000, { account_id: 'tracking' });
    const first = tx('2026-04-30', -2_000);
    const kept = [tx('2026-08-05', -3_000), tx('2026-06-01', -4_000)];
    const now = tx('2026-09-02', -5_000);
    const r = measuredHistory([old, ...kept, first, now], (t) => t.account_id === 'check', '2026-09-25', 6);
    expect(r.months).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08']);
    expect(r.history).toEqual([...kept, first]);
  });
});

const base = {
  today: '2026-09-25',
  monthsCount: 2,
  essential: null,
  includeSavings: true,
};

describe('runway: what is counted', () => {
  const accounts = [
    account('check', 'checking', 3000),
    account('save', 'savings', 1000),
    account('cash', 'cash', 50),
    account('card', 'creditCard', -250),
    account('loc', 'lineOfCredit', -50),
    account('gold', 'otherAsset', 900),
    account('shut', 'checking', 10, { closed: true }),
    account('gone', 'checking', 10, { deleted: true }),
    account('broker', 'otherAsset', 5000, { on_budget: false }),
    account('loan', 'autoLoan', -9000, { on_budget: false }),
  ];
  it.each([
    [true, 3750, ['check', 'save', 'cash', 'card', 'loc'], ['gold', 'broker', 'loan']],
    [false, 2750, ['check', 'cash', 'card', 'loc'], ['save', 'gold', 'broker', 'loan']],
  ])('include_savings %s', (includeSavings, liquid, counted, leftOut) => {
    const r = runway({ ...base, accounts, transactions: [], includeSavings }, twoDecimals);
    expect(r.liquid).toBe(liquid / 1000);
    expect(r.owed_on_cards).toBe(-0.3);
    expect(r.accounts.map((a) => a.name)).toEqual(counted);
    expect(r.left_out).toEqual(leftOut);
    expect(r.notes).toContain(
      'What the credit cards owe (-0.30) is subtracted from the money available: it will have to be paid.',
    );
    expect(r.notes.includes('Savings accounts were left out of the money available, as asked.')).toBe(
      !includeSavings,
    );
  });
});

describe('runway: spending lines', () => {
  const accounts = [
    account('check', 'checking', 6_000_000),
    account('save', 'savings', 0),
    account('old', 'checking', 0, { closed: true }),
    account('broker', 'otherAsset', 0, { on_budget: false }),
    account('loan', 'autoLoan', 0, { on_budget: false }),
  ];
  it.each([
    ['an outflow', [tx('2026-08-03', -1_000_000)], -500_000],
    ['money in is not deducted', [tx('2026-08-03', -1_000_000), tx('2026-08-04', 400_000)], -500_000],
    ['zero lines are skipped', [tx('2026-08-03', 0)], 0],
    [
      'a transfer to a budget account (even closed) is not spending',
      [tx('2026-07-03', -1_000_000, { transfer_account_id: 'old' })],
      0,
    ],
    [
      'a transfer to a tracking asset is not spending',
      [tx('2026-07-03', -1_000_000, { transfer_account_id: 'broker' })],
      0,
    ],
    [
      'a transfer to a tracking loan is spending',
      [tx('2026-07-03', -1_000_000, { transfer_account_id: 'loan' })],
      -500_000,
    ],
    ['the current month is left out', [tx('2026-09-03', -1_000_000), tx('2026-07-03', -2)], -1],
    [
      'deleted transactions are left out',
      [tx('2026-08-03', -1_000_000, { deleted: true }), tx('2026-07-03', -2)],
      -1,
    ],
    [
      'tracking-account transactions are not history',
      [tx('2026-08-03', -1_000_000, { account_id: 'broker' })],
      0,
    ],
    [
      'split lines each count, a transfer line to a budget account skipped',
      [
        tx('2026-08-03', -900_000, {
          subtransactions: [
            sub(-600_000),
            sub(-200_000, { transfer_account_id: 'save' }),
            sub(-100_000, { deleted: true }),
            sub(-100_000),
          ],
        }),
      ],
      -350_000,
    ],
  ])('%s', (_name, transactions, average) => {
    const r = runway(
      { ...base, accounts, transactions: [tx('2026-07-01', 0), ...transactions] },
      twoDecimals,
    );
    expect(r.spending.monthly_spending).toBe(Math.round(average) / 1000);
  });

  it('averages with half-to-even rounding to the milliunit', () => {
    const r = runway(
      { ...base, accounts, transactions: [tx('2026-07-01', -5), tx('2026-08-01', -2)] },
      twoDecimals,
    );
    expect(r.spending.monthly_spending).toBe(-0.004); // -3.5 → -4
  });
});

describe('runway: coverage, message and notes', () => {
  const accounts = [account('check', 'checking', 4_000_000)];
  const months = [tx('2026-07-03', -1_000_000, { category_id: 'c-rent' }), tx('2026-08-03', -1_500_000)];

  it('gives the runway and the essential runway', () => {
    const essential = resolveGroups(TREE, ['Bills']);
    const r = runway({ ...base, accounts, transactions: months, essential }, twoDecimals);
    expect(r.spending).toEqual({ monthly_spending: -1250, runway_months: 3.2 });
    expect(r.essential).toEqual({ monthly_spending: -500, runway_months: 8 });
    expect(r.essential_groups).toEqual(['Bills']);
    expect(r.months).toEqual(['2026-07', '2026-08']);
    expect(r.message).toBe(
      'At the average spending of the last 2 complete months, 1250.00 a month, the 4000.00 available would last 3.2 months. On essential spending alone, 500.00 a month: 8.0 months.',
    );
    expect(r.notes).toHaveLength(ALWAYS);
  });

  it('says when nothing was spent (no division by zero)', () => {
    const essential = resolveGroups(TREE, ['Fun']);
    const r = runway({ ...base, accounts, transactions: months, essential }, twoDecimals);
    expect(r.essential).toEqual({ monthly_spending: 0, runway_months: null });
    expect(r.message).toBe(
      'At the average spending of the last 2 complete months, 1250.00 a month, the 4000.00 available would last 3.2 months. On essential spending alone, 0.00 a month: with no end in sight, since nothing was spent.',
    );
  });

  it('gives no runway on a young plan, with a message instead', () => {
    const r = runway(
      { ...base, accounts, transactions: [tx('2026-09-02', -5_000)], essential: [] },
      twoDecimals,
    );
    expect(r.months).toEqual([]);
    expect(r.spending).toEqual({ monthly_spending: 0, runway_months: null });
    expect(r.essential).toEqual({ monthly_spending: 0, runway_months: null });
    expect(r.message).toBe(
      'No complete month of spending to average yet: no runway can be given for the 4000.00 available.',
    );
    expect(r.notes).toHaveLength(ALWAYS);
  });

  it('notes fewer months than asked, and money at zero or below, never a negative runway', () => {
    const r = runway(
      {
        ...base,
        monthsCount: 6,
        accounts: [account('check', 'checking', -200_000)],
        transactions: [tx('2026-08-03', -1_000_000)],
      },
      twoDecimals,
    );
    expect(r.spending).toEqual({ monthly_spending: -1000, runway_months: 0 });
    expect(r.message).toBe(
      'At the average spending of the last 1 complete months, 1000.00 a month, the -200.00 available would last 0.0 months.',
    );
    expect(r.notes.slice(ALWAYS)).toEqual([
      'Only the last 1 of the 6 months hold budget transactions: the average is over those.',
      'The money available is zero or less: nothing to live on without income.',
    ]);
  });

  it('notes money at exactly zero, and names no essential group when none were given', () => {
    const r = runway(
      {
        ...base,
        monthsCount: 1,
        accounts: [account('check', 'checking', 0)],
        transactions: [tx('2026-08-03', -1_000)],
      },
      twoDecimals,
    );
    expect(r.spending).toEqual({ monthly_spending: -1, runway_months: 0 });
    expect(r.essential).toBeNull();
    expect(r.essential_groups).toEqual([]);
    expect(r.notes.slice(ALWAYS)).toEqual([
      'The money available is zero or less: nothing to live on without income.',
    ]);
  });

  it('rounds the runway half to even on the exact value', () => {
    // 1250 / 1000 = 1.25 exactly → 1.2
    const r = runway(
      {
        ...base,
        monthsCount: 1,
        accounts: [account('c', 'checking', 1250)],
        transactions: [tx('2026-08-03', -1000, { account_id: 'c' })],
      },
      twoDecimals,
    );
    expect(r.spending.runway_months).toBe(1.2);
  });
});
