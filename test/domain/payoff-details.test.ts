/**
 * Details of get_debt_payoff_plan a user sees: overrides matched by the name YNAB shows, the order of
 * the debts in a plan, when a plan is said never to end, and what each debt was paid before.
 */
import { describe, expect, it } from 'vitest';
import type { YnabAccount } from '../../src/domain/model.js';
import { simulate, type SimDebt } from '../../src/domain/analytics/payoff-simulate.js';
import { debtTerms, payoffPlan, type DebtTerms } from '../../src/domain/analytics/payoff.js';
import { twoDecimals } from '../helpers/money.js';

const TODAY = '2026-09-25';
const loan = (id: string, name: string, balance: number): YnabAccount => ({
  id,
  name,
  type: 'autoLoan',
  on_budget: false,
  closed: false,
  balance,
  cleared_balance: balance,
  uncleared_balance: 0,
  deleted: false,
  debt_interest_rates: { '2025-01-01': 5_000 },
  debt_minimum_payments: { '2025-01-01': 100_000 },
});
const terms = (name: string, owed: number, more: Partial<DebtTerms> = {}): DebtTerms => ({
  account_id: `acc-${name}`,
  name,
  type: 'creditCard',
  owed,
  rate: 0,
  rate_from: 'YNAB',
  minimum: 10_000,
  minimum_from: 'YNAB',
  escrow: 0,
  ...more,
});

describe('debtTerms: overrides', () => {
  it('finds a debt whose YNAB name has spaces around it by the name as shown', () => {
    const [car] = debtTerms(
      [loan('a1', ' Car loan ', -9_000_000)],
      [{ account: 'car loan', interest_rate: 7 }],
      TODAY,
    );
    expect(car).toMatchObject({ name: 'Car loan', rate: 7, rate_from: 'override' });
  });

  it('keeps a rate given in one override when another gives only the minimum', () => {
    const overrides = [
      { account: 'Car loan', interest_rate: 7 },
      { account: 'a1', minimum_payment: 250 },
    ];
    const [car] = debtTerms([loan('a1', 'Car loan', -9_000_000)], overrides, TODAY);
    expect(car).toMatchObject({ rate: 7, rate_from: 'override', minimum: 250_000, minimum_from: 'override' });
  });
});

describe('payoffPlan: what the user is told', () => {
  it('shows what each debt was paid on average, and names every debt without a rate', () => {
    const debts = [
      terms('Visa', 100_000, { rate_from: 'missing', averagePaid: 30_000 }),
      terms('Amex', 50_000, { rate_from: 'missing', averagePaid: 0 }),
    ];
    const r = payoffPlan(
      debts,
      { budget: 40_000, from: 'given' },
      { today: TODAY, strategy: 'avalanche', maxMonths: 60 },
      twoDecimals,
    );
    expect(r.debts.map((d) => [d.name, d.average_paid])).toEqual([
      ['Visa', 30],
      ['Amex', 0],
    ]);
    expect(r.notes).toContain(
      'No interest rate in YNAB for Visa, Amex: counted at 0 %, so the interest is understated; ask the user for the rate and give it as interest_rate in overrides (YNAB keeps rates for loans only, not for credit cards).',
    );
  });
});

describe('simulate: the order of the debts and a plan that never ends', () => {
  it('lists debts paid off in the same month in the strategy order, not the account order', () => {
    const debts: SimDebt[] = [
      { name: 'low', owed: 10_000, rate: 0, minimum: 10_000 },
      { name: 'mid', owed: 10_000, rate: 6, minimum: 10_000 },
      { name: 'high', owed: 10_000, rate: 12, minimum: 10_000 },
    ];
    const p = simulate(debts, 40_000, 'avalanche', 12, TODAY);
    expect(p.debts.map((d) => [d.name, d.payments])).toEqual([
      ['high', 1],
      ['mid', 1],
      ['low', 1],
    ]);
  });

  it('lists a debt its minimum pays off first before the one the strategy puts first', () => {
    const debts: SimDebt[] = [
      { name: 'big dear', owed: 500_000, rate: 20, minimum: 10_000 },
      { name: 'small cheap', owed: 20_000, rate: 0, minimum: 20_000 },
    ];
    const p = simulate(debts, 100_000, 'avalanche', 60, TODAY);
    expect(p.debts.map((d) => [d.name, d.payments])).toEqual([
      ['small cheap', 1],
      ['big dear', 6],
    ]);
  });

  it('judges "never" on the first month only: a plan that slips later runs on to max_months', () => {
    // Month 1 takes 100 milliunits off the total; from month 2 the dear debt's interest outgrows the
    // payment into the cheap one, yet the cheap one is still paid off in month 5.
    const debts: SimDebt[] = [
      { name: 'dear', owed: 1_000_000, rate: 24, minimum: 0 },
      { name: 'cheap', owed: 100_000, rate: 0, minimum: 0 },
    ];
    const p = simulate(debts, 20_100, 'snowball', 24, TODAY);
    expect(p.never).toBe(false);
    expect(p.debtFree).toBeNull();
    expect(p.debts.map((d) => [d.name, d.payments])).toEqual([
      ['cheap', 5],
      ['dear', null],
    ]);
  });
});
