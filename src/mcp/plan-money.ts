/**
 * Amounts and dates in a tool's texts (messages, questions, previews) as the plan writes them: its
 * currency's symbol, decimals and separators (`22,50 €` in the demo's euros, `¥450` in yen, `$1,234.56`),
 * its date format (`14/09/2026`) and months in words (`September 2026`), since a person reads and
 * approves these texts. Each call gets its own `MoneyText`, handed to the tool in its context and passed
 * down from there. The formats come from the plans list YNAB gave (list_plans, or the resolution of
 * `last-used`) and are looked up when a text is written, so a list read during the call counts too;
 * never a request of their own, since a person's requests an hour are few. A plan not seen in a list
 * yet, or a call that names no plan: plain numbers with two decimals and ISO dates; a plan without a
 * currency format: plain numbers with its decimals; without a date format: ISO dates and months. Structured figures and data lines are plain numbers
 * and ISO dates and never change.
 *
 * A confirmation is bound to the change's subject, never to these texts (safety/confirm.ts), so a
 * plans list read between a preview and its yes, changing how the question is written, changes no
 * answer.
 */
import type { Deps } from '../deps.js';
import { fmtMoney, moneyText, plainWriter, toUnits, type MoneyText } from '../domain/money.js';
import type { YnabPlan } from '../domain/model.js';
import { currencyText, dateText, monthText } from '../domain/plan-text.js';
import { formatOfPlan, type ViewFormat } from './view-format.js';

const plain = moneyText(2);
const kept = new WeakMap<Deps, Map<string, { plan: YnabPlan | undefined; money: MoneyText }>>();
const formats = new WeakMap<YnabPlan, ViewFormat>();

/** The formats of a plan as a list gave it, read once per plan object. */
function formatOf(plan: YnabPlan): ViewFormat {
  const known = formats.get(plan);
  if (known !== undefined) return known;
  const format = formatOfPlan(plan);
  formats.set(plan, format);
  return format;
}

/**
 * How the call naming `planId` (a string, when it names one) writes its amounts and dates. The same
 * function for the same plan and person, call after call, while no new plans list came, so that texts
 * kept per snapshot of a plan's lists (the digest's) key on it; a new list gives a new one, so that
 * texts kept before the plan's formats were known are written again with them.
 */
export function planMoney(deps: Deps, planId: unknown): MoneyText {
  if (typeof planId !== 'string') return plain;
  const plans = kept.get(deps) ?? new Map<string, { plan: YnabPlan | undefined; money: MoneyText }>();
  kept.set(deps, plans);
  const known = plans.get(planId);
  const now = deps.ynab.plans.seen(planId);
  if (known !== undefined && known.plan === now) return known.money;
  const seen = (): ViewFormat | null => {
    const plan = deps.ynab.plans.seen(planId);
    return plan === undefined ? null : formatOf(plan);
  };
  const plainText = plainWriter((m) => fmtMoney(m, deps.ynab.plans.digitsOf(planId) ?? 2));
  const money: MoneyText = Object.assign(
    (m: number) => {
      const currency = seen()?.currency ?? null;
      return currency === null ? plainText(m) : currencyText(toUnits(m), currency);
    },
    {
      date: (iso: string) => dateText(iso, seen()?.date_format ?? null),
      // in words beside the plan's dates, ISO beside ISO dates (a plan whose date format is not known)
      month: (iso: string) => ((seen()?.date_format ?? null) === null ? iso : monthText(iso)),
      plain: plainText,
    },
  );
  plans.set(planId, { plan: now, money });
  return money;
}
