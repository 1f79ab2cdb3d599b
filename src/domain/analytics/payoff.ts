/**
 * `get_debt_payoff_plan`, pure: the debts and their terms, the monthly budget, and the avalanche and
 * snowball plans with their comparison.
 */
import { AppError } from '../errors.js';
import type { YnabAccount } from '../model.js';
import { roundHalfEven, toMilli, toUnits, type MoneyText } from '../money.js';
import { simulate, type PlanDebtRow, type SimulatedPlan, type Strategy } from './payoff-simulate.js';
import { payoffMessage, payoffNotes, type BudgetFrom } from './payoff-text.js';
import { addMonths, isDebt } from '../plan-facts.js';
import { casefold, clean, nameKey, quote } from '../text.js';

export type { BudgetFrom } from './payoff-text.js';
export { chooseBudget, needsPastPayments, paidPerDebt, pastPayments } from './payoff-budget.js';
export type Source = 'override' | 'YNAB' | 'missing';

export interface PayoffOverride {
  account: string;
  interest_rate?: number | undefined;
  minimum_payment?: number | undefined;
}

/** A debt and its terms; amounts in milliunits, the rate in percent a year. */
export interface DebtTerms {
  account_id: string;
  name: string;
  type: string;
  owed: number;
  rate: number;
  rate_from: Source;
  minimum: number;
  minimum_from: Source;
  escrow: number;
  /** Paid into the account per month on average over the last 3 complete months (milliunits). */
  averagePaid?: number;
}

/** The value of a date-keyed YNAB map in force today: the latest key on or before today, else null. */
export function inForce(map: Record<string, number> | null | undefined, today: string): number | null {
  let found: { key: string; value: number } | null = null;
  for (const [key, value] of Object.entries(map ?? {}))
    if (key <= today && typeof value === 'number' && (found === null || key > found.key))
      found = { key, value };
  return found === null ? null : found.value;
}

type AccountLike = Pick<
  YnabAccount,
  | 'id'
  | 'name'
  | 'type'
  | 'closed'
  | 'balance'
  | 'deleted'
  | 'debt_interest_rates'
  | 'debt_minimum_payments'
  | 'debt_escrow_amounts'
>;

/** The open accounts that owe money, in YNAB's order, with the overrides applied (unknown ones refused). */
export function debtTerms(
  accounts: readonly AccountLike[],
  overrides: readonly PayoffOverride[] | null,
  today: string,
): DebtTerms[] {
  const debts = accounts.filter((a) => !a.deleted && isDebt(a.type) && !a.closed && a.balance < 0);
  const rate = new Map<string, number>();
  const minimum = new Map<string, number>();
  const unknown: string[] = [];
  for (const o of overrides ?? []) {
    const item = o.account.trim();
    const key = casefold(item);
    const debt = debts.find((d) => d.id === item) ?? debts.find((d) => nameKey(d.name) === key);
    if (!debt) unknown.push(o.account);
    else {
      if (o.interest_rate !== undefined) rate.set(debt.id, o.interest_rate);
      if (o.minimum_payment !== undefined) minimum.set(debt.id, toMilli(o.minimum_payment));
    }
  }
  if (unknown.length > 0)
    throw new AppError(
      `Unknown debt account(s) ${unknown.map((u) => quote(clean(u))).join(', ')}: give names or ids of the open accounts that owe money: ${debts.map((d) => clean(d.name)).join(', ')}.`,
    );
  return debts.map((a) => {
    const ynabRate = inForce(a.debt_interest_rates, today);
    const ynabMinimum = inForce(a.debt_minimum_payments, today);
    const r = rate.get(a.id);
    const m = minimum.get(a.id);
    return {
      account_id: a.id,
      name: clean(a.name),
      type: a.type,
      owed: -a.balance,
      // YNAB states interest rates in milliunits of a percent, like amounts
      rate: r ?? (ynabRate === null ? 0 : toUnits(ynabRate)),
      rate_from: r !== undefined ? 'override' : ynabRate === null ? 'missing' : 'YNAB',
      minimum: m ?? ynabMinimum ?? 0,
      minimum_from: m !== undefined ? 'override' : ynabMinimum === null ? 'missing' : 'YNAB',
      escrow: inForce(a.debt_escrow_amounts, today) ?? 0,
    };
  });
}

