/**
 * Month details (`GET /plans/{id}/months/{month}`) kept against the plan's server knowledge. YNAB
 * versions the month list but not a month's details, so they are kept as true at the knowledge the
 * month list had when they were read, and checked with the month list's delta:
 *
 * - knowledge unchanged: every kept month is still true (a detail read since the previous sync of
 *   the list is only now known to be: until then it is kept tentatively, and dropped at any change);
 * - knowledge moved: YNAB's month-list delta names the months whose figures changed, and a change
 *   carries into every later month (Ready to Assign, balances rolled over), so the months from the
 *   earliest changed one onwards are dropped. What a month's figures do not date is read from the
 *   categories changed since: a category renamed, moved, hidden, deleted or created, or its target
 *   changed, shows in every month, so all are dropped; so are they when the categories changed but no
 *   month did (a change that cannot be dated). Changes to payees, accounts or schedules alone keep
 *   them.
 *
 * Bounded per plan (least recently used first out) and per instance: a hosted deployment's other
 * instances keep their own, each checked against YNAB the same way.
 */
import type { Fetched } from './cache.js';
import type { YnabCategory, YnabCategoryGroup, YnabMonthDetail, YnabMonthSummary } from './types.js';

/** At most this many months per plan: two years of series, with room for single months around them. */
export const MONTHS_PER_PLAN = 36;
/** At most this many plans (a person has one or two; the least recently kept plan's months go first). */
const PLANS = 4;

interface Kept {
  detail: YnabMonthDetail;
  /** The number of month-list syncs started when it was read: confirmed by a later sync, else null. */
  tentative: number | null;
}

interface PlanMonths {
  /** The month list's knowledge every kept month is true at. */
  knowledge: number;
  months: Map<string, Kept>;
}

/** The fields of a category that no month's figures date: a change to one shows in every month. */
const DEFINITION = [
  'name',
  'hidden',
  'category_group_id',
  'category_group_name',
  'note',
  'goal_type',
  'goal_target',
  'goal_target_date',
  'goal_target_month',
  'goal_cadence',
  'goal_cadence_frequency',
  'goal_day',
  'goal_needs_whole_amount',
  'goal_creation_month',
  'goal_snoozed_at',
] as const;

const same = (a: unknown, b: unknown): boolean => (a ?? null) === (b ?? null);

/** Whether a changed category differs from the kept copy in anything its month figures do not date. */
function undated(category: YnabCategory, group: YnabCategoryGroup, kept: YnabCategory | undefined): boolean {
  if (category.deleted || kept === undefined) return true;
  const shown: YnabCategory = {
    ...category,
    category_group_name: category.category_group_name ?? group.name,
  };
  return DEFINITION.some((field) => field in shown && !same(shown[field], kept[field]));
}

/** Freezes a detail and its categories: it is handed to every read until a change drops it. */
const frozen = (detail: YnabMonthDetail): YnabMonthDetail => {
  for (const c of detail.categories) Object.freeze(c);
  Object.freeze(detail.categories);
  return Object.freeze(detail);
};

export class MonthCache {
  readonly #plans = new Map<string, PlanMonths>();
  #syncs = 0;

  constructor(readonly limit: number = MONTHS_PER_PLAN) {}

  reset(): void {
    this.#plans.clear();
  }

  /** The kept detail of a month, when the plan's months are true at `knowledge`. */
  get(plan: string, month: string, knowledge: number): YnabMonthDetail | undefined {
    const p = this.#plans.get(plan);
    const kept = p?.knowledge === knowledge ? p.months.get(month) : undefined;
    if (p === undefined || kept === undefined) return undefined;
    p.months.delete(month); // least recently used first out: a read moves it to the end
    p.months.set(month, kept);
    return kept.detail;
  }

  /** How many months of the plan are kept (tests, the bench). */
  size(plan: string): number {
    return this.#plans.get(plan)?.months.size ?? 0;
  }

  /** Keeps a detail read after a sync of the month list at `knowledge` (tentatively: see above). */
  put(plan: string, month: string, knowledge: number, detail: YnabMonthDetail): void {
    let p = this.#plans.get(plan);
    if (p !== undefined && p.knowledge !== knowledge) {
      // the list was synced again while the detail was read: it is true at which knowledge is unknown
      if (p.months.size > 0) return;
      p = undefined;
    }
    if (p === undefined) {
      p = { knowledge, months: new Map() };
      this.#plans.delete(plan);
      this.#plans.set(plan, p);
      if (this.#plans.size > PLANS) this.#plans.delete(this.#plans.keys().next().value as string);
    }
    p.months.delete(month);
    p.months.set(month, { detail: frozen(detail), tentative: this.#syncs });
    if (p.months.size > this.limit) p.months.delete(p.months.keys().next().value as string);
  }

  /** Called as a sync of the month list starts; returns its number. */
  started(): number {
    this.#syncs += 1;
    return this.#syncs;
  }

  /**
   * What a sync of the month list (started as number `start`, from knowledge `from`, undefined for a
   * full read) tells of the kept months. `categoriesSince` reads the categories changed since `from`
   * (one request, only when the knowledge moved and months are kept).
   */
  async synced(
    plan: string,
    start: number,
    from: number | undefined,
    got: Fetched<YnabMonthSummary>,
    categoriesSince: (knowledge: number) => Promise<YnabCategoryGroup[]>,
  ): Promise<void> {
    const p = this.#plans.get(plan);
    if (p === undefined) return;
    if (got.knowledge === p.knowledge && got.knowledge > 0) {
      for (const kept of p.months.values())
        if (kept.tentative !== null && kept.tentative < start) kept.tentative = null;
      return;
    }
    if (from === undefined || from !== p.knowledge || got.knowledge <= from || p.months.size === 0) {
      this.#plans.delete(plan); // nothing tells what changed between the two
      return;
    }
    let groups: YnabCategoryGroup[];
    try {
      groups = await categoriesSince(from);
    } catch {
      // what changed cannot be told (the pacer, YNAB): no kept month is trusted, the list read stands
      this.#plans.delete(plan);
      return;
    }
    if (this.#plans.get(plan) !== p || p.knowledge !== from) return;
    this.#drop(p, got.rows, groups);
    p.knowledge = got.knowledge;
  }

  /** Drops what changed between the kept knowledge and the new one (see the file's comment). */
  #drop(p: PlanMonths, months: readonly YnabMonthSummary[], groups: readonly YnabCategoryGroup[]): void {
    for (const [month, kept] of p.months) if (kept.tentative !== null) p.months.delete(month);
    const reference = new Map(this.#latest(p)?.categories.map((c) => [c.id, c]));
    const categories = groups.flatMap((g) => g.categories.map((c) => ({ c, g })));
    const all =
      groups.some((g) => g.deleted || g.categories.length === 0) ||
      categories.some(({ c, g }) => undated(c, g, reference.get(c.id))) ||
      (months.length === 0 && categories.length > 0);
    if (all) {
      p.months.clear();
      return;
    }
    const earliest = months.map((m) => m.month).sort()[0];
    if (earliest === undefined) return;
    for (const month of [...p.months.keys()]) if (month >= earliest) p.months.delete(month);
  }

  /** The latest kept month: the copy of each category a change is compared with. */
  #latest(p: PlanMonths): YnabMonthDetail | undefined {
    const last = [...p.months.keys()].sort().at(-1);
    return last === undefined ? undefined : p.months.get(last)?.detail;
  }
}
