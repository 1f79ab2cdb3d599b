/**
 * A person's digest for the weekly webhook: get_digest on their default plan (YNAB's last-used
 * plan), run with their own Deps (their token, pacer and zone), as the CLI runs it for the operator.
 */
import { planMoney } from '../mcp/plan-money.js';
import type { PersonId } from '../store/people.js';
import { getDigest } from '../tools/plans/get-digest.js';
import { LAST_USED } from '../ynab/api.js';
import type { PeopleDeps } from './people-deps.js';

export function personDigest(people: PeopleDeps<unknown>): (person: PersonId) => Promise<unknown> {
  return async (person) => {
    const entry = await people.entry(person);
    if (entry === null) throw new Error('the person is gone');
    return getDigest.run(
      { deps: entry.deps, tool: getDigest.name, money: planMoney(entry.deps, LAST_USED) },
      { plan_id: LAST_USED },
    );
  };
}
