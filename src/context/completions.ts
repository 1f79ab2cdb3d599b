/**
 * Argument completion for the prompts and resource templates: plan ids, account ids and months, drawn
 * from the copies this process already holds. A warm completion asks YNAB nothing, since a client may
 * ask on every keystroke and the token has 200 requests an hour; a cold one loads the list once,
 * through the same cache the tools read, so that the load is not wasted.
 */
import type { Deps } from '../deps.js';
import type { YnabAccount, YnabMonthSummary, YnabPlan } from '../domain/model.js';
import { clean } from '../domain/text.js';
import { LAST_USED } from '../ynab/api.js';

/** The MCP limit on the values of one completion answer. */
const MAX_VALUES = 100;

/** Case-insensitive: does the typed text start the value, or start a word of its label? */
function matches(typed: string, value: string, label = ''): boolean {
  const t = typed.trim().toLowerCase();
  if (t === '') return true;
  if (value.toLowerCase().startsWith(t)) return true;
  const name = clean(label).toLowerCase();
  return name.startsWith(t) || name.split(/[\s\-_/&:.,()]+/).some((word) => word.startsWith(t));
}

const limited = (values: string[]): string[] => [...new Set(values)].slice(0, MAX_VALUES);

async function plansOf(deps: Deps): Promise<readonly YnabPlan[]> {
  return deps.ynab.plans.known ?? (await deps.ynab.plans.list());
}

/** Plan ids (and `last-used`) whose id or name the typed text starts. */
export async function completePlanId(deps: Deps, typed: string): Promise<string[]> {
  const plans = await plansOf(deps);
  const ids = plans.filter((p) => matches(typed, p.id, p.name)).map((p) => p.id);
  return limited(matches(typed, LAST_USED) ? [...ids, LAST_USED] : ids);
}

/**
 * The real plan id a completion works on: the one given, or the only plan the token reads when none
 * (or `last-used`) was given. With several plans and no choice yet there is nothing to offer.
 */
async function planFor(deps: Deps, given: string | undefined): Promise<string | undefined> {
  if (given !== undefined && given !== '' && given !== LAST_USED) return given;
  const plans = await plansOf(deps);
  return plans.length === 1 ? plans[0]?.id : undefined;
}

/** Open account ids of the plan whose id or name the typed text starts. */
export async function completeAccountId(
  deps: Deps,
  typed: string,
  planId: string | undefined,
): Promise<string[]> {
  const plan = await planFor(deps, planId);
  if (plan === undefined) return [];
  const accounts =
    deps.ynab.cache.peek<YnabAccount>(plan, 'accounts') ?? (await deps.ynab.accounts.list(plan));
  return limited(
    accounts.filter((a) => !a.closed && a.deleted !== true && matches(typed, a.id, a.name)).map((a) => a.id),
  );
}

/** `current`, then the plan's months newest first (YYYY-MM-01), that the typed text starts. */
export async function completeMonth(
  deps: Deps,
  typed: string,
  planId: string | undefined,
): Promise<string[]> {
  const plan = await planFor(deps, planId);
  const months =
    plan === undefined
      ? []
      : (deps.ynab.cache.peek<YnabMonthSummary>(plan, 'months') ?? (await deps.ynab.months.list(plan)));
  const values = months
    .filter((m) => m.deleted !== true)
    .map((m) => m.month)
    .sort()
    .reverse();
  return limited(['current', ...values].filter((v) => matches(typed, v)));
}
