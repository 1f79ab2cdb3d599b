/**
 * Amounts in a tool's texts (messages, questions, previews) take the decimals of the plan's currency:
 * `450` in yen, `450.000` in dinars, `450.00` in euros. Each call gets its own `MoneyText`, handed to
 * the tool in its context and passed down from there. The decimals come from the plans list YNAB gave
 * (list_plans, or the resolution of `last-used`) and are looked up when a text is written, so a list
 * read during the call counts too. Two decimals for a plan not seen in a list yet, or a call that
 * names no plan. Structured figures are plain numbers in currency units and never change.
 */
import type { Deps } from '../deps.js';
import { fmtMoney, type MoneyText } from '../domain/money.js';

const twoDecimals: MoneyText = (m) => fmtMoney(m, 2);
const kept = new WeakMap<Deps, Map<string, MoneyText>>();

/**
 * How the call naming `planId` (a string, when it names one) writes its amounts. The same function for
 * the same plan and person, call after call, so that texts kept per snapshot of a plan's lists (the
 * digest's) key on it.
 */
export function planMoney(deps: Deps, planId: unknown): MoneyText {
  if (typeof planId !== 'string') return twoDecimals;
  const plans = kept.get(deps) ?? new Map<string, MoneyText>();
  kept.set(deps, plans);
  const known = plans.get(planId);
  if (known !== undefined) return known;
  const money: MoneyText = (m) => fmtMoney(m, deps.ynab.plans.digitsOf(planId) ?? 2);
  plans.set(planId, money);
  return money;
}
