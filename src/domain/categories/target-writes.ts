/**
 * Planning `set_category_target` (goal fields of YNAB API 1.86): the checks, the goal fields to send,
 * the target before and after in words, and the fields that would restore the previous target (null when
 * the API cannot recreate it). Pure.
 */
import { refuseInternal } from './internal.js';
import type { CategoryIndex } from './category-lists.js';
import { AppError } from '../errors.js';
import type { YnabCategory } from '../model.js';
import { toMilli, type MoneyText } from '../money.js';
import { cadenceWords } from '../months/target-cadence.js';
import { hasGoalType, targetDescription } from '../months/targets.js';

export type Frequency = 'monthly' | 'weekly' | 'yearly';

/** The goal fields of a `PATCH /categories/<id>` (`SaveCategory`). */
export interface GoalWrite {
  goal_target: number | null;
  goal_target_date?: string | null;
  goal_frequency?: Frequency;
  goal_needs_whole_amount?: boolean | null;
}

export interface TargetAsk {
  category_id: string;
  /** Currency units, or null to remove the target. */
  amount: number | null;
  by_date: string | null;
  frequency: Frequency | null;
}

export interface TargetPlan {
  category: YnabCategory;
  fields: GoalWrite;
  /** The targets in words as data (the result's fields, the journal): plain numbers, ISO dates. */
  before: string;
  after: string;
  /** The same for the question a person reads: as the plan writes money and dates. */
  beforeText: string;
  afterText: string;
  /** What restores the previous target, or null when only YNAB can. */
  undo: GoalWrite | null;
}

const CADENCE: Readonly<Record<Frequency, number>> = { monthly: 1, weekly: 2, yearly: 13 };
const FREQUENCY: ReadonlyMap<number, Frequency> = new Map([
  [1, 'monthly'],
  [2, 'weekly'],
  [13, 'yearly'],
]);

/** The warning of a target the API cannot bring back (question line and applied message). */
export const cannotRestore = (before: string): string =>
  `undo_operation cannot bring back the previous target (${before}): only YNAB can.`;

/** A target exists when it is described as one: a goal type and a target amount. */
const hasTarget = (c: YnabCategory): boolean => hasGoalType(c) && typeof c.goal_target === 'number';

/** The checks, in their order; the category and the amount in milliunits (null: removal). */
function check(index: CategoryIndex, ask: TargetAsk): { category: YnabCategory; milli: number | null } {
  const category = index.visible.get(ask.category_id);
  if (!category) {
    throw new AppError(
      `Category ${ask.category_id} is not in this plan: use a category_id from get_category_balances or list_category_groups.`,
    );
  }
  refuseInternal(category, index.internalGroups.has(category.category_group_id) || undefined);
  if (ask.by_date !== null && ask.frequency !== null) {
    throw new AppError('Give either a date or a frequency, not both: YNAB refuses the two.');
  }
  if (ask.amount === null) {
    if (ask.by_date !== null || ask.frequency !== null) {
      throw new AppError('To remove the target, give no amount, no date and no frequency.');
    }
    return { category, milli: null };
  }
  const milli = toMilli(ask.amount);
  if (milli <= 0) throw new AppError('The amount must be greater than 0; to remove the target, give none.');
  if (category.goal_type === 'DEBT' && (ask.by_date !== null || ask.frequency !== null)) {
    throw new AppError(
      'YNAB takes neither a date nor a frequency on a category paired to a loan account: give an amount alone.',
    );
  }
  if (index.cardPayment.has(category.id) && ask.frequency !== null) {
    throw new AppError(
      'YNAB takes no frequency on a credit card payment category: give an amount alone, or a date.',
    );
  }
  return { category, milli };
}

/** The target YNAB is expected to hold after the write, as the fields its description reads. */
function expectedAfter(c: YnabCategory, ask: TargetAsk, milli: number | null, card: boolean): YnabCategory {
  const none = { goal_target_date: null, goal_cadence: null, goal_cadence_frequency: null, goal_day: null };
  if (milli === null) return { ...c, ...none, goal_type: null, goal_target: null };
  if (ask.by_date !== null) {
    return { ...c, ...none, goal_type: 'NEED', goal_target: milli, goal_target_date: ask.by_date };
  }
  if (ask.frequency !== null) {
    const rhythm = { goal_cadence: CADENCE[ask.frequency], goal_cadence_frequency: 1 };
    return { ...c, ...none, ...rhythm, goal_type: 'NEED', goal_target: milli };
  }
  if (hasTarget(c)) return { ...c, goal_target: milli };
  if (card) return { ...c, ...none, goal_type: 'MF', goal_target: milli };
  return { ...c, ...none, goal_type: 'NEED', goal_target: milli, goal_cadence: 1, goal_cadence_frequency: 1 };
}

/**
 * The fields that recreate exactly the target `c` holds now, or null when the API cannot: other kinds
 * than a spending target (MF, TB, TBD, DEBT…), and a repeating one with a due day, a next due date or
 * a rhythm other than each month, week or year, since the API takes a frequency alone (never with a
 * date) and no day: sending the date alone would turn it into a one-time target.
 */
export function recreateFields(c: YnabCategory): GoalWrite | null {
  if (!hasTarget(c)) return { goal_target: null };
  if (c.goal_type !== 'NEED') return null;
  const target = c.goal_target as number;
  const whole = c.goal_needs_whole_amount ?? null;
  if (cadenceWords(c) === null) {
    if (!c.goal_target_date) return null;
    return { goal_target: target, goal_target_date: c.goal_target_date, goal_needs_whole_amount: whole };
  }
  const frequency = FREQUENCY.get(c.goal_cadence ?? Number.NaN);
  const multiplier = c.goal_cadence_frequency ?? null;
  if (frequency === undefined || (multiplier !== null && multiplier !== 1)) return null;
  if (c.goal_target_date || c.goal_day != null) return null;
  return { goal_target: target, goal_frequency: frequency, goal_needs_whole_amount: whole };
}

/** Checks a target write and plans it: fields to send, before and after in words, the undo fields. */
export function planTarget(index: CategoryIndex, ask: TargetAsk, money: MoneyText): TargetPlan {
  const { category, milli } = check(index, ask);
  const card = index.cardPayment.has(category.id);
  const fields: GoalWrite = { goal_target: milli };
  // a removal has neither (check refuses them with no amount)
  if (ask.by_date !== null) fields.goal_target_date = ask.by_date;
  if (ask.frequency !== null) fields.goal_frequency = ask.frequency;
  const amountOnly = milli !== null && ask.by_date === null && ask.frequency === null;
  const expected = expectedAfter(category, ask, milli, card);
  const undo =
    amountOnly && hasTarget(category)
      ? { goal_target: category.goal_target as number }
      : recreateFields(category);
  return {
    category,
    fields,
    // the journal keeps the plain words, which the undo compares with YNAB's target then: a plans
    // list read in between must not make the same target read as another
    before: targetDescription(category, money.plain),
    after: targetDescription(expected, money.plain),
    beforeText: targetDescription(category, money),
    afterText: targetDescription(expected, money),
    undo,
  };
}
