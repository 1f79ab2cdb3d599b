/**
 * Delta sync of every list YNAB versions: one in-memory copy per real plan id and list, refreshed with
 * `last_knowledge_of_server` and merged by id (deleted rows removed, an empty delta keeps the list).
 *
 * Reads hand out a frozen snapshot, never a copy: the same array (and the same frozen rows) for as long
 * as YNAB reports no change, a new one after any delta that carries rows. Two things follow. A warm read
 * of a large plan costs no copy of its 60,000 transactions; and whatever a tool derives from a snapshot
 * (indexes, per-merchant histories, normalised names) can be kept against that array's identity and
 * reused until a write or a change at YNAB replaces it (src/domain/memo.ts).
 */
import { Freshness, type Synced } from './freshness.js';
import { MonthCache } from './month-cache.js';
import { currentScope, followAll, type Scope } from './progress.js';
import type { YnabCategory, YnabCategoryGroup } from './types.js';

export type ListName = 'accounts' | 'categories' | 'payees' | 'months' | 'scheduled' | 'transactions';

interface Entry<T, Shown = T> {
  knowledge: number;
  rows: Map<string, T>;
  /** The rows in list order, frozen, handed to every read until a delta changes them. */
  snapshot: readonly Shown[];
  /** When the sync that stored it started: within the freshness window, reads ask YNAB nothing. */
  synced: Synced;
}

/** A fetched list (full or delta) and the server knowledge it came with. */
export interface Fetched<T> {
  rows: T[];
  knowledge: number;
}

interface Row {
  deleted?: boolean;
}

/**
 * Merges a delta into a keyed map: a deleted row is removed, any other replaces (in place) or is appended.
 * Kept rows are frozen: they are shared by every snapshot and everything derived from them.
 */
export function mergeRows<T extends Row>(
  rows: Map<string, T>,
  delta: readonly T[],
  key: (row: T) => string,
): void {
  for (const row of delta) {
    if (row.deleted === true) rows.delete(key(row));
    else rows.set(key(row), Object.freeze(row));
  }
}

/** The snapshot after a merge: the previous one when the delta was empty, else a new frozen array. */
const snapshotOf = <T>(
  previous: Entry<T> | undefined,
  delta: readonly unknown[],
  rows: Map<string, T>,
): readonly T[] =>
  previous !== undefined && delta.length === 0 ? previous.snapshot : Object.freeze([...rows.values()]);

/** A cached category group: its categories keyed by id, in their order. */
export type GroupRow = Omit<YnabCategoryGroup, 'categories'> & { categories: Map<string, YnabCategory> };

/** Merges a categories delta at both levels: groups by id, each category into the group listing it. */
export function mergeGroups(groups: Map<string, GroupRow>, delta: readonly YnabCategoryGroup[]): void {
  for (const group of delta) {
    if (group.deleted) {
      groups.delete(group.id);
      continue;
    }
    const { categories, ...fields } = group;
    const current = groups.get(group.id);
    const target: GroupRow = current ? Object.assign(current, fields) : { ...fields, categories: new Map() };
    groups.set(group.id, target);
    for (const category of categories) {
      for (const other of groups.values()) if (other !== target) other.categories.delete(category.id);
      if (category.deleted) target.categories.delete(category.id);
      else target.categories.set(category.id, category);
    }
  }
}

/** Frozen category groups, each with its frozen list of categories (the rows merged are kept apart). */
const toGroups = (groups: Map<string, GroupRow>): readonly YnabCategoryGroup[] =>
  Object.freeze(
    [...groups.values()].map((g) =>
      Object.freeze({ ...g, categories: Object.freeze([...g.categories.values()]) as YnabCategory[] }),
    ),
  );

/**
 * The entry a read can build on: one with a server knowledge. An answer without one (stored as 0)
 * cannot be the base of a delta, so the next read is a full load that replaces the rows: merging a
 * full list would keep rows deleted meanwhile, since full reads leave deleted rows out.
 */
const usable = <T, S>(entry: Entry<T, S> | undefined): Entry<T, S> | undefined =>
  entry !== undefined && entry.knowledge > 0 ? entry : undefined;

/**
 * The process-wide caches: reset them in tests. Reads of one list run one after the other, each building
 * on the knowledge the previous one stored: two concurrent calls (HTTP clients) would otherwise both
 * download the full list, and an older answer finishing last would store older rows and knowledge over
 * newer ones.
 */
export class DeltaCache {
  #lists = new Map<string, Entry<unknown>>();
  #groups = new Map<string, Entry<GroupRow, YnabCategoryGroup>>();
  /** The last read of each list in flight, and the progress scopes of the calls it waits behind. */
  #reading = new Map<string, { run: Promise<unknown>; scopes: readonly Scope[] }>();
  /** Bumped by reset(): a read still in flight then stores nothing. */
  #generation = 0;
  /** The freshness window of each plan (freshness.ts). */
  readonly freshness: Freshness;
  /** Month details, kept against the month list's knowledge (month-cache.ts). */
  readonly monthDetails = new MonthCache();

