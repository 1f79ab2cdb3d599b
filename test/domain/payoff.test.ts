import { describe, expect, it } from 'vitest';
import { monthlyInterest } from '../../src/demo/household/history.js';
import { AppError } from '../../src/domain/errors.js';
import type { YnabAccount, YnabTransaction } from '../../src/domain/model.js';
import {
  monthInterest,
  priorityOrder,
  simulate,
  type SimDebt,
} from '../../src/domain/analytics/payoff-simulate.js';
import {
  chooseBudget,
  debtTerms,
  inForce,
  needsPastPayments,
  noDebtsResult,
  pastPayments,
  payoffPlan,
  type DebtTerms,
} from '../../src/domain/analytics/payoff.js';
import { twoDecimals } from '../helpers/money.js';

const TODAY = '2026-09-25';
const account = (
  id: string,
  type: string,
  balance: number,
  more: Partial<YnabAccount> = {},
): YnabAccount => ({
  id,
  name: id,
  type,
  on_budget: false,
  closed: false,
  balance,
  cleared_balance: balance,
  uncleared_balance: 0,
  deleted: false,
  ...more,
});
const terms = (
  name: string,
  owed: number,
  rate: number,
  minimum: number,
  more: Partial<DebtTerms> = {},
): DebtTerms => ({
  account_id: `acc-${name}`,
  name,
  type: 'personalLoan',
  owed,
  rate,
  rate_from: 'YNAB',
  minimum,
  minimum_from: 'YNAB',
  escrow: 0,
  ...more,
});

describe('inForce: the value of a dated map in force today', () => {
  it.each([
    [null, null],
    [{}, null],
    [{ '2025-03-31': 4500 }, 4500],
    [{ '2026-09-25': 7 }, 7],
    [{ '2026-09-26': 7 }, null],
    [{ '2024-01-01': 1, '2026-01-01': 3, '2025-01-01': 2, '2027-01-01': 4 }, 3],
    [{ '2025-01-01': 5, '2026-01-01': null as unknown as number }, 5],
  ])('%j → %s', (map, want) => {
    expect(inForce(map, TODAY)).toBe(want);
  });
});

describe('debtTerms', () => {
  const accounts = [
    account('check', 'checking', -5_000, { on_budget: true }),
    account('card', 'creditCard', -1_200_000, { on_budget: true, name: 'Visa\u200b Card' }),
    account('paid-card', 'creditCard', 0, { on_budget: true }),
    account('plus-card', 'creditCard', 3_000, { on_budget: true }),
    account('old', 'studentLoan', -9_000, { closed: true }),
    account('gone', 'mortgage', -9_000, { deleted: true }),
    account('car', 'autoLoan', -20_000_000, {
      name: 'Car loan',
      debt_interest_rates: { '2025-03-31': 4500, '2030-01-01': 9000 },
      debt_minimum_payments: { '2025-03-31': 400_000 },
      debt_escrow_amounts: { '2025-03-31': 25_000 },
    }),
  ];

  it('keeps the open accounts that owe money, with YNAB terms in force today', () => {
    expect(debtTerms(accounts, null, TODAY)).toEqual([
      terms('Visa Card', 1_200_000, 0, 0, {
        account_id: 'card',
        type: 'creditCard',
        rate_from: 'missing',
        minimum_from: 'missing',
      }),
      terms('Car loan', 20_000_000, 4.5, 400_000, { account_id: 'car', type: 'autoLoan', escrow: 25_000 }),
    ]);
  });

  it.each([
    ['by id', [{ account: ' car ', interest_rate: 6 }], { rate: 6, rate_from: 'override' }],
    [
      'by name, casefolded and trimmed',
      [{ account: '  CAR LOAN ', minimum_payment: 512.3456 }],
      { minimum: 512_346, minimum_from: 'override' },
    ],
    [
      'a zero override still overrides',
      [{ account: 'car', interest_rate: 0, minimum_payment: 0 }],
      { rate: 0, rate_from: 'override', minimum: 0, minimum_from: 'override' },
    ],
    [
      'the later override of a field wins',
      [
        { account: 'car', interest_rate: 1 },
        { account: 'Car loan', interest_rate: 2 },
      ],
      { rate: 2 },
    ],
  ])('applies overrides %s', (_name, overrides, want) => {
    expect(debtTerms(accounts, overrides, TODAY)[1]).toMatchObject(want);
  });

  it('refuses unknown debts, naming them cleaned and quoted, and listing the debts', () => {
    const run = () =>
      debtTerms(
        accounts,
        [{ account: 'car' }, { account: 'old' }, { account: "Bob's\nloan" }, { account: 'check' }],
        TODAY,
      );
    expect(run).toThrow(AppError);
    expect(run).toThrow(
      `Unknown debt account(s) 'old', "Bob's loan", 'check': give names or ids of the open accounts that owe money: Visa Card, Car loan.`,
    );
  });
});

