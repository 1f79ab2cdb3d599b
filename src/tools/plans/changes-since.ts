/**
 * The reads behind `get_changes` and the digest's "what changed": YNAB's delta requests from the mark's
 * knowledge (transactions, scheduled transactions, categories: 3 requests, none of them a full
 * download) and the plan's money movements (1), turned into changes by src/domain/changes/, and the
 * mark moved when asked. With no mark yet, the first is set from the cached lists (a full download only
 * on a cold cache) and there is nothing to tell.
 */
import type { Deps } from '../../deps.js';
import { Attribution, changesLine, countChanges, whoOf, type Change } from '../../domain/changes/changes.js';
import {
  budgetChanges,
  scheduleChanges,
  targetChanges,
  transactionChanges,
  type Names,
} from '../../domain/changes/diff.js';
import { markOf, moveMark, type Mark } from '../../domain/changes/mark.js';
import { internalCategories, uncategorizedIds } from '../../domain/categories/internal.js';
import type { YnabCategoryGroup, YnabTransaction } from '../../domain/model.js';
import type { MoneyText } from '../../domain/money.js';
import { clean } from '../../domain/text.js';
import { addDays } from '../../domain/transactions/schedule.js';
import { appliedAt } from '../../safety/journal.js';
import { LAST_USED } from '../../ynab/api.js';

export interface ChangesRead {
  /** Null when there was no mark: this call set the first one. */
  since: Mark | null;
  changes: Change[];
  /** Whether the mark now stands at this call. */
  marked: boolean;
  /** Stores the mark at this call, when asked for `later`. */
  save: (() => Promise<void>) | null;
}

/** Names of the ids the changes show, from what the answers carry and the lists already cached. */
function namesOf(
  deps: Deps,
  plan: string,
  rows: readonly YnabTransaction[],
  changedGroups: readonly YnabCategoryGroup[],
  read: readonly YnabCategoryGroup[],
  money: MoneyText,
): Names {
  const accounts = new Map<string, string>();
  const payees = new Map<string, string>();
  const categories = new Map<string, string>();
  const groups = [...(deps.ynab.cache.peekGroups(plan) ?? []), ...read, ...changedGroups];
  for (const g of groups) for (const c of g.categories) categories.set(c.id, c.name);
  const cached = deps.ynab.cache.peek<{ id: string; name: string }>(plan, 'accounts') ?? [];
  for (const a of cached) accounts.set(a.id, a.name);
  for (const p of deps.ynab.cache.peek<{ id: string; name: string }>(plan, 'payees') ?? [])
    payees.set(p.id, p.name);
  const all = [...(deps.ynab.cache.peek<YnabTransaction>(plan, 'transactions') ?? []), ...rows];
  for (const t of all) {
    if (t.account_name) accounts.set(t.account_id, t.account_name);
    if (t.payee_id && t.payee_name) payees.set(t.payee_id, t.payee_name);
    if (t.category_id && t.category_name && !categories.has(t.category_id))
      categories.set(t.category_id, t.category_name);
  }
  const internal = new Set(internalCategories(groups).map((c) => c.id));
  // each change is a row of data: plain numbers and ISO dates, whatever the plan's formats
  return {
    accounts,
    payees,
    categories,
    uncategorized: uncategorizedIds(groups),
    internal,
    money: money.plain,
  };
}

/**
 * The whole lists a first mark is taken from, and the knowledge they were read at: the cached lists of
 * a plan (no request on a warm cache, in the freshness window), or for `last-used`, which the cache
 * does not keep, full reads from knowledge 0, whose answers carry it.
 */
async function wholeLists(deps: Deps, plan: string) {
  if (plan === LAST_USED) {
    const groups = await deps.ynab.categories.delta(plan, 0);
    const scheduled = await deps.ynab.scheduled.delta(plan, 0);
    const transactions = await deps.ynab.transactions.delta(plan, 0);
    return {
      knowledge: Math.min(groups.knowledge, scheduled.knowledge, transactions.knowledge),
      groups: groups.rows.filter((g) => !g.deleted),
      scheduled: scheduled.rows,
      transactions: transactions.rows,
    };
  }
  const groups = await deps.ynab.categories.groups(plan);
  const scheduled = await deps.ynab.scheduled.list(plan);
  const transactions = await deps.ynab.transactions.list(plan);
  // the lowest knowledge the lists were read at: a change between two reads is told again, never lost
  const seen = [
    deps.ynab.cache.listKnowledge(plan, 'scheduled'),
    deps.ynab.cache.listKnowledge(plan, 'transactions'),
  ].filter((k): k is number => k !== undefined && k > 0);
  return { knowledge: seen.length > 0 ? Math.min(...seen) : 0, groups, scheduled, transactions };
}

/** Sets the first mark (or a mark from whole lists). */
async function markFromLists(deps: Deps, plan: string): Promise<Mark> {
  const lists = await wholeLists(deps, plan);
  const movements = await deps.ynab.moneyMovements.list(plan);
  const mark = markOf({ ...lists, at: appliedAt(deps.clock.now()), today: deps.clock.today(), movements });
  await deps.marks.set(plan, mark);
  return mark;
}

/**
 * Whether a call moves the mark: now, not at all, or `later`: the caller stores it once what it tells is
 * delivered (the CLI, after its webhook took the digest), so a failed delivery loses no change.
 */
