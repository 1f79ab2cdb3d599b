/**
 * Categories as a write of one is checked against them: each with the id of its group, and a
 * field read the way the write sent it (a target's rhythm is sent as a frequency, and YNAB shows it
 * as a cadence). Pure: the verified writes and the settling of a pending one share it.
 */
import type { YnabCategory, YnabCategoryGroup } from '../model.js';

/** Every category of the groups, by id, each with its group's id. */
export const categoriesOf = (groups: readonly YnabCategoryGroup[]): Map<string, YnabCategory> =>
  new Map(groups.flatMap((g) => g.categories.map((c) => [c.id, { ...c, category_group_id: g.id }])));

/** YNAB shows a target's rhythm as a cadence: the frequency a target write sends, read back. */
const FREQUENCY: Readonly<Record<number, string>> = { 1: 'monthly', 2: 'weekly', 13: 'yearly' };

/** A field of a category the way a write sends it. */
export function categoryField(r: Record<string, unknown>, field: string): unknown {
  if (field !== 'goal_frequency') return r[field];
  const cadence = r['goal_cadence'];
  return r['goal_cadence_frequency'] === 1 && typeof cadence === 'number'
    ? (FREQUENCY[cadence] ?? null)
    : null;
}
