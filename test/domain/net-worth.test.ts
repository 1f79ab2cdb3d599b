import { describe, expect, it } from 'vitest';
import type { YnabAccount, YnabTransaction } from '../../src/domain/model.js';
import { historyStart, monthsEndingWith, netWorthTrend } from '../../src/domain/analytics/net-worth.js';
import { twoDecimals } from '../helpers/money.js';

const account = (
  id: string,
  type: string,
  balance: number,
  more: Partial<YnabAccount> = {},
): YnabAccount => ({
  id,
  name: id.toUpperCase(),
  type,
  on_budget: true,
  closed: false,
  balance,
  cleared_balance: balance,
  uncleared_balance: 0,
  deleted: false,
  ...more,
});
const tx = (account_id: string, date: string, amount: number, deleted = false): YnabTransaction => ({
  id: `${account_id}-${date}-${amount}`,
  date,
  amount,
  cleared: 'cleared',
  approved: true,
  account_id,
  deleted,
});

describe('monthsEndingWith', () => {
  it.each([
    ['2026-09-25', 3, ['2026-07', '2026-08', '2026-09']],
    ['2026-01-31', 2, ['2025-12', '2026-01']],
    ['2026-03-01', 1, ['2026-03']],
  ])('%s × %i', (today, n, want) => {
    expect(monthsEndingWith(today, n)).toEqual(want);
  });
});

describe('netWorthTrend: the balance at each month end', () => {
  // Today is in March: the months are January, February and March (up to today).
  it.each([
    [
      'a transaction on the first of the next month belongs to the next month',
      [tx('a', '2026-02-01', 500)],
      [0.5, 1, 1],
    ],
    ['the last day of a month belongs to it', [tx('a', '2026-01-31', 500)], [1, 1, 1]],
    [
      'a future-dated transaction is taken off the current month',
      [tx('a', '2026-04-02', 300)],
      [0.7, 0.7, 0.7],
    ],
    ['deleted transactions are ignored', [tx('a', '2026-03-10', 400, true)], [1, 1, 1]],
    ['other accounts are ignored', [tx('zzz', '2026-02-10', 400)], [1, 1, 1]],
    ['negative amounts count back up', [tx('a', '2026-03-10', -250)], [1.25, 1.25, 1]],
    [
      'every later month counts, in any order of the list',
      [tx('a', '2026-03-10', 100), tx('a', '2026-01-05', 7_000), tx('a', '2026-02-10', 200)],
      [0.7, 0.9, 1],
    ],
  ])('%s', (_name, txs, want) => {
    const r = netWorthTrend([account('a', 'checking', 1000)], txs, '2026-03-15', 3, twoDecimals);
    expect(r.months.map((m) => m.assets)).toEqual(want);
  });
});

describe('netWorthTrend', () => {
  it('splits assets and debts by account type, tracking and closed accounts included', () => {
    const accounts = [
      account('check', 'checking', 2000),
      account('card', 'creditCard', -300),
      account('house', 'otherAsset', 100_000, { on_budget: false }),
      account('loan', 'mortgage', -80_000, { on_budget: false }),
      account('old', 'savings', 0, { closed: true }),
      account('gone', 'checking', 999, { deleted: true }),
    ];
    const txs = [
      tx('loan', '2026-09-05', 1_000),
      tx('old', '2026-08-20', -500),
      tx('check', '2026-09-02', -1_500),
    ];
    const r = netWorthTrend(accounts, txs, '2026-09-25', 3, twoDecimals);
    expect(r.months).toEqual([
      { month: '2026-07-01', end: '2026-07-31', partial: false, assets: 104, debts: -81.3, net_worth: 22.7 },
      {
        month: '2026-08-01',
        end: '2026-08-31',
        partial: false,
        assets: 103.5,
        debts: -81.3,
        net_worth: 22.2,
      },
      { month: '2026-09-01', end: '2026-09-25', partial: true, assets: 102, debts: -80.3, net_worth: 21.7 },
    ]);
    expect(r.first_net_worth).toBe(22.7);
    expect(r.last_net_worth).toBe(21.7);
    expect(r.change).toBe(-1);
    expect(r.accounts).toEqual(['CHECK', 'CARD', 'HOUSE', 'LOAN', 'OLD']);
  });

  it.each([
    ['a closed account at zero throughout is left out of the names', [], []],
    ['a closed account with money at a listed month end is named', [tx('old', '2026-09-03', -70)], ['OLD']],
    [
      'money only before the months listed does not name it',
      [tx('old', '2026-06-03', 70), tx('old', '2026-06-04', -70)],
      [],
    ],
  ])('%s', (_name, txs, want) => {
    const r = netWorthTrend(
      [account('old', 'savings', 0, { closed: true })],
      txs,
      '2026-09-25',
      2,
      twoDecimals,
    );
    expect(r.accounts).toEqual(want);
  });

  it('gives zeros for an empty plan', () => {
    const r = netWorthTrend([], [], '2026-01-10', 2, twoDecimals);
    expect(r).toEqual({
      message: 'Net worth 0.00 on 2026-01-10, unchanged since the end of 2025-12.',
      months: [
        { month: '2025-12-01', end: '2025-12-31', partial: false, assets: 0, debts: 0, net_worth: 0 },
        { month: '2026-01-01', end: '2026-01-10', partial: true, assets: 0, debts: 0, net_worth: 0 },
      ],
      first_net_worth: 0,
      last_net_worth: 0,
      change: 0,
      accounts: [],
    });
  });

  it('gives zeros without any month', () => {
    const r = netWorthTrend([account('a', 'cash', 1)], [], '2026-01-10', 0, twoDecimals);
    expect(r).toEqual({
      message: 'The plan has no month up to today: no net worth to give.',
      months: [],
      first_net_worth: 0,
      last_net_worth: 0,
      change: 0,
      accounts: ['A'],
    });
  });

  it('starts at the month given, and says which way net worth moved', () => {
    const cash = account('a', 'cash', 100_000);
    const history = [tx('a', '2025-12-15', 40_000)];
    const r = netWorthTrend([cash], history, '2026-01-10', 4, twoDecimals, '2025-12');
    expect(r.months.map((m) => m.month)).toEqual(['2025-12-01', '2026-01-01']);
    expect(r.message).toBe('Net worth 100.00 on 2026-01-10, unchanged since the end of 2025-12.');
    const down = netWorthTrend([cash], [tx('a', '2026-01-05', -40_000)], '2026-01-10', 2, twoDecimals);
    expect(down.message).toBe('Net worth 100.00 on 2026-01-10, down 40.00 since the end of 2025-12.');
    expect(historyStart(history)).toBe('2025-12');
    expect(historyStart([tx('a', '2025-12-15', 1, true)])).toBeUndefined();
  });

  it('cleans account names', () => {
    const r = netWorthTrend(
      [account('a', 'cash', 1, { name: 'Pocket\u202e\nmoney' })],
      [],
      '2026-01-10',
      1,
      twoDecimals,
    );
    expect(r.accounts).toEqual(['Pocket money']);
  });
});