export type MarkWhen = boolean | 'later';

/** What changed in the plan since its mark; moves the mark to now as `mark` says. */
export async function changesSinceMark(
  deps: Deps,
  plan: string,
  mark: MarkWhen,
  money: MoneyText,
  /** Category groups the caller already read (the digest's), for the names of `last-used`. */
  groups: readonly YnabCategoryGroup[] = [],
): Promise<ChangesRead> {
  const previous = await deps.marks.get(plan);
  if (previous === null || previous.knowledge === 0) {
    await markFromLists(deps, plan);
    return { since: null, changes: [], marked: true, save: null };
  }
  const at = appliedAt(deps.clock.now());
  // the plan's knowledge is one counter: a list synced within the freshness window at the mark's own
  // knowledge shows that nothing changed since, as far as the window lets anything be seen
  if (deps.ynab.cache.freshKnowledge(plan, 'transactions') === previous.knowledge) {
    const save = () => deps.marks.set(plan, { ...previous, at });
    if (mark === true) await save();
    return { since: previous, changes: [], marked: mark === true, save: mark === 'later' ? save : null };
  }
  const transactions = await deps.ynab.transactions.delta(plan, previous.knowledge);
  const scheduled = await deps.ynab.scheduled.delta(plan, previous.knowledge);
  const categories = await deps.ynab.categories.delta(plan, previous.knowledge);
  const movements = await deps.ynab.moneyMovements.list(plan);
  const by = new Attribution(await deps.journal.since(plan, previous.at));
  const names = namesOf(deps, plan, transactions.rows, categories.rows, groups, money);
  const changes = [
    ...transactionChanges(previous, transactions.rows, names, by),
    ...budgetChanges(previous, movements, names, by),
    ...targetChanges(previous, categories.rows, names, by),
    ...scheduleChanges(previous, scheduled.rows, names, by),
  ];
  const knowledge = Math.min(transactions.knowledge, scheduled.knowledge, categories.knowledge);
  const next = moveMark(previous, {
    knowledge: knowledge > 0 ? knowledge : previous.knowledge,
    at,
    today: deps.clock.today(),
    transactions: transactions.rows,
    scheduled: scheduled.rows,
    groups: categories.rows,
    movements,
  });
  const save = () => deps.marks.set(plan, next);
  if (mark === true) await save();
  return { since: previous, changes, marked: mark === true, save: mark === 'later' ? save : null };
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as `YYYY-MM-DD` (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return DATE_SHAPE.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** Transactions dated on or after `date` (YNAB keeps no time of change: the date is all there is). */
export async function datedSince(
  deps: Deps,
  plan: string,
  date: string,
  money: MoneyText,
): Promise<Change[]> {
  const rows = await deps.ynab.transactions.list(plan);
  const by = new Attribution(await deps.journal.since(plan, date));
  return rows
    .filter((t) => t.date >= date)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((t) => ({
      area: 'transactions',
      kind: 'dated',
      ...whoOf(by.operationOf(t.id), t.import_id ?? null),
      id: t.id,
      what: `${clean(t.payee_name) || 'no payee'} ${money.plain(t.amount)} on ${t.date}${t.approved ? '' : ', not approved'}.`,
      fields: null,
    }));
}

/** The digest's few lines of what changed: a sentence, the counts, and the first changes. */
export interface ChangesSummary {
  since: string | null;
  sentence: string;
  counts: Record<string, number>;
  lines: string[];
  /** Stores the mark at this call, when asked for `later`. */
  save: (() => Promise<void>) | null;
}

/** How many changes a digest shows line by line; the counts hold them all. */
export const DIGEST_LINES = 5;

const WHO_WORDS = { this_server: 'this server', bank_import: 'bank import', elsewhere: 'elsewhere' } as const;

/**
 * What changed for a digest: since the mark (`last`), or the transactions dated within the last days
 * (`7d`); the mark moves to now when `mark` is true, either way.
 */
export async function changesSummary(
  deps: Deps,
  plan: string,
  since: string,
  mark: MarkWhen,
  money: MoneyText,
  groups: readonly YnabCategoryGroup[] = [],
): Promise<ChangesSummary> {
  let save: (() => Promise<void>) | null = null;
  let changes: Change[];
  let from: string | null;
  let sentence: string;
  const days = /^(\d{1,3})d$/.exec(since);
  if (days) {
    from = addDays(deps.clock.today(), -Number(days[1]));
    changes = await datedSince(deps, plan, from, money);
    if (mark !== false) save = (await changesSinceMark(deps, plan, mark, money)).save;
    sentence = `Dated since ${money.date(from)}: ${changes.length} transaction(s) (YNAB keeps no time of change).`;
  } else {
    const read = await changesSinceMark(deps, plan, mark, money, groups);
    save = read.save;
    changes = read.changes;
    from = read.since?.at ?? null;
    sentence =
      read.since === null
        ? 'First digest: changes are counted from now on.'
        : `Since the last digest (${money.date(read.since.at.slice(0, 10))}): ${changesLine(changes)}.`;
  }
  const lines = changes.slice(0, DIGEST_LINES).map((c) => `${c.what} (${WHO_WORDS[c.who]})`);
  return { since: from, sentence, counts: countChanges(changes), lines, save };
}