describe('needsPastPayments', () => {
  it.each([
    [[terms('a', 1, 0, 1)], null, false],
    [[terms('a', 1, 0, 0, { minimum_from: 'missing' })], null, true],
    [[terms('a', 1, 0, 0, { minimum_from: 'missing' })], 100, false],
    [[], null, false],
  ])('%#', (debts, budget, want) => {
    expect(needsPastPayments(debts, budget)).toBe(want);
  });
});

describe('pastPayments', () => {
  const t = (date: string, amount: number, more: Partial<YnabTransaction> = {}): YnabTransaction => ({
    id: `${date}${amount}`,
    date,
    amount,
    cleared: 'cleared',
    approved: true,
    account_id: 'loan',
    transfer_account_id: 'check',
    deleted: false,
    ...more,
  });
  it.each([
    [
      'transfers in over the 3 complete months, averaged',
      [t('2026-06-05', 300), t('2026-07-05', 300), t('2026-08-31', 300)],
      300,
    ],
    ['rounded half to even', [t('2026-08-05', 5)], 2],
    ['not the current month nor before the three', [t('2026-09-01', 900), t('2026-05-31', 900)], 0],
    [
      'not an interest charge nor a payment out',
      [
        t('2026-08-04', -80, { transfer_account_id: null }),
        t('2026-08-04', 80, { transfer_account_id: null }),
        t('2026-08-05', -60),
      ],
      0,
    ],
    [
      'not deleted ones nor other accounts',
      [t('2026-08-05', 600, { deleted: true }), t('2026-08-05', 600, { account_id: 'other' })],
      0,
    ],
  ])('%s', (_name, txs, want) => {
    expect(pastPayments(txs, new Set(['loan']), TODAY)).toBe(want);
  });
});

describe('chooseBudget', () => {
  const debts = [terms('a', 1, 0, 150_000), terms('b', 1, 0, 250_000)];
  const none = [terms('a', 1, 0, 0, { minimum_from: 'missing' })];
  it.each([
    [debts, 400, null, { budget: 400_000, from: 'given' }],
    [debts, 400.0004, null, { budget: 400_000, from: 'given' }],
    [debts, null, null, { budget: 400_000, from: 'minimum payments' }],
    [debts, null, 400_001, { budget: 400_001, from: 'past payments' }],
    [debts, null, 400_000, { budget: 400_000, from: 'minimum payments' }],
    [none, null, 1, { budget: 1, from: 'past payments' }],
    [none, 0.01, null, { budget: 10, from: 'given' }],
  ])('%#', (d, given, past, want) => {
    expect(chooseBudget(d, given, past, twoDecimals)).toEqual(want);
  });

  it.each([
    [
      debts,
      399.99,
      null,
      'monthly_budget 399.99 is less than the minimum payments, 400.00: give at least that much.',
    ],
    [
      none,
      null,
      0,
      'No minimum payment is known and nothing was paid into the debt accounts over the last 3 complete months: give monthly_budget, or minimum_payment in overrides.',
    ],
    [
      none,
      null,
      null,
      'No minimum payment is known and nothing was paid into the debt accounts over the last 3 complete months: give monthly_budget, or minimum_payment in overrides.',
    ],
  ])('refuses %#', (d, given, past, text) => {
    expect(() => chooseBudget(d, given, past, twoDecimals)).toThrow(new AppError(text));
  });
});

