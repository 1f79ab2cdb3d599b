/**
 * Planning of the two budget writes and of their undos (kinds `budget` and `move`): month resolution,
 * the month's categories (hidden included, deleted excluded), subjects, questions and the "never
 * overwrite a later change" checks. Pure.
 */
import { refuseInternal } from './internal.js';
import { monthOf } from '../dates.js';
import { AppError } from '../errors.js';
import { monthCategories, milliOf } from '../months/month-categories.js';
import type { YnabCategory } from '../model.js';
import { type MoneyText } from '../money.js';
import { clean, compareCodePoints } from '../text.js';

export const SAME_CATEGORY = 'Give two different categories: money moves from one to another.';
export const BUDGET_CONFLICT = 'The amount changed since: left alone.';
export const MOVE_CONFLICT = 'An amount changed since: both left alone.';
/** Both categories of a move already hold their amounts from before it. */
export const MOVE_ALREADY_BACK = 'Both amounts are already as they were before the move: nothing to undo.';

export const notInPlan = (id: string): string =>
  `Category ${id} is not in this plan: use a category_id from get_category_balances.`;

/** A checked month parameter as writes use it: `current` becomes today's `YYYY-MM-01`. */
export const resolveMonth = (month: string, today: string): string =>
  month === 'current' ? monthOf(today) : month;

/** The month's categories by id: every non-deleted one, hidden ones included. */
export function monthIndex(categories: readonly YnabCategory[]): Map<string, YnabCategory> {
  const live = monthCategories({ categories }).filter((c) => c.deleted !== true);
  return new Map(live.map((c) => [c.id, c]));
}

/** A category as the writes see it: its sanitised name and its figures in milliunits. */
export interface MonthCategory {
  id: string;
  name: string;
  budgeted: number;
  balance: number;
}

/** The category, or a "not in this plan" error. */
export function monthCategory(index: ReadonlyMap<string, YnabCategory>, id: string): MonthCategory {
  const c = index.get(id);
  if (!c) throw new AppError(notInPlan(id));
  refuseInternal({ ...c, id });
  return { id, name: clean(c.name), budgeted: milliOf(c.budgeted), balance: milliOf(c.balance) };
}

export interface BudgetPlan {
  category: MonthCategory;
  month: string;
  from: number;
  to: number;
  /** False when the category already has that amount (nothing to do, nothing asked). */
  changes: boolean;
  subject: { category: string; month: string; amount: number };
  question: string;
}

/**
 * The line that warns, before the yes, that a category ends below zero (a person approving in a card
 * sees it above Approve; an agent relays it with the question).
 */
function belowZero(category: MonthCategory, after: number, money: MoneyText): string[] {
  // a change that leaves an overspent category better off is nothing to warn of
  if (after >= 0 || after >= category.balance) return [];
  const how = category.balance < 0 ? 'goes further below zero' : 'goes below zero';
  return [
    `Warning: ${category.name} ${how}: it has ${money(category.balance)} available, ${money(after)} after this change.`,
  ];
}

/**
 * `set_category_budget`: the absolute amount `to` (milliunits) for the category in `month`.
 * `readyToAssign`: what the month has not given a job yet, to warn when the change takes more.
 */
export function planBudget(
  index: ReadonlyMap<string, YnabCategory>,
  categoryId: string,
  month: string,
  to: number,
  money: MoneyText,
  readyToAssign?: number,
): BudgetPlan {
  const category = monthCategory(index, categoryId);
  const from = category.budgeted;
  const more = to - from;
  const warnings = belowZero(category, category.balance + more, money);
  if (readyToAssign !== undefined && more > 0 && more > readyToAssign)
    warnings.push(
      `Warning: this assigns ${money(more)}, more than Ready to Assign holds (${money(readyToAssign)}): Ready to Assign goes below zero.`,
    );
  return {
    category,
    month,
    from,
    to,
    changes: from !== to,
    subject: { category: categoryId, month, amount: to },
    question: [
      `Budget ${category.name} for ${money.month(month)}: budgeted ${money(from)} → ${money(to)}?`,
      ...warnings,
    ].join('\n'),
  };
}

/** One side of a move: budgeted before and after, and what is available after (milliunits). */
export interface MoveSide {
  category: MonthCategory;
  from: number;
  to: number;
  availableAfter: number;
}

export interface MovePlan {
  month: string;
  amount: number;
  source: MoveSide;
  target: MoveSide;
  subject: { from: string; to: string; month: string; amount: number };
  question: string;
}

/** Refuses a move from a category to itself (checked before any request). */
export function checkDistinct(fromId: string, toId: string): void {
  if (fromId === toId) throw new AppError(SAME_CATEGORY);
}

const side = (category: MonthCategory, delta: number): MoveSide => ({
  category,
  from: category.budgeted,
  to: category.budgeted + delta,
  availableAfter: category.balance + delta,
});

/** One side of the move, each amount named: `- Restaurants: budgeted 120.00 → 150.00, available after 180.00`. */
const sideLine = (s: MoveSide, money: MoneyText): string =>
  `- ${s.category.name}: budgeted ${money(s.from)} → ${money(s.to)}, available after ${money(s.availableAfter)}`;

