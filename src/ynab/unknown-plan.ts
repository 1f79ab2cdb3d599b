/**
 * YNAB answers a plan id it does not know with a bare 404 ("Resource not found"), which tells the agent
 * neither what was wrong nor what to pass instead. When a request under `/plans/{plan_id}` gets a 404
 * and that id is not among the plans the token reads, the error says so and names those plans' ids.
 */
import { ClientError } from '../domain/errors.js';
import { quote } from '../domain/text.js';
import type { YnabPlan } from './types.js';

/** How many plan ids the message names at most. */
const SHOWN = 10;

/** A plan id the token cannot read: the agent passed a wrong one (an invalid parameter, not a failure). */
export class UnknownPlanError extends ClientError {}

/**
 * The error to throw for a failed request on a plan: `error` itself unless it is a 404 and the plan is
 * not listed. `plans` gives the plans the token reads (the last list read, else a fresh one); when even
 * that fails, the original error stands.
 */
export async function explainNotFound(
  error: unknown,
  planId: string,
  plans: () => Promise<readonly YnabPlan[]>,
): Promise<unknown> {
  if (!(error instanceof ClientError) || error.status !== 404) return error;
  let listed: readonly YnabPlan[];
  try {
    listed = await plans();
  } catch {
    return error;
  }
  if (listed.some((p) => p.id === planId)) return error;
  const ids = listed.slice(0, SHOWN).map((p) => quote(p.id));
  const more = listed.length > SHOWN ? ` and ${listed.length - SHOWN} more` : '';
  const which =
    ids.length === 0 ? 'it reads no plan' : `pass one of ${ids.join(', ')}${more} (from list_plans)`;
  return new UnknownPlanError(`plan_id ${quote(planId)} is not a plan this token can read: ${which}.`, 404);
}
