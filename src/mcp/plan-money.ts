/**
 * Amounts in a tool's texts (messages, questions, previews) take the decimals of the plan's currency:
 * `450` in yen, `450.000` in dinars, `450.00` in euros. Each call runs in a scope naming its plan;
 * the decimals come from the plans list YNAB gave (list_plans, or the resolution of `last-used`), read
 * when a text is written, so a list read during the call counts too. Two decimals for a plan not seen
 * in a list yet. Structured figures are plain numbers in currency units and never change.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deps } from '../deps.js';
import { useMoneyDigits } from '../domain/money.js';

interface Scope {
  deps: Deps;
  plan: string;
}

const scope = new AsyncLocalStorage<Scope>();

useMoneyDigits(() => {
  const current = scope.getStore();
  return current?.deps.ynab.plans.digitsOf(current.plan) ?? 2;
});

/** Runs a tool call with the texts of its amounts in the currency of `planId` (when it names one). */
export function inPlanMoney<T>(deps: Deps, planId: unknown, run: () => Promise<T>): Promise<T> {
  if (typeof planId !== 'string') return run();
  return scope.run({ deps, plan: planId }, run);
}
