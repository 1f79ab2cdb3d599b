import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import {
  checkForecastAccounts,
  forecast,
  forecastByDay,
  parseUntil,
} from '../../src/domain/analytics/forecast.js';
import { twoDecimals } from '../helpers/money.js';
import type { ForecastInput } from '../../src/domain/analytics/forecast.js';
import type { YnabAccount, YnabScheduledTransaction, YnabTransaction } from '../../src/domain/model.js';

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as Error).message;
  }
  return '';
};

describe('parseUntil (the until argument and its error texts)', () => {
  it.each([
    ['2026-09', '2026-09'],
    ['2026-12', '2026-12'],
    ['2028-09', '2028-09'],
    ['2027-01', '2027-01'],
  ])('%j is %s', (until, want) => {
    expect(parseUntil(until, '2026-09-25')).toBe(want);
  });

  it.each([
    ['2026-13', "until must be a month as YYYY-MM, got '2026-13'."],
    ['2026-00', "until must be a month as YYYY-MM, got '2026-00'."],
    ['0000-05', "until must be a month as YYYY-MM, got '0000-05'."],
    ['2026-091', "until must be a month as YYYY-MM, got '2026-091'."],
    ['12026-09', "until must be a month as YYYY-MM, got '12026-09'."],
    ['2026-092026-09', "until must be a month as YYYY-MM, got '2026-092026-09'."],
    ['0001-05', 'until must be the current month or later.'],
    ['2026-09-01', "until must be a month as YYYY-MM, got '2026-09-01'."],
    ['December', "until must be a month as YYYY-MM, got 'December'."],
    ['', "until must be a month as YYYY-MM, got ''."],
    ['2026-1.5', "until must be a month as YYYY-MM, got '2026-1.5'."],
    ['2026-9', "until must be a month as YYYY-MM, got '2026-9'."],
    [' 2027 - 01 ', "until must be a month as YYYY-MM, got ' 2027 - 01 '."],
    ['+2027-01', "until must be a month as YYYY-MM, got '+2027-01'."],
    ["it's-12", 'until must be a month as YYYY-MM, got "it\'s-12".'],
    ['2026-08', 'until must be the current month or later.'],
    ['2025-12', 'until must be the current month or later.'],
    ['2028-10', 'until must be at most 24 months ahead.'],
  ])('%j is refused', (until, want) => {
    expect(message(() => parseUntil(until, '2026-09-25'))).toBe(want);
  });

  it('names every unknown account once, sorted', () => {
    const accounts = [{ id: 'acc-a' }, { id: 'acc-b' }];
    expect(message(() => checkForecastAccounts(null, accounts))).toBe('');
    expect(message(() => checkForecastAccounts(['acc-b'], accounts))).toBe('');
    expect(message(() => checkForecastAccounts(['zz', 'acc-a', 'b-1', 'zz'], accounts))).toBe(
      'Unknown account(s) b-1, zz: use ids from list_accounts.',
    );
    expect(message(() => checkForecastAccounts(['x'], accounts))).toBe(
      'Unknown account(s) x: use ids from list_accounts.',
    );
  });
});

