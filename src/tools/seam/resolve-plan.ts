/** Confirmed writes and undo work on a definite plan (spec core.md §1.6, D3). */
import { AppError } from '../../domain/errors.js';
import type { Deps } from '../../deps.js';
import { LAST_USED } from '../../ynab/api.js';

/** The real plan id: `last-used` becomes the one plan the token reads, else the spec's error. */
export async function resolvePlan(deps: Deps, planId: string): Promise<string> {
  if (planId !== LAST_USED) return planId;
  const plans = await deps.ynab.plans.list();
  if (plans.length === 1 && plans[0]) return plans[0].id;
  throw new AppError(
    `plan_id 'last-used' follows whichever plan was opened last, and this token reads ${plans.length} plans: pass the id of the plan to change, from list_plans.`,
  );
}