  constructor(freshness: Freshness = new Freshness()) {
    this.freshness = freshness;
  }

  /** Ends the freshness window of a plan, or of every plan: the next read of each list asks YNAB. */
  expire(plan: string | undefined): void {
    this.freshness.end(plan);
  }

  /** The server knowledge a list of the plan was last synced at (undefined when never loaded). */
  listKnowledge(planId: string, name: Exclude<ListName, 'categories'>): number | undefined {
    return this.#lists.get(`${planId}\u0000${name}`)?.knowledge;
  }

  /**
   * The server knowledge a list was last synced at, while that sync is within the freshness window
   * (undefined otherwise): within it, nothing newer is to be asked of YNAB.
   */
  freshKnowledge(planId: string, name: Exclude<ListName, 'categories'>): number | undefined {
    const entry = usable(this.#lists.get(`${planId}\u0000${name}`));
    return entry !== undefined && this.freshness.fresh(planId, entry.synced) ? entry.knowledge : undefined;
  }

  reset(): void {
    this.#lists.clear();
    this.#groups.clear();
    this.#reading.clear();
    this.monthDetails.reset();
    this.#generation += 1;
  }

  /**
   * Runs `read` once the read of the same list already in flight, if any, has settled. Meanwhile the
   * call is told the progress of the downloads it waits for (those of calls that asked for progress).
   */
  async #inTurn<T>(id: string, read: () => Promise<T>): Promise<T> {
    const previous = this.#reading.get(id);
    const ahead = previous?.scopes ?? [];
    const stop = followAll(ahead);
    const start = (): Promise<T> => (stop(), read());
    const run = (previous?.run ?? Promise.resolve()).then(start, start);
    const mine = currentScope();
    this.#reading.set(id, { run, scopes: mine === undefined ? ahead : [...ahead, mine] });
    try {
      return await run;
    } finally {
      if (this.#reading.get(id)?.run === run) this.#reading.delete(id);
    }
  }

  /**
   * The rows of a list as last synced, without asking YNAB (undefined when never loaded): for
   * conveniences such as argument completion, where a slightly old copy is good enough.
   */
  peek<T>(planId: string, name: Exclude<ListName, 'categories'>): readonly T[] | undefined {
    const entry = this.#lists.get(`${planId}\u0000${name}`) as Entry<T> | undefined;
    return entry?.snapshot;
  }

  /** The newest server knowledge of any list of the plan held here (undefined when none). */
  knowledge(planId: string): number | undefined {
    const seen = [...this.#lists.entries()]
      .filter(([id]) => id.startsWith(`${planId}\u0000`))
      .map(([, entry]) => entry.knowledge);
    const groups = this.#groups.get(planId);
    if (groups !== undefined) seen.push(groups.knowledge);
    const best = Math.max(0, ...seen);
    return best > 0 ? best : undefined;
  }

  /** The category groups as last synced, without asking YNAB (undefined when never loaded). */
  peekGroups(planId: string): readonly YnabCategoryGroup[] | undefined {
    return this.#groups.get(planId)?.snapshot;
  }

  /** Reads a keyed list through the cache: a full load first, then deltas. */
  list<T extends Row>(
    planId: string,
    name: Exclude<ListName, 'categories'>,
    key: (row: T) => string,
    fetch: (knowledge: number | undefined) => Promise<Fetched<T>>,
  ): Promise<readonly T[]> {
    const id = `${planId}\u0000${name}`;
    return this.#inTurn(id, async () => {
      const generation = this.#generation;
      const entry = usable(this.#lists.get(id) as Entry<T> | undefined);
      if (entry !== undefined && this.freshness.fresh(planId, entry.synced)) return entry.snapshot;
      const synced = this.freshness.start(planId);
      const got = await fetch(entry?.knowledge);
      const rows = entry?.rows ?? new Map<string, T>();
      mergeRows(rows, got.rows, key);
      const snapshot = snapshotOf(entry, got.rows, rows);
      if (generation === this.#generation)
        this.#lists.set(id, { knowledge: got.knowledge, rows, snapshot, synced });
      return snapshot;
    });
  }

  /** Reads the category groups through the cache. */
  groups(
    planId: string,
    fetch: (knowledge: number | undefined) => Promise<Fetched<YnabCategoryGroup>>,
  ): Promise<readonly YnabCategoryGroup[]> {
    return this.#inTurn(`${planId}\u0000categories`, async () => {
      const generation = this.#generation;
      const entry = usable(this.#groups.get(planId));
      if (entry !== undefined && this.freshness.fresh(planId, entry.synced)) return entry.snapshot;
      const synced = this.freshness.start(planId);
      const got = await fetch(entry?.knowledge);
      const rows = entry?.rows ?? new Map<string, GroupRow>();
      mergeGroups(rows, got.rows);
      // the merge changes group rows in place: the frozen copy handed out is rebuilt on any change
      const snapshot = entry !== undefined && got.rows.length === 0 ? entry.snapshot : toGroups(rows);
      if (generation === this.#generation)
        this.#groups.set(planId, { knowledge: got.knowledge, rows, snapshot, synced });
      return snapshot;
    });
  }
}
