/** The message and notes of `get_debt_payoff_plan`, pure. */
import { type MoneyText } from '../money.js';
import type { SimulatedPlan } from './payoff-simulate.js';

export type BudgetFrom = 'given' | 'past payments' | 'minimum payments';

export interface MessageFacts {
  budget: number;
  owed: number;
  debtCount: number;
  maxMonths: number;
  /** Snowball interest less avalanche interest in milliunits, when both plans ran and ended. */
  savedMilli: number | null;
}

/** The conclusion, from the first plan (avalanche when both ran). */
export function payoffMessage(first: SimulatedPlan, f: MessageFacts, money: MoneyText): string {
  const at = `At ${money(f.budget)} a month,`;
  if (first.never)
    return `${at} the payments do not cover the interest charged on the ${money(f.owed)} owed: the debt never shrinks. Pay more each month to pay it off.`;
  if (!first.debtFree)
    return `${at} the ${money(f.owed)} owed is not paid off within ${f.maxMonths} months: ${money(first.interestMilli)} of interest is charged meanwhile.`;
  const debts = f.debtCount === 1 ? 'debt' : 'debts';
  let message = `${at} the ${money(f.owed)} owed on ${f.debtCount} ${debts} is paid off in ${first.debtFree.months} months, by ${money.month(first.debtFree.month)}, with ${money(first.interestMilli)} of interest (${first.strategy}).`;
  if (f.savedMilli !== null)
    message +=
      f.savedMilli === 0
        ? ' Avalanche and snowball cost the same here.'
        : ` Avalanche saves ${money(f.savedMilli)} of interest over snowball.`;
  return message;
}

export interface NoteFacts {
  firstMonth: string;
  noRate: readonly string[];
  noMinimum: readonly string[];
  budgetFrom: BudgetFrom;
  budget: number;
  escrow: readonly string[];
  /** A plan neither ended nor "never shrinks": it was cut at max_months. */
  stopped: boolean;
  maxMonths: number;
}

/** What the plan assumes, to tell the user. */
export function payoffNotes(f: NoteFacts, money: MoneyText): string[] {
  const notes = [
    'Rates and minimum payments are those in force today and are assumed fixed; no new charges are made on the debts.',
    `Each month, from ${money.month(f.firstMonth)}, every debt is charged a twelfth of its yearly rate on its balance, then gets its minimum payment; the rest of the monthly budget goes to the first debt of the strategy (avalanche: highest rate first; snowball: smallest balance first), and a debt paid off frees its minimum for the next.`,
  ];
  if (f.noRate.length > 0)
    notes.push(
      `No interest rate in YNAB for ${f.noRate.join(', ')}: counted at 0 %, so the interest is understated; ask the user for the rate and give it as interest_rate in overrides (YNAB keeps rates for loans only, not for credit cards).`,
    );
  if (f.noMinimum.length > 0)
    notes.push(
      `No minimum payment in YNAB for ${f.noMinimum.join(', ')}: counted at 0, so only what is left of the budget goes there; give minimum_payment in overrides.`,
    );
  if (f.budgetFrom === 'past payments')
    notes.push(
      `monthly_budget was not given: ${money(f.budget)} is the average paid into the debt accounts over the last 3 complete months.`,
    );
  if (f.budgetFrom === 'minimum payments')
    notes.push(
      `monthly_budget was not given: ${money(f.budget)} is the sum of the minimum payments, so nothing extra; give a larger monthly_budget to see how much sooner the debts would be paid off.`,
    );
  if (f.escrow.length > 0)
    notes.push(
      `Escrow (${f.escrow.join(', ')}) is paid with the loan but does not reduce it: it is not part of the plan, nor should it be of monthly_budget.`,
    );
  if (f.stopped) notes.push(`The plan stops after ${f.maxMonths} months: max_months.`);
  return notes;
}
