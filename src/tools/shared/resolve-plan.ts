/**
 * Confirmed writes and undo work on a definite plan: `last-used` is resolved to the real id, which
 * requests, fingerprints and the journal then use, since `last-used` may name another plan by the time
 * the user says yes.
 */
import { AppError } from '../../domain/errors.js';
import type { Deps } from '../../deps.js';
import { LAST_USED } from '../../ynab/api.js';

/** The real plan id: `last-used` becomes the one plan the token reads, else an error. */
export async function resolvePlan(deps: Deps, planId: string): Promise<string> {
  if (planId !== LAST_USED) return planId;
  const plans = await deps.ynab.plans.list();
  if (plans.length === 1 && plans[0]) return plans[0].id;
  throw new AppError(
    `plan_id 'last-used' follows whichever plan was opened last, and this token reads ${plans.length} plans: pass the id of the plan to change, from list_plans.`,
  );
}