describe('monthInterest: to the cent, half to even', () => {
  it.each([
    [24_750_000, 4.5, 92_810],
    [22_260_000, 4.5, 83_480], // 83,475 exactly: the tie goes to the even 83,480
    [22_258_888, 4.5, 83_470],
    [0, 19.99, 0],
    [1_000_000, 0, 0],
    [1_000, 12, 10], // 10 milliunits
    [500, 12, 0], // 5 milliunits: a tie, to the even 0
    [1_500, 12, 20], // 15 milliunits: a tie, to the even 20
  ])('%i at %s %% → %i', (balance, rate, want) => {
    expect(monthInterest(balance, rate)).toBe(want);
  });

  it('agrees with the demo generator on every car-loan balance of the story', () => {
    let owed = 24_750_000;
    for (let month = 0; month < 60; month++) {
      expect(monthInterest(owed, 4.5)).toBe(monthlyInterest(owed, 4500));
      owed += monthlyInterest(owed, 4500) - 400_000;
    }
  });
});

describe('priorityOrder', () => {
  const debts: SimDebt[] = [
    { name: 'b', owed: 500, rate: 5, minimum: 0 },
    { name: 'a', owed: 500, rate: 5, minimum: 0 },
    { name: 'big', owed: 9_000, rate: 20, minimum: 0 },
    { name: 'small', owed: 100, rate: 1, minimum: 0 },
    { name: 'tie', owed: 500, rate: 20, minimum: 0 },
  ];
  it.each([
    ['avalanche', ['tie', 'big', 'a', 'b', 'small']],
    ['snowball', ['small', 'tie', 'a', 'b', 'big']],
  ] as const)('%s', (strategy, want) => {
    expect(priorityOrder(debts, strategy).map((d) => d.name)).toEqual(want);
  });
});

