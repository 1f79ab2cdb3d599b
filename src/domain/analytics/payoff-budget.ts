/** The monthly budget of `get_debt_payoff_plan`, pure. */
import { AppError } from '../errors.js';
import type { YnabTransaction } from '../model.js';
import { type MoneyText, roundHalfEven, toMilli } from '../money.js';
import type { DebtTerms } from './payoff.js';
import type { BudgetFrom } from './payoff-text.js';
import { completeMonths, ym } from '../plan-facts.js';

/** True when the budget must come from past payments: not given, and some minimum is missing. */
export const needsPastPayments = (debts: readonly DebtTerms[], monthlyBudget: number | null): boolean =>
  monthlyBudget === null && debts.some((d) => d.minimum_from === 'missing');

type PaymentLike = Pick<
  YnabTransaction,
  'account_id' | 'date' | 'amount' | 'deleted' | 'transfer_account_id'
>;

/** A payment into one of the debts in one of the months: a live transfer in, not a charge. */
const isPayment = (t: PaymentLike, debtIds: ReadonlySet<string>, months: ReadonlySet<string>): boolean =>
  !t.deleted &&
  !!t.transfer_account_id &&
  t.amount > 0 &&
  debtIds.has(t.account_id) &&
  months.has(ym(t.date));

/** Per debt account, the average paid into it (transfers in) over the last 3 complete months, rounded. */
export function paidPerDebt(
  transactions: readonly PaymentLike[],
  debtIds: ReadonlySet<string>,
  today: string,
): Map<string, number> {
  const months = new Set(completeMonths(today, 3));
  const totals = new Map([...debtIds].map((id) => [id, 0]));
  for (const t of transactions)
    if (isPayment(t, debtIds, months)) totals.set(t.account_id, (totals.get(t.account_id) ?? 0) + t.amount);
  return new Map([...totals].map(([id, total]) => [id, roundHalfEven(total / 3)]));
}

/** The average paid into the debt accounts over the last 3 complete months (transfers in), rounded. */
export function pastPayments(
  transactions: readonly PaymentLike[],
  debtIds: ReadonlySet<string>,
  today: string,
): number {
  const months = new Set(completeMonths(today, 3));
  let total = 0;
  for (const t of transactions) if (isPayment(t, debtIds, months)) total += t.amount;
  return roundHalfEven(total / 3);
}

/** The monthly budget in milliunits and where it comes from. */
export function chooseBudget(
  debts: readonly DebtTerms[],
  given: number | null,
  past: number | null,
  money: MoneyText,
): { budget: number; from: BudgetFrom } {
  const minimums = debts.reduce((s, d) => s + d.minimum, 0);
  if (given !== null) {
    const budget = toMilli(given);
    if (budget < minimums)
      throw new AppError(
        `monthly_budget ${money(budget)} is less than the minimum payments, ${money(minimums)}: give at least that much.`,
      );
    return { budget, from: 'given' };
  }
  if (past !== null && past > minimums) return { budget: past, from: 'past payments' };
  if (minimums === 0)
    throw new AppError(
      'No minimum payment is known and nothing was paid into the debt accounts over the last 3 complete months: give monthly_budget, or minimum_payment in overrides.',
    );
  return { budget: minimums, from: 'minimum payments' };
}