/** `move_money`: `amount` milliunits from one category to another in `month` (the source may go negative). */
export function planMove(
  index: ReadonlyMap<string, YnabCategory>,
  fromId: string,
  toId: string,
  month: string,
  amount: number,
  money: MoneyText,
): MovePlan {
  checkDistinct(fromId, toId);
  const source = side(monthCategory(index, fromId), -amount);
  const target = side(monthCategory(index, toId), amount);
  return {
    month,
    amount,
    source,
    target,
    subject: { from: fromId, to: toId, month, amount },
    question: [
      `Move ${money(amount)} from ${source.category.name} to ${target.category.name} for ${money.month(month)}?`,
      sideLine(source, money),
      sideLine(target, money),
      ...belowZero(source.category, source.availableAfter, money),
    ].join('\n'),
  };
}

/** The opening of both move_money failure texts: the target category's write failed. */
const refusedText = (target: string, error: string): string => `YNAB refused to change ${target} (${error})`;

/** The error when the target's write failed and the source was put back. */
export const rolledBackText = (plan: MovePlan, error: string, money: MoneyText): string =>
  `${refusedText(plan.target.category.name, error)}; ${plan.source.category.name} is back to ${money(plan.source.from)}: nothing was moved.`;

/** The error when putting the source back failed too. */
export const rollbackFailedText = (plan: MovePlan, error: string, again: string, money: MoneyText): string =>
  `${refusedText(plan.target.category.name, error)}, then putting ${plan.source.category.name} back failed too (${again}): set ${plan.source.category.name} back to ${money(plan.source.from)} in YNAB.`;

/** One budgeted amount an operation changed: `from` before, `to` after (milliunits). */
export interface BudgetChange {
  category_id: string;
  from: number;
  to: number;
}

/** What an undo of these kinds does: nothing (conflicts) or set amounts back, in this order. */
export interface BudgetUndoPlan {
  conflicts: string[];
  fullConflict: string | null;
  question: string;
  items: string[];
  /** The absolute amounts to write, in order (empty on a conflict). */
  writes: { category_id: string; budgeted: number }[];
}

/** Still as the operation left it: the category exists and its budgeted is the journal's `to`. */
const unchanged = (index: ReadonlyMap<string, YnabCategory>, c: BudgetChange): boolean => {
  const current = index.get(c.category_id);
  return current !== undefined && milliOf(current.budgeted) === c.to;
};

const nameOf = (index: ReadonlyMap<string, YnabCategory>, id: string): string =>
  clean(index.get(id)?.name ?? id);

/** Undo of `budget`: the amount goes back to `from` unless it changed since. */
export function planBudgetUndo(
  index: ReadonlyMap<string, YnabCategory>,
  month: string,
  change: BudgetChange,
  money: MoneyText,
): BudgetUndoPlan {
  const ok = unchanged(index, change);
  return {
    conflicts: ok ? [] : [change.category_id],
    fullConflict: ok ? null : BUDGET_CONFLICT,
    question: `Undo: set ${nameOf(index, change.category_id)} for ${money.month(month)} back to ${money(change.from)}?`,
    items: [change.category_id],
    writes: ok ? [{ category_id: change.category_id, budgeted: change.from }] : [],
  };
}

/**
 * Undo of `move`: both amounts back (target first, then source), each category judged on its own:
 * one still as the move left it is put back, one already at its amount before the move (a target
 * write that never landed, or half of an earlier undo that did) needs nothing, and one holding a
 * third amount — changed by someone since — leaves both alone.
 */
export function planMoveUndo(
  index: ReadonlyMap<string, YnabCategory>,
  month: string,
  source: BudgetChange,
  target: BudgetChange,
  money: MoneyText,
): BudgetUndoPlan {
  const held = (c: BudgetChange) => {
    const current = index.get(c.category_id);
    return current === undefined ? null : milliOf(current.budgeted);
  };
  const toRevert = [target, source].filter((c) => held(c) === c.to);
  const back = [target, source].filter((c) => held(c) === c.from && c.from !== c.to);
  const conflicts = [source, target]
    .filter((c) => !toRevert.includes(c) && !back.includes(c))
    .map((c) => c.category_id);
  const amount = money(source.from - source.to);
  const fullConflict =
    conflicts.length > 0 ? MOVE_CONFLICT : toRevert.length === 0 ? MOVE_ALREADY_BACK : null;
  const one = toRevert.length === 1 ? (toRevert[0] as BudgetChange) : null;
  const other = back[0];
  const question =
    one === null || other === undefined
      ? `Undo: move ${amount} back from ${nameOf(index, target.category_id)} to ${nameOf(index, source.category_id)} for ${money.month(month)}?`
      : `Undo: set ${nameOf(index, one.category_id)} for ${money.month(month)} back to ${money(one.from)} (${nameOf(index, other.category_id)} is already back at ${money(other.from)})?`;
  return {
    conflicts,
    fullConflict,
    question,
    items: [source.category_id, target.category_id].sort(compareCodePoints),
    writes:
      fullConflict === null ? toRevert.map((c) => ({ category_id: c.category_id, budgeted: c.from })) : [],
  };
}