describe('payoffPlan', () => {
  const two = [terms('A', 100_000, 12, 10_000), terms('B', 200_000, 24, 10_000)];

  it('runs both strategies month by month and compares them', () => {
    const r = payoffPlan(
      two,
      { budget: 100_000, from: 'given' },
      { today: TODAY, strategy: 'both', maxMonths: 600 },
      twoDecimals,
    );
    expect(r.plans).toEqual([
      {
        strategy: 'avalanche',
        debts: [
          {
            name: 'B',
            payoff_month: '2026-12',
            payments: 3,
            final_payment: 26.81,
            interest: 6.81,
            paid: 206.81,
          },
          {
            name: 'A',
            payoff_month: '2027-01',
            payments: 4,
            final_payment: 9.64,
            interest: 2.83,
            paid: 102.83,
          },
        ],
        months_to_debt_free: 4,
        debt_free_month: '2027-01',
        total_interest: 9.64,
        total_paid: 309.64,
      },
      {
        strategy: 'snowball',
        debts: [
          {
            name: 'A',
            payoff_month: '2026-11',
            payments: 2,
            final_payment: 11.11,
            interest: 1.11,
            paid: 101.11,
          },
          {
            name: 'B',
            payoff_month: '2027-01',
            payments: 4,
            final_payment: 11.39,
            interest: 10.28,
            paid: 210.28,
          },
        ],
        months_to_debt_free: 4,
        debt_free_month: '2027-01',
        total_interest: 11.39,
        total_paid: 311.39,
      },
    ]);
    expect(r.interest_saved_by_avalanche).toBe(1.75);
    expect(r.months_saved_by_avalanche).toBe(0);
    expect(r.first_month).toBe('2026-10');
    expect(r.monthly_budget).toBe(100);
    expect(r.message).toBe(
      'At 100.00 a month, the 300.00 owed on 2 debts is paid off in 4 months, by 2027-01, with 9.64 of interest (avalanche). Avalanche saves 1.75 of interest over snowball.',
    );
    expect(r.notes).toEqual([
      'Rates and minimum payments are those in force today and are assumed fixed; no new charges are made on the debts.',
      'Each month, from 2026-10, every debt is charged a twelfth of its yearly rate on its balance, then gets its minimum payment; the rest of the monthly budget goes to the first debt of the strategy (avalanche: highest rate first; snowball: smallest balance first), and a debt paid off frees its minimum for the next.',
    ]);
  });

  it('runs one strategy alone, without comparison', () => {
    const r = payoffPlan(
      two,
      { budget: 100_000, from: 'given' },
      { today: TODAY, strategy: 'snowball', maxMonths: 600 },
      twoDecimals,
    );
    expect(r.plans.map((p) => p.strategy)).toEqual(['snowball']);
    expect([r.interest_saved_by_avalanche, r.months_saved_by_avalanche]).toEqual([null, null]);
    expect(r.message).toBe(
      'At 100.00 a month, the 300.00 owed on 2 debts is paid off in 4 months, by 2027-01, with 11.39 of interest (snowball).',
    );
  });

  it('says when both strategies cost the same, a single debt paid in one month', () => {
    const r = payoffPlan(
      [terms('A', 50_000, 0, 0)],
      { budget: 100_000, from: 'given' },
      { today: '2026-12-02', strategy: 'both', maxMonths: 12 },
      twoDecimals,
    );
    expect(r.message).toBe(
      'At 100.00 a month, the 50.00 owed on 1 debt is paid off in 1 months, by 2027-01, with 0.00 of interest (avalanche). Avalanche and snowball cost the same here.',
    );
    expect([r.interest_saved_by_avalanche, r.months_saved_by_avalanche]).toEqual([0, 0]);
  });

  it.each([
    ['interest above the payments', 24],
    ['interest equal to the payments', 12],
  ])('never shrinks: %s', (_name, rate) => {
    const r = payoffPlan(
      [terms('A', 1_000_000, rate, 10_000)],
      { budget: 10_000, from: 'minimum payments' },
      { today: TODAY, strategy: 'both', maxMonths: 600 },
      twoDecimals,
    );
    expect(r.message).toBe(
      'At 10.00 a month, the payments do not cover the interest charged on the 1000.00 owed: the debt never shrinks. Pay more each month to pay it off.',
    );
    expect(r.plans[0]).toMatchObject({ months_to_debt_free: null, debt_free_month: null, total_paid: 10 });
    expect(r.plans[0]?.debts[0]).toMatchObject({ payoff_month: null, payments: null, final_payment: null });
    expect(r.interest_saved_by_avalanche).toBeNull();
    expect(r.notes.some((n) => n.startsWith('The plan stops'))).toBe(false);
  });

  it('stops at max_months and says so', () => {
    const r = payoffPlan(
      [terms('A', 1_000_000, 0, 10_000, { rate_from: 'missing' })],
      { budget: 10_000, from: 'minimum payments' },
      { today: TODAY, strategy: 'avalanche', maxMonths: 12 },
      twoDecimals,
    );
    expect(r.message).toBe(
      'At 10.00 a month, the 1000.00 owed is not paid off within 12 months: 0.00 of interest is charged meanwhile.',
    );
    expect(r.plans[0]).toMatchObject({ total_paid: 120, months_to_debt_free: null });
    expect(r.notes.slice(2)).toEqual([
      'No interest rate in YNAB for A: counted at 0 %, so the interest is understated; ask the user for the rate and give it as interest_rate in overrides (YNAB keeps rates for loans only, not for credit cards).',
      'monthly_budget was not given: 10.00 is the sum of the minimum payments, so nothing extra; give a larger monthly_budget to see how much sooner the debts would be paid off.',
      'The plan stops after 12 months: max_months.',
    ]);
  });

  it('compares nothing when one plan does not end', () => {
    // Snowball pays the small cheap debt first while the dear one grows: avalanche ends sooner.
    const debts = [terms('small', 500_000, 0, 0), terms('big', 1_000_000, 30, 0)];
    const budget = { budget: 100_000, from: 'given' as const };
    const a = payoffPlan(debts, budget, { today: TODAY, strategy: 'both', maxMonths: 1200 }, twoDecimals);
    const months = a.plans.map((p) => p.months_to_debt_free ?? 0);
    expect(months[0]).toBeLessThan(months[1] ?? 0);
    const r = payoffPlan(
      debts,
      budget,
      { today: TODAY, strategy: 'both', maxMonths: months[0] ?? 0 },
      twoDecimals,
    );
    expect(r.plans.map((p) => p.months_to_debt_free === null)).toEqual([false, true]);
    expect([r.interest_saved_by_avalanche, r.months_saved_by_avalanche]).toEqual([null, null]);
    expect(r.message.endsWith('(avalanche).')).toBe(true);
    expect(r.notes.at(-1)).toBe(`The plan stops after ${months[0]} months: max_months.`);
  });

  it('notes missing minimums, past payments and escrow', () => {
    const debts = [
      terms('Card', 100_000, 20, 0, { minimum_from: 'missing' }),
      terms('House', 900_000, 3, 50_000, { escrow: 120_000 }),
      terms('Car', 900_000, 3, 0, { minimum_from: 'missing', escrow: 1 }),
    ];
    const r = payoffPlan(
      debts,
      { budget: 123_456, from: 'past payments' },
      { today: TODAY, strategy: 'both', maxMonths: 600 },
      twoDecimals,
    );
    expect(r.budget_from).toBe('past payments');
    expect(r.debts[1]).toEqual({
      account_id: 'acc-House',
      name: 'House',
      type: 'personalLoan',
      owed: 900,
      interest_rate: 3,
      rate_from: 'YNAB',
      minimum_payment: 50,
      minimum_from: 'YNAB',
      average_paid: null,
      escrow: 120,
      // its own row says how many payments each plan takes to pay it off, as the plans' rows do
      payments_avalanche: r.plans[0]?.debts.find((d) => d.name === 'House')?.payments,
      payments_snowball: r.plans[1]?.debts.find((d) => d.name === 'House')?.payments,
    });
    expect(r.debts.map((d) => d.payments_avalanche)).toEqual(
      debts.map((d) => r.plans[0]?.debts.find((p) => p.name === d.name)?.payments),
    );
    expect(r.debts.every((d) => Number.isInteger(d.payments_snowball))).toBe(true);
    expect(r.notes.slice(2)).toEqual([
      'No minimum payment in YNAB for Card, Car: counted at 0, so only what is left of the budget goes there; give minimum_payment in overrides.',
      'monthly_budget was not given: 123.46 is the average paid into the debt accounts over the last 3 complete months.',
      'Escrow (House, Car) is paid with the loan but does not reduce it: it is not part of the plan, nor should it be of monthly_budget.',
    ]);
  });
});

