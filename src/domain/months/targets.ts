/**
 * `get_underfunded_targets`: the targets still short this month, the most urgent first, set against
 * Ready to Assign; and the target described in words. Pure.
 */
import { milliOf, monthCategories } from './month-categories.js';
import { needRhythm } from './target-cadence.js';
import type { MonthDetail } from './month-categories.js';
import type { YnabCategory } from '../model.js';
import { type MoneyText, toUnits } from '../money.js';
import { clean, compareCodePoints } from '../text.js';

const KINDS: ReadonlyMap<string, string> = new Map([
  ['MF', 'monthly funding'],
  ['TB', 'target balance'],
  ['TBD', 'target balance by date'],
  ['DEBT', 'debt payment'],
  ['NEED', 'spending target'],
]);

/** A category carries a target when YNAB gives it a `goal_type`. */
export const hasGoalType = (c: YnabCategory): boolean =>
  typeof c.goal_type === 'string' && c.goal_type !== '';

/**
 * The target in words, with all YNAB holds of when it is due: `450.00 each month`, `250.00 by
 * 2026-10-01`, `1200.00 each year, next due 2026-12-15`, `40.00 each week on Friday`, `300.00 (target
 * balance)`…
 */
export function targetDescription(c: YnabCategory, money: MoneyText): string {
  const type = c.goal_type;
  const goal = c.goal_target;
  if (typeof type !== 'string' || type === '' || typeof goal !== 'number') return 'no target';
  const amount = money(goal);
  const rhythm = type === 'NEED' ? needRhythm(c, money) : null;
  if (rhythm !== null) return `${amount} ${rhythm}`;
  return `${amount} (${KINDS.get(type) ?? type})`;
}

export type Urgency = 'due_date' | 'repeating' | 'other';

/** `repeating` for monthly funding, debt payments and monthly or weekly cadences; else by date; else other. */
export function urgencyOf(c: YnabCategory): Urgency {
  if (c.goal_type === 'MF' || c.goal_type === 'DEBT' || c.goal_cadence === 1 || c.goal_cadence === 2) {
    return 'repeating';
  }
  return c.goal_target_date ? 'due_date' : 'other';
}

export interface TargetLine {
  category_id: string;
  name: string;
  group: string;
  target: string;
  due: string | null;
  needed: number;
  left: number;
  percent_complete: number | null;
  months_left: number | null;
  urgency: Urgency;
}

export interface UnderfundedOut {
  message: string;
  month: string;
  targets: TargetLine[];
  more: number;
  needed: number;
  ready_to_assign: number;
  enough: boolean;
  covered: number;
  short_by: number;
  on_track: number;
  notes: string[];
}

export const NOTE_NEEDED =
  'needed is what YNAB says each category still needs this month to stay on track (Underfunded in its app); left is what the target needs over its whole period.';
export const NOTE_ORDER =
  'Most urgent first: targets due by a date, the soonest first; then monthly and weekly funding and debt payments; then the rest; the largest need first in each.';

const RANK: Readonly<Record<Urgency, number>> = { due_date: 0, repeating: 1, other: 2 };
const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

interface Behind {
  line: TargetLine;
  neededMilli: number;
}

/** The last day of a month (`YYYY-MM-DD` of a `YYYY-MM-01`). */
function monthEnd(month: string): string {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/**
 * When a target is due: its own date when it has one; a repeating one (monthly or weekly funding, a
 * debt payment) wants its money by the end of the month viewed.
 */
function dueOf(c: YnabCategory, month: string): string | null {
  if (c.goal_target_date) return c.goal_target_date;
  return urgencyOf(c) === 'repeating' ? monthEnd(month) : null;
}

function behindLine(c: YnabCategory, month: string, money: MoneyText): Behind {
  const neededMilli = milliOf(c.goal_under_funded);
  return {
    neededMilli,
    line: {
      category_id: c.id,
      name: clean(c.name),
      group: clean(c.category_group_name),
      target: targetDescription(c, money),
      due: dueOf(c, month),
      needed: toUnits(neededMilli),
      left: toUnits(milliOf(c.goal_overall_left)),
      percent_complete: intOrNull(c.goal_percentage_complete),
      months_left: intOrNull(c.goal_months_to_budget),
      urgency: urgencyOf(c),
    },
  };
}

function byUrgency(a: Behind, b: Behind): number {
  const rank = RANK[a.line.urgency] - RANK[b.line.urgency];
  if (rank !== 0) return rank;
  const dueA = a.line.urgency === 'due_date' ? (a.line.due ?? '') : '';
  const dueB = b.line.urgency === 'due_date' ? (b.line.due ?? '') : '';
  if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  return b.neededMilli - a.neededMilli || compareCodePoints(a.line.name, b.line.name);
}

function message(
  month: string,
  active: number,
  behind: number,
  needed: number,
  ready: number,
  money: MoneyText,
): string {
  month = money.month(month); // a person reads it: September 2026 where the plan's format is known
  if (active === 0) return `No visible category has a target in ${month}.`;
  if (behind === 0) {
    return active === 1
      ? `The ${active} target of ${month} is funded: nothing more is needed this month.`
      : `The ${active} targets of ${month} are funded: nothing more is needed this month.`;
  }
  const verb = behind === 1 ? 'target needs' : 'targets need';
  const head = `${behind} ${verb} ${money(needed)} in ${month}; Ready to Assign holds ${money(ready)}: `;
  if (ready >= needed) return `${head}enough for all of them, with ${money(ready - needed)} left.`;
  const covered = Math.min(Math.max(ready, 0), needed);
  return `${head}it covers ${money(covered)} of the ${money(needed)}, ${money(needed - covered)} short.`;
}

/** The underfunded targets of a month, at most `limit` listed (null: all), with the totals and notes. */
export function underfundedTargets(
  detail: MonthDetail,
  limit: number | null,
  money: MoneyText,
): UnderfundedOut {
  const visible = monthCategories(detail).filter(
    (c) => c.hidden !== true && c.deleted !== true && hasGoalType(c),
  );
  const snoozed = visible.filter((c) => Boolean(c.goal_snoozed_at));
  const active = visible.filter((c) => !c.goal_snoozed_at);
  const behind = active
    .filter((c) => milliOf(c.goal_under_funded) > 0)
    .map((c) => behindLine(c, detail.month, money))
    .sort(byUrgency);
  const needed = behind.reduce((sum, b) => sum + b.neededMilli, 0);
  const ready = milliOf(detail.to_be_budgeted);
  const covered = Math.min(Math.max(ready, 0), needed);
  const listed = limit === null ? behind : behind.slice(0, limit);
  const more = behind.length - listed.length;
  const month = detail.month.slice(0, 7);
  const notes = [NOTE_NEEDED, NOTE_ORDER];
  if (more > 0) notes.push(`${more} more underfunded targets are not listed; the totals count them.`);
  if (snoozed.length > 0) {
    const names = snoozed.map((c) => clean(c.name)).join(', ');
    notes.push(`Targets snoozed in YNAB ask for nothing this month and are left out: ${names}.`);
  }
  return {
    message: message(month, active.length, behind.length, needed, ready, money),
    month: detail.month,
    targets: listed.map((b) => b.line),
    more,
    needed: toUnits(needed),
    ready_to_assign: toUnits(ready),
    enough: ready >= needed,
    covered: toUnits(covered),
    short_by: toUnits(needed - covered),
    on_track: active.length - behind.length,
    notes,
  };
}