export interface PayoffResult {
  message: string;
  monthly_budget: number;
  budget_from: BudgetFrom;
  first_month: string;
  debts: {
    account_id: string;
    name: string;
    type: string;
    owed: number;
    interest_rate: number;
    rate_from: Source;
    minimum_payment: number;
    minimum_from: Source;
    average_paid: number | null;
    escrow: number;
    payments_avalanche: number | null;
    payments_snowball: number | null;
  }[];
  plans: {
    strategy: Strategy;
    debts: PlanDebtRow[];
    months_to_debt_free: number | null;
    debt_free_month: string | null;
    total_interest: number;
    total_paid: number;
  }[];
  interest_saved_by_avalanche: number | null;
  months_saved_by_avalanche: number | null;
  notes: string[];
}

/** The answer when no open account owes money. */
export function noDebtsResult(given: number | null, today: string): PayoffResult {
  return {
    message: 'No open debt account owes money: nothing to pay off.',
    monthly_budget: given === null ? 0 : toUnits(toMilli(given)),
    budget_from: given === null ? 'minimum payments' : 'given',
    first_month: addMonths(today, 1),
    debts: [],
    plans: [],
    interest_saved_by_avalanche: null,
    months_saved_by_avalanche: null,
    notes: [],
  };
}

export interface PlanOptions {
  today: string;
  strategy: Strategy | 'both';
  maxMonths: number;
}

const planOut = (p: SimulatedPlan): PayoffResult['plans'][number] => ({
  strategy: p.strategy,
  debts: p.debts,
  months_to_debt_free: p.debtFree?.months ?? null,
  debt_free_month: p.debtFree?.month ?? null,
  total_interest: toUnits(p.interestMilli),
  total_paid: toUnits(p.paidMilli),
});

/** The plans for the strategies asked, their comparison, message and notes. */
export function payoffPlan(
  debts: readonly DebtTerms[],
  budget: { budget: number; from: BudgetFrom },
  o: PlanOptions,
  money: MoneyText,
): PayoffResult {
  const sim = debts.map((d) => ({ name: d.name, owed: d.owed, rate: d.rate, minimum: d.minimum }));
  const run = (s: Strategy): SimulatedPlan => simulate(sim, budget.budget, s, o.maxMonths, o.today);
  const first = run(o.strategy === 'both' ? 'avalanche' : o.strategy);
  const second = o.strategy === 'both' ? run('snowball') : null;
  const compared =
    second?.debtFree && first.debtFree
      ? {
          interest: second.interestMilli - first.interestMilli,
          months: second.debtFree.months - first.debtFree.months,
        }
      : null;
  const plans = second ? [first, second] : [first];
  const firstMonth = addMonths(o.today, 1);
  const names = (keep: (d: DebtTerms) => boolean): string[] => debts.filter(keep).map((d) => d.name);
  // each debt's own row says how many payments it takes under each plan, not only the plans' rows
  const payments = new Map(plans.map((p) => [p.strategy, p.paymentsInOrder]));
  const paymentsOf = (s: Strategy, i: number): number | null => payments.get(s)?.[i] ?? null;
  return {
    message: payoffMessage(
      first,
      {
        budget: budget.budget,
        owed: debts.reduce((s, d) => s + d.owed, 0),
        debtCount: debts.length,
        maxMonths: o.maxMonths,
        savedMilli: compared?.interest ?? null,
      },
      money,
    ),
    monthly_budget: toUnits(budget.budget),
    budget_from: budget.from,
    first_month: firstMonth,
    debts: debts.map((d, i) => ({
      account_id: d.account_id,
      name: d.name,
      type: d.type,
      owed: toUnits(d.owed),
      interest_rate: d.rate,
      rate_from: d.rate_from,
      minimum_payment: toUnits(d.minimum),
      minimum_from: d.minimum_from,
      average_paid: d.averagePaid === undefined ? null : toUnits(d.averagePaid),
      escrow: toUnits(d.escrow),
      payments_avalanche: paymentsOf('avalanche', i),
      payments_snowball: paymentsOf('snowball', i),
    })),
    plans: plans.map(planOut),
    interest_saved_by_avalanche: compared ? roundHalfEven(toUnits(compared.interest), 2) : null,
    months_saved_by_avalanche: compared?.months ?? null,
    notes: payoffNotes(
      {
        firstMonth,
        noRate: names((d) => d.rate_from === 'missing'),
        noMinimum: names((d) => d.minimum_from === 'missing'),
        budgetFrom: budget.from,
        budget: budget.budget,
        escrow: names((d) => d.escrow > 0),
        stopped: plans.some((p) => !p.debtFree && !p.never),
        maxMonths: o.maxMonths,
      },
      money,
    ),
  };
}