describe('noDebtsResult', () => {
  it.each([
    [null, 0, 'minimum payments'],
    [250.5, 250.5, 'given'],
  ] as const)('monthly_budget %s', (given, budget, from) => {
    expect(noDebtsResult(given, '2026-12-31')).toEqual({
      message: 'No open debt account owes money: nothing to pay off.',
      monthly_budget: budget,
      budget_from: from,
      first_month: '2027-01',
      debts: [],
      plans: [],
      interest_saved_by_avalanche: null,
      months_saved_by_avalanche: null,
      notes: [],
    });
  });
});

describe('simulate', () => {
  it('lists the debts paid off first, those never paid off last, each group in priority order', () => {
    const debts: SimDebt[] = [
      { name: 'big', owed: 900_000, rate: 0, minimum: 0 },
      { name: 'tiny', owed: 10_000, rate: 0, minimum: 10_000 },
      { name: 'huge', owed: 990_000, rate: 0, minimum: 0 },
      { name: 'small', owed: 20_000, rate: 0, minimum: 0 },
    ];
    const p = simulate(debts, 30_000, 'snowball', 12, TODAY);
    expect(p.debts.map((d) => [d.name, d.payments])).toEqual([
      ['tiny', 1],
      ['small', 1],
      ['big', null],
      ['huge', null],
    ]);
    expect(p.debtFree).toBeNull();
  });

  it('frees a paid-off minimum for the next debt', () => {
    const debts: SimDebt[] = [
      { name: 'x', owed: 10_000, rate: 0, minimum: 10_000 },
      { name: 'y', owed: 40_000, rate: 0, minimum: 10_000 },
    ];
    const p = simulate(debts, 20_000, 'avalanche', 600, TODAY);
    expect(p.debts.map((d) => [d.name, d.payments])).toEqual([
      ['x', 1],
      ['y', 3],
    ]);
    expect(p).toMatchObject({ never: false, debtFree: { months: 3, month: '2026-12' }, paidMilli: 50_000 });
  });
});
