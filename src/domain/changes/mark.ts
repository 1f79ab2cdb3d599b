/**
 * The mark `get_changes` counts from: YNAB's server knowledge at the moment it was set, and the state of
 * what can be edited then, kept just compactly enough to tell an edit's fields before → after. Pure:
 * lists in, the mark out; the mark is stored by a MarkStore (a file, or hosted mode's store).
 *
 * Bounded: transactions dated within MARK_DAYS of the mark, at most MARK_ROWS of them (the newest dates
 * kept whole), every scheduled transaction (at most MARK_SCHEDULES) and every category target. A row is
 * a tuple of ids, amounts and flags; a memo is kept as an 8-character digest, never its text, so a mark
 * says that a memo changed, not what it said. About 100 bytes a transaction: a mark stays under 250 kB.
 */
import type {
  YnabCategoryGroup,
  YnabMoneyMovement,
  YnabScheduledTransaction,
  YnabTransaction,
} from '../model.js';
import { memoDigest } from '../transactions/transfer-sides.js';
import { addDays } from '../transactions/schedule.js';

export const MARK_DAYS = 62;
export const MARK_ROWS = 2_000;
export const MARK_SCHEDULES = 500;

/** id, date, amount, account, payee, category, memo digest, cleared, approved (1/0), flag. */
export type TxRow = [
  string,
  string,
  number,
  string,
  string | null,
  string | null,
  string,
  string,
  number,
  string | null,
];
/** id, next date, amount, frequency, account, payee, category, memo digest, flag. */
export type ScheduleRow = [
  string,
  string,
  number,
  string,
  string,
  string | null,
  string | null,
  string,
  string | null,
];
/** category id, goal type, target amount, target date. */
export type TargetRow = [string, string | null, number | null, string | null];

export interface Mark {
  version: 1;
  knowledge: number;
  /** When it was set (UTC, ISO 8601): money movements after it are news. */
  at: string;
  /** Every transaction dated on or after this day, when the mark was set, is in `transactions`. */
  from: string;
  transactions: TxRow[];
  scheduled: ScheduleRow[];
  targets: TargetRow[];
  /**
   * The latest money movement YNAB had recorded: its time and the ids recorded at that time. A
   * movement is news when later, or at that time and not among them (YNAB's own clock, not ours).
   */
  moved: { at: string | null; ids: string[] };
}

/** Where the money movements stood: the latest time and the ids at it. */
export function movedOf(movements: readonly YnabMoneyMovement[]): Mark['moved'] {
  let at: string | null = null;
  for (const m of movements)
    if (m.moved_at && (at === null || Date.parse(m.moved_at) > Date.parse(at))) at = m.moved_at;
  const ids =
    at === null
      ? []
      : movements.filter((m) => m.moved_at && Date.parse(m.moved_at) === Date.parse(at)).map((m) => m.id);
  return { at, ids: ids.slice(0, MARK_SCHEDULES) };
}

/** Whether a movement came after the mark. */
export function movedSince(mark: Mark, m: YnabMoneyMovement): boolean {
  if (!m.moved_at) return false;
  if (mark.moved.at === null) return true;
  const at = Date.parse(m.moved_at);
  const last = Date.parse(mark.moved.at);
  return at > last || (at === last && !mark.moved.ids.includes(m.id));
}

const digest = (memo: string | null | undefined): string => memoDigest(memo).slice(0, 8);

export const txRowOf = (t: YnabTransaction): TxRow => [
  t.id,
  t.date,
  t.amount,
  t.account_id,
  t.payee_id ?? null,
  t.category_id ?? null,
  digest(t.memo),
  t.cleared,
  t.approved ? 1 : 0,
  t.flag_color ?? null,
];

export const scheduleRowOf = (s: YnabScheduledTransaction): ScheduleRow => [
  s.id,
  s.date_next,
  s.amount,
  s.frequency,
  s.account_id,
  s.payee_id ?? null,
  s.category_id ?? null,
  digest(s.memo),
  s.flag_color ?? null,
];

