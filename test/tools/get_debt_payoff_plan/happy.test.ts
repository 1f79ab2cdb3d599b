/**
 * `get_debt_payoff_plan` through a real MCP client in both eras, on the demo plan: the car loan's
 * payoff simulated here with the demo's own interest rule, the 1–2 YNAB requests and every error.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { monthlyInterest } from '../../../src/demo/household/history.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../../helpers/harness.js';

const demo = buildDemoPlan();
const carOwed = -demo.transactions
  .filter((t) => t.account_id === 'acc-car-loan' && !t.deleted)
  .reduce((s, t) => s + t.amount, 0);
const f2 = (milli: number): string => (milli / 1000).toFixed(2);
const monthAfter = (month: string, n: number): string => {
  const k = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
};

/** The car loan paid `payment` milliunits a month at 4.5 %: months, interest and paid (milliunits). */
function carPlan(payment: number, rateThousandths = 4500) {
  let owed = carOwed;
  let months = 0;
  let interest = 0;
  let paid = 0;
  let last = 0;
  while (owed > 0) {
    const charged = monthlyInterest(owed, rateThousandths);
    owed += charged;
    interest += charged;
    const p = Math.min(owed, payment);
    owed -= p;
    paid += p;
    last = p;
    months += 1;
  }
  return { months, interest, paid, last };
}

const NOTES = [
  'Rates and minimum payments are those in force today and are assumed fixed; no new charges are made on the debts.',
  'Each month, from 2026-10, every debt is charged a twelfth of its yearly rate on its balance, then gets its minimum payment; the rest of the monthly budget goes to the first debt of the strategy (avalanche: highest rate first; snowball: smallest balance first), and a debt paid off frees its minimum for the next.',
];

interface Payoff {
  message: string;
  monthly_budget: number;
  budget_from: string;
  first_month: string;
  debts: Record<string, unknown>[];
  plans: {
    strategy: string;
    debts: {
      name: string;
      payoff_month: string | null;
      payments: number | null;
      final_payment: number | null;
      interest: number;
      paid: number;
    }[];
    months_to_debt_free: number | null;
    debt_free_month: string | null;
    total_interest: number;
    total_paid: number;
  }[];
  interest_saved_by_avalanche: number | null;
  months_saved_by_avalanche: number | null;
  notes: string[];
}

it.beforeAll(({ h }) => {
  // freshness window off: each call here is counted on its own: a repeat reads its lists again as
  // deltas
  h.env.AVENIR_MCP_FRESH_SECONDS = '0';
});