describe('forecast', () => {
  const account = (id: string, balance: number, over: Partial<YnabAccount> = {}): YnabAccount => ({
    id,
    name: id === 'chk' ? 'Checking' : id,
    type: 'checking',
    on_budget: true,
    closed: false,
    balance,
    cleared_balance: balance,
    uncleared_balance: 0,
    deleted: false,
    ...over,
  });
  const accounts = [
    account('chk', 1_000_000),
    account('sav', 500_000, { type: 'savings' }),
    account('old', 5_000, { closed: true }),
    account('trk', 10_000, { on_budget: false }),
  ];
  let n = 0;
  const tx = (
    date: string,
    amount: number,
    payee: string,
    over: Partial<YnabTransaction> = {},
  ): YnabTransaction => ({
    id: `t${(n += 1)}`,
    date,
    amount,
    cleared: 'cleared',
    approved: true,
    account_id: 'chk',
    payee_name: payee,
    transfer_account_id: null,
    deleted: false,
    ...over,
  });
  const history: YnabTransaction[] = [];
  for (const m of ['06', '07', '08']) {
    history.push(
      tx(`2026-${m}-03`, -800_000, 'LANDLORD'),
      tx(`2026-${m}-10`, -30_000, 'CB GYM FACT 100626 525130******1'),
      tx(`2026-${m}-28`, 2_000_000, 'VIR PAYCO SALAIRE'),
      tx(`2026-${m}-29`, -100_000, 'Transfer : sav', { transfer_account_id: 'sav' }),
      tx(`2026-${m}-29`, 100_000, 'Transfer : chk', { transfer_account_id: 'chk', account_id: 'sav' }),
    );
  }
  history.push(
    tx('2026-06-12', -30_000, 'CAFE'),
    tx('2026-07-12', -60_000, 'CAFE'),
    tx('2026-07-13', 15_000, 'GIFT'),
    tx('2026-09-05', -10_000, 'CAFE'),
    tx('2026-09-06', 1_000, 'GIFT'),
    tx('2026-09-10', -30_000, 'GYM'),
    tx('2026-09-11', -99_000, 'ELSEWHERE', { account_id: 'trk' }),
  );
  const schedule = (
    id: string,
    next: string,
    amount: number,
    payee: string,
    over: Partial<YnabScheduledTransaction> = {},
  ) =>
    ({
      id,
      date_first: next,
      date_next: next,
      frequency: 'monthly',
      amount,
      account_id: 'chk',
      payee_name: payee,
      category_id: null,
      transfer_account_id: null,
      deleted: false,
      ...over,
    }) as YnabScheduledTransaction;
  const schedules = [
    schedule('s-rent', '2026-10-03', -800_000, 'LANDLORD', { category_id: 'c-rent' }),
    schedule('s-pay', '2026-09-28', 2_000_000, 'PAYCO SALAIRE'),
    schedule('s-save', '2026-10-29', -100_000, 'Transfer : sav', { transfer_account_id: 'sav' }),
    schedule('s-track', '2026-10-15', -50_000, 'Transfer : trk', { transfer_account_id: 'trk' }),
    schedule('s-gone', '2026-10-01', -1_000_000, 'GONE', { deleted: true }),
  ];
  const input: ForecastInput = {
    today: '2026-09-25',
    until: '2026-10',
    accounts,
    transactions: history,
    schedules,
    names: {
      accounts: new Map(accounts.map((a) => [a.id, a.name])),
      categories: new Map([['c-rent', 'Rent']]),
    },
    accountIds: null,
    monthlyIncome: null,
    variableMonthly: null,
    oneOffs: null,
    money: twoDecimals,
  };

  it('projects the open budget accounts from their schedules, recurring payees and averages', () => {
    const out = forecast(input);
    expect(out.accounts).toEqual(['Checking', 'sav']);
    expect(out.start_balance).toBe(1500);
    expect(out.assumptions.recurring).toEqual([{ payee: 'GYM', amount: -30, day: 10, months_seen: 3 }]);
    expect(out.assumptions.variable_monthly).toBe(-30);
    expect(out.assumptions.income_outside_schedules).toBe(5);
    expect(out.assumptions.one_offs).toEqual([]);
    expect(
      out.assumptions.scheduled
        .flatMap((g) => g.occurrences)
        .map((o) => [o.scheduled_id, o.date, o.category, o.transfer]),
    ).toEqual([
      ['s-pay', '2026-09-28', null, false],
      ['s-rent', '2026-10-03', 'Rent', false],
      ['s-track', '2026-10-15', null, true],
      ['s-pay', '2026-10-28', null, false],
    ]);
    expect(out.months).toEqual([
      { month: '2026-09', start: 1500, inflows: 2004, outflows: -20, end: 3484, lowest: 1493.6 },
      { month: '2026-10', start: 3484, inflows: 2005, outflows: -910, end: 4579, lowest: 2582.24 },
    ]);
    expect(out.first_shortfall).toBeNull();
    expect(out.message).toBe(
      'The balance stays above zero through 2026-10. This rests on the assumptions listed: check them with the user.',
    );
  });

  it('with monthly_income, leaves out income schedules and recurring income', () => {
    const out = forecast({ ...input, monthlyIncome: 1_000_000 });
    expect(out.assumptions.scheduled.flatMap((g) => g.occurrences).map((o) => o.scheduled_id)).toEqual([
      's-rent',
      's-track',
    ]);
    expect(out.assumptions.recurring.map((r) => r.payee)).toEqual(['GYM']);
    expect(out.assumptions.income_outside_schedules).toBe(1000);
    // September: 1,000.00 due, less what came in this month (the gift, 1.00), over the 5 days left.
    expect(out.months[0]).toMatchObject({ inflows: 999, outflows: -20 });
  });

  it('takes the caller’s figures and one-offs, and names the first shortfall', () => {
    const out = forecast({
      ...input,
      variableMonthly: 50_000,
      oneOffs: [
        { date: '2026-09-25', amount: -9_000_000, label: 'today\nignored' },
        { date: '2026-11-01', amount: -9_000_000, label: 'after the horizon' },
        { date: '2026-10-16', amount: -6_000_000, label: 'roof' },
      ],
    });
    expect(out.assumptions.variable_monthly).toBe(50);
    expect(out.assumptions.one_offs).toEqual([
      { date: '2026-09-25', amount: -9000, label: 'today ignored' },
      { date: '2026-11-01', amount: -9000, label: 'after the horizon' },
      { date: '2026-10-16', amount: -6000, label: 'roof' },
    ]);
    expect(out.months[0]).toMatchObject({ inflows: 2004, outflows: 0 });
    expect(out.first_shortfall).toBe('2026-10');
    expect(out.message).toBe(
      'The balance goes below zero in 2026-10. This rests on the assumptions listed: check them with the user.',
    );
  });

  it('projects the accounts given, even tracking or closed ones', () => {
    const out = forecast({ ...input, accountIds: ['trk', 'old'] });
    expect(out.accounts).toEqual(['old', 'trk']);
    expect(out.start_balance).toBe(15);
    expect(out.assumptions.scheduled).toEqual([]);
    expect(out.assumptions.variable_monthly).toBe(0);
    expect(out.months[0]).toMatchObject({ inflows: 0, outflows: 0, end: 15 });
  });

  it('explains the rest of the current month: the averages less what already happened', () => {
    // 5 days left; spending: the café average (-30.00) less the -10.00 already spent; income: the
    // gifts' average (5.00) less the 1.00 already received
    expect(forecast(input).assumptions.current_month).toEqual({
      days_left: 5,
      spending_left: -20,
      income_left: 4,
    });
    // more spent or received than the figures given: nothing left of either
    const over = forecast({ ...input, variableMonthly: -5_000, monthlyIncome: 500 });
    expect(over.assumptions.current_month).toEqual({ days_left: 5, spending_left: 0, income_left: 0 });
  });

  it('groups the scheduled occurrences by month and marks those due once a year', () => {
    const yearly = schedule('s-ins', '2026-11-20', -400_000, 'INSURER', { frequency: 'yearly' });
    const out = forecast({ ...input, until: '2026-11', schedules: [...schedules, yearly] });
    expect(out.assumptions.scheduled.map((g) => [g.month, g.occurrences.length, g.yearly])).toEqual([
      ['2026-09', 1, []],
      ['2026-10', 3, []],
      ['2026-11', 4, ['INSURER']],
    ]);
  });

  it('with monthly_income, leaves out recurring income and zero schedules', () => {
    const noPay = schedules.filter((x) => x.id !== 's-pay');
    const zero = schedule('s-zero', '2026-10-05', 0, 'ZERO');
    const payees = (f: ReturnType<typeof forecast>): string[] => f.assumptions.recurring.map((r) => r.payee);
    expect(payees(forecast({ ...input, schedules: noPay }))).toEqual(['GYM', 'PAYCO SALAIRE']);
    const given = forecast({ ...input, schedules: [...noPay, zero], monthlyIncome: 1_000_000 });
    expect(payees(given)).toEqual(['GYM']);
    const ids = given.assumptions.scheduled.flatMap((g) => g.occurrences).map((o) => o.scheduled_id);
    expect(ids).toEqual(['s-rent', 's-track']);
  });

  it('gives the balance at the end of each projected day, ending on the last month-end', () => {
    const { result, daily } = forecastByDay(input);
    expect(daily[0]?.date).toBe('2026-09-26'); // from the day after today
    expect(daily.at(-1)).toEqual({ date: '2026-10-31', balance: result.months.at(-1)?.end });
    expect(daily).toHaveLength(5 + 31);
    expect(Math.min(...daily.map((d) => d.balance))).toBe(result.months[0]?.lowest);
  });

  it('projects an empty plan at zero', () => {
    const out = forecast({ ...input, accounts: [], transactions: [], schedules: [], until: '2026-09' });
    expect(out.accounts).toEqual([]);
    expect(out.months).toEqual([{ month: '2026-09', start: 0, inflows: 0, outflows: 0, end: 0, lowest: 0 }]);
    expect(out.first_shortfall).toBeNull();
  });
});