/** The targets of every category that has one (a category absent had none). */
export function targetRows(groups: readonly YnabCategoryGroup[]): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const g of groups)
    for (const c of g.categories) {
      if (c.deleted || !c.goal_type) continue;
      rows.push([c.id, c.goal_type, c.goal_target ?? null, c.goal_target_date ?? null]);
    }
  return rows;
}

/**
 * The transactions a mark keeps: those dated within MARK_DAYS of today, newest dates first, cut at a
 * whole date when over MARK_ROWS; `from` is the earliest date kept whole.
 */
function bounded(rows: Iterable<TxRow>, today: string): { from: string; transactions: TxRow[] } {
  let from = addDays(today, -MARK_DAYS);
  const recent = [...rows]
    .filter((r) => r[1] >= from)
    .sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
  if (recent.length > MARK_ROWS) {
    const cut = recent[MARK_ROWS]?.[1] as string;
    from = addDays(cut, 1);
  }
  return { from, transactions: recent.filter((r) => r[1] >= from) };
}

export interface MarkLists {
  knowledge: number;
  at: string;
  today: string;
  transactions: readonly YnabTransaction[];
  scheduled: readonly YnabScheduledTransaction[];
  groups: readonly YnabCategoryGroup[];
  movements: readonly YnabMoneyMovement[];
}

/** A mark from whole lists (the first mark, or one set after reading by date). */
export function markOf(lists: MarkLists): Mark {
  const live = lists.transactions.filter((t) => !t.deleted).map(txRowOf);
  return {
    version: 1,
    knowledge: lists.knowledge,
    at: lists.at,
    ...bounded(live, lists.today),
    scheduled: lists.scheduled
      .filter((s) => !s.deleted)
      .slice(0, MARK_SCHEDULES)
      .map(scheduleRowOf),
    targets: targetRows(lists.groups),
    moved: movedOf(lists.movements),
  };
}

export interface MarkDelta {
  knowledge: number;
  at: string;
  today: string;
  /** What changed since the mark (deleted rows included). */
  transactions: readonly YnabTransaction[];
  scheduled: readonly YnabScheduledTransaction[];
  /** The category groups changed since the mark, each with its changed categories. */
  groups: readonly YnabCategoryGroup[];
  /** The plan's money movements now. */
  movements: readonly YnabMoneyMovement[];
}

/** The next mark: the previous one with what changed since merged in, bounded again. */
export function moveMark(previous: Mark, delta: MarkDelta): Mark {
  const rows = new Map(previous.transactions.map((r) => [r[0], r]));
  for (const t of delta.transactions) {
    if (t.deleted) rows.delete(t.id);
    else rows.set(t.id, txRowOf(t));
  }
  const schedules = new Map(previous.scheduled.map((r) => [r[0], r]));
  for (const s of delta.scheduled) {
    if (s.deleted) schedules.delete(s.id);
    else schedules.set(s.id, scheduleRowOf(s));
  }
  const kept = bounded(rows.values(), delta.today);
  // rows dated before the previous mark's `from` are not all known: the new one cannot claim them
  const from = kept.from > previous.from ? kept.from : previous.from;
  return {
    version: 1,
    knowledge: delta.knowledge,
    at: delta.at,
    from,
    transactions: kept.transactions.filter((r) => r[1] >= from),
    scheduled: [...schedules.values()].slice(0, MARK_SCHEDULES),
    targets: movedTargets(previous.targets, delta.groups),
    moved: movedOf(delta.movements),
  };
}

/** The targets kept, with the categories changed since merged in (deleted or without a goal: none). */
function movedTargets(previous: readonly TargetRow[], changed: readonly YnabCategoryGroup[]): TargetRow[] {
  const targets = new Map(previous.map((r) => [r[0], r]));
  for (const g of changed)
    for (const c of g.categories) {
      targets.delete(c.id);
      if (!g.deleted && !c.deleted && c.goal_type)
        targets.set(c.id, [c.id, c.goal_type, c.goal_target ?? null, c.goal_target_date ?? null]);
    }
  return [...targets.values()];
}