describe.each(ERAS)('get_debt_payoff_plan, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    h.standIn.setToday('2026-09-25');
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const payoff = async (args: Record<string, unknown> = {}, session = s) =>
    call(session, 'get_debt_payoff_plan', { plan_id: 'demo-budget', ...args });

  it("pays the car loan off at its minimum, with YNAB's terms and what was paid lately, in 2 requests", async ({
    h,
  }) => {
    const r = await payoff();
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as Payoff;
    const car = carPlan(400_000);
    const end = monthAfter('2026-09', car.months);
    const plan = (strategy: string) => ({
      strategy,
      debts: [
        {
          name: 'Car loan',
          payoff_month: end,
          payments: car.months,
          final_payment: car.last / 1000,
          interest: car.interest / 1000,
          paid: car.paid / 1000,
        },
      ],
      months_to_debt_free: car.months,
      debt_free_month: end,
      total_interest: car.interest / 1000,
      total_paid: car.paid / 1000,
    });
    expect(out).toEqual({
      message: `At 400.00 a month, the ${f2(carOwed)} owed on 1 debt is paid off in ${car.months} months, by ${end}, with ${f2(car.interest)} of interest (avalanche). Avalanche and snowball cost the same here.`,
      monthly_budget: 400,
      budget_from: 'minimum payments',
      first_month: '2026-10',
      debts: [
        {
          account_id: 'acc-car-loan',
          name: 'Car loan',
          type: 'autoLoan',
          owed: carOwed / 1000,
          interest_rate: 4.5,
          rate_from: 'YNAB',
          minimum_payment: 400,
          minimum_from: 'YNAB',
          average_paid: 400,
          escrow: 0,
          payments_avalanche: car.months,
          payments_snowball: car.months,
        },
      ],
      plans: [plan('avalanche'), plan('snowball')],
      interest_saved_by_avalanche: 0,
      months_saved_by_avalanche: 0,
      notes: [
        ...NOTES,
        'monthly_budget was not given: 400.00 is the sum of the minimum payments, so nothing extra; give a larger monthly_budget to see how much sooner the debts would be paid off.',
      ],
    });
    expect(car.last).toBeLessThan(400_000);
    expect(textOf(r)).toContain(
      `debts (1 row): account_id | name | type | owed | interest_rate | rate_from | minimum_payment | minimum_from | average_paid | escrow | payments_avalanche | payments_snowball\nacc-car-loan | Car loan | autoLoan | ${carOwed / 1000} | 4.5 | YNAB | 400 | YNAB | 400 | 0 | ${car.months} | ${car.months}\n`,
    );
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it('uses a monthly_budget given, and overrides found by name or id', async ({ h }) => {
    const r = await payoff({
      monthly_budget: 1000,
      strategy: 'snowball',
      overrides: [
        { account: '  CAR LOAN ', interest_rate: 6 },
        { account: 'acc-car-loan', minimum_payment: 450 },
      ],
    });
    const out = r.structuredContent as Payoff;
    const car = carPlan(1_000_000, 6000);
    expect(out.budget_from).toBe('given');
    expect(out.debts[0]).toMatchObject({
      // only the snowball plan was asked: the debt's row counts its payments under it alone
      payments_avalanche: null,
      payments_snowball: car.months,
      interest_rate: 6,
      rate_from: 'override',
      minimum_payment: 450,
      minimum_from: 'override',
    });
    expect(out.plans.map((p) => [p.strategy, p.months_to_debt_free, p.total_interest])).toEqual([
      ['snowball', car.months, car.interest / 1000],
    ]);
    expect(out.message).toBe(
      `At 1000.00 a month, the ${f2(carOwed)} owed on 1 debt is paid off in ${car.months} months, by ${monthAfter('2026-09', car.months)}, with ${f2(car.interest)} of interest (snowball).`,
    );
    expect([out.interest_saved_by_avalanche, out.months_saved_by_avalanche]).toEqual([null, null]);
    expect(out.notes).toEqual(NOTES);
    expect(h.standIn.requests).toHaveLength(2);
  });

  it('refuses a monthly_budget below the minimum payments, after 1 request', async ({ h }) => {
    const r = await payoff({ monthly_budget: 399.995 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'monthly_budget 400.00 is less than the minimum payments, 400.00: give at least that much.',
    );
    const low = await payoff({ monthly_budget: 120.5 });
    expect(textOf(low)).toBe(
      'monthly_budget 120.50 is less than the minimum payments, 400.00: give at least that much.',
    );
    expect(h.standIn.requests).toHaveLength(2);
  });

  it('refuses unknown debt accounts, naming them and the open debts', async ({ h }) => {
    const r = await payoff({
      overrides: [
        { account: 'Car loan' },
        { account: 'Student loan' },
        { account: ' Visa\u202e ' },
        { account: "Bob's" },
      ],
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      `Unknown debt account(s) 'Student loan', 'Visa', "Bob's": give names or ids of the open accounts that owe money: Car loan.`,
    );
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/accounts']);
  });

  it('averages the past payments when no minimum is known: 2 requests', async ({ h }) => {
    const plan: PlanData = buildDemoPlan();
    plan.accounts.find((a) => a.id === 'acc-car-loan')!.debt_minimum_payments = null;
    h.standIn.reset(plan);
    const r = await payoff();
    const out = r.structuredContent as Payoff;
    // June, July and August 2026: a 400.00 transfer into the car loan each month.
    const paidIn = demo.transactions
      .filter((t) => t.account_id === 'acc-car-loan' && t.transfer_account_id && t.amount > 0)
      .filter((t) => t.date >= '2026-06-01' && t.date < '2026-09-01')
      .reduce((x, t) => x + t.amount, 0);
    expect(paidIn).toBe(1_200_000);
    expect(out.monthly_budget).toBe(paidIn / 3 / 1000);
    expect(out.budget_from).toBe('past payments');
    expect(out.debts[0]).toMatchObject({ minimum_payment: 0, minimum_from: 'missing' });
    expect(out.plans[0]?.months_to_debt_free).toBe(carPlan(400_000).months);
    expect(out.notes).toEqual([
      ...NOTES,
      'No minimum payment in YNAB for Car loan: counted at 0, so only what is left of the budget goes there; give minimum_payment in overrides.',
      'monthly_budget was not given: 400.00 is the average paid into the debt accounts over the last 3 complete months.',
    ]);
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it('refuses when no minimum is known and nothing was paid (before the loan terms, 2025-03-15)', async ({
    h,
  }) => {
    h.standIn.setToday('2025-03-15');
    const early = await connect(h, era, { env: { AVENIR_MCP_TODAY: '2025-03-15' } });
    try {
      h.standIn.clearRequests();
      const r = await payoff({}, early);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(
        'No minimum payment is known and nothing was paid into the debt accounts over the last 3 complete months: give monthly_budget, or minimum_payment in overrides.',
      );
      expect(h.standIn.requests).toHaveLength(2);
      // With a budget, the rate and minimum are simply missing.
      const given = await payoff({ monthly_budget: 500 }, early);
      const out = given.structuredContent as Payoff;
      expect(out.debts[0]).toMatchObject({ interest_rate: 0, rate_from: 'missing', minimum_from: 'missing' });
      expect(out.first_month).toBe('2025-04');
      expect(out.notes.slice(2, 4)).toEqual([
        'No interest rate in YNAB for Car loan: counted at 0 %, so the interest is understated; ask the user for the rate and give it as interest_rate in overrides (YNAB keeps rates for loans only, not for credit cards).',
        'No minimum payment in YNAB for Car loan: counted at 0, so only what is left of the budget goes there; give minimum_payment in overrides.',
      ]);
      // the transactions are read again (a delta): what was paid lately is always given
      expect(h.standIn.requests).toHaveLength(4);
    } finally {
      await early.close();
    }
  });

  it('says when the payments never cover the interest, and when max_months is reached', async () => {
    const never = (await payoff({ overrides: [{ account: 'Car loan', interest_rate: 100 }] }))
      .structuredContent as Payoff;
    expect(never.message).toBe(
      `At 400.00 a month, the payments do not cover the interest charged on the ${f2(carOwed)} owed: the debt never shrinks. Pay more each month to pay it off.`,
    );
    expect(never.plans.map((p) => p.months_to_debt_free)).toEqual([null, null]);
    expect(never.interest_saved_by_avalanche).toBeNull();
    const short = (await payoff({ max_months: 12, strategy: 'avalanche' })).structuredContent as Payoff;
    let owed = carOwed;
    let interest = 0;
    for (let m = 0; m < 12; m++) {
      const charged = monthlyInterest(owed, 4500);
      interest += charged;
      owed += charged - 400_000;
    }
    expect(short.message).toBe(
      `At 400.00 a month, the ${f2(carOwed)} owed is not paid off within 12 months: ${f2(interest)} of interest is charged meanwhile.`,
    );
    expect(short.notes.at(-1)).toBe('The plan stops after 12 months: max_months.');
  });

  it('has nothing to pay off when no open account owes money', async ({ h }) => {
    const plan: PlanData = buildDemoPlan();
    plan.accounts.find((a) => a.id === 'acc-car-loan')!.closed = true;
    h.standIn.reset(plan);
    const out = (await payoff({ monthly_budget: 250 })).structuredContent as Payoff;
    expect(out).toEqual({
      message: 'No open debt account owes money: nothing to pay off.',
      monthly_budget: 250,
      budget_from: 'given',
      first_month: '2026-10',
      debts: [],
      plans: [],
      interest_saved_by_avalanche: null,
      months_saved_by_avalanche: null,
      notes: [],
    });
    expect(h.standIn.requests).toHaveLength(1);
  });

  it('refuses bad arguments before any request', async ({ h }) => {
    for (const args of [
      { monthly_budget: 0 },
      { monthly_budget: -5 },
      { monthly_budget: 1e9 + 1 },
      { strategy: 'cheapest' },
      { max_months: 11 },
      { max_months: 1201 },
      { overrides: [] },
      { overrides: [{ account: '' }] },
      { overrides: [{ account: 'Car loan', interest_rate: 101 }] },
      { overrides: [{ account: 'Car loan', minimum_payment: -1 }] },
      { overrides: [{ account: 'Car loan', colour: 'red' }] },
    ]) {
      const r = await payoff(args);
      expect(r.isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});
