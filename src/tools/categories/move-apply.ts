/**
 * How `move_money` applies its two writes (source, then target) so that it always ends in a true
 * state. The source is put back only when YNAB *refused* the target: a target write whose answer was
 * lost may have landed, or may land late, so the month is read over the settling window, and a
 * target no read shows is left unknown with the source as it is (a compensation then could undo
 * half of a move that completes a moment later). Whatever may be in YNAB is journaled — the whole
 * move, or the source alone as a `budget` operation when the target was refused and could not be
 * put back — so that undo_operation can put it back; the move's undo compares each category on
 * its own, so a target that never landed is simply left as it is.
 */
import type { Deps } from '../../deps.js';
import {
  monthIndex,
  rolledBackText,
  rollbackFailedText,
  type MovePlan,
  type MoveSide,
} from '../../domain/categories/budget-writes.js';
import { AppError } from '../../domain/errors.js';
import { milliOf } from '../../domain/months/month-categories.js';
import { fmtMoney } from '../../domain/money.js';
import { isUnknownOutcome, reasonOf, unseenText, type ReadBack } from '../../domain/write-outcome.js';
import { recordOperation } from '../seam/record-operation.js';
import { keepBudgetForLater } from './budget-write.js';
import { settleRead, settleSeconds } from '../../safety/outcome/settle.js';

export interface MoveOutcome {
  status: 'applied' | 'partial' | 'not_applied' | 'unknown';
  message: string;
  operation_id: string | null;
}

/** Reads the month until `shows` holds (or the settling window ends): each side's budgeted amount. */
async function amountsNow(
  deps: Deps,
  plan: string,
  p: MovePlan,
  shows: (held: { source: number | null; target: number | null }) => boolean,
) {
  const of = (index: ReturnType<typeof monthIndex>, s: MoveSide) => {
    const c = index.get(s.category.id);
    return c === undefined ? null : milliOf(c.budgeted);
  };
  const amounts = (m: Awaited<ReturnType<typeof deps.ynab.months.get>>) => {
    const index = monthIndex(m.categories);
    return { source: of(index, p.source), target: of(index, p.target) };
  };
  const read = await settleRead(
    () => deps.ynab.months.get(plan, p.month),
    (m) => shows(amounts(m)),
  );
  return 'why' in read ? read : amounts(read.value);
}

const stateOf = (held: number | null, s: MoveSide): ReadBack =>
  held === s.to ? 'applied' : held === s.from ? 'not_applied' : 'unknown';

const undoHint = (id: string, what: string): string => `undo_operation with operation_id ${id} ${what}.`;

export async function applyMove(deps: Deps, plan: string, p: MovePlan): Promise<MoveOutcome> {
  const { source, target, month } = p;
  const set = (s: MoveSide, amount: number) =>
    deps.ynab.months.setBudgeted(plan, month, s.category.id, amount);
  const change = (s: MoveSide) => ({ category_id: s.category.id, from: s.from, to: s.to });
  const journalMove = () =>
    recordOperation(deps, plan, 'move', { month, changes: [change(source), change(target)] });
  const journalSource = () => recordOperation(deps, plan, 'budget', { month, ...change(source) });
  const names = `${source.category.name} and ${target.category.name}`;

  const ignored: string[] = [];
  // YNAB may answer 200 and hold something else: a side whose answer shows another amount is named
  const verify = (s: MoveSide, shown: unknown) => {
    if (typeof shown === 'number' && shown !== s.to)
      ignored.push(`${s.category.name} shows ${fmtMoney(shown)} instead of ${fmtMoney(s.to)}`);
  };
  try {
    verify(source, await set(source, source.to));
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error; // refused, or never sent: nothing changed
    const held = await amountsNow(deps, plan, p, (h) => h.source === source.to);
    const state = 'why' in held ? 'unknown' : stateOf(held.source, source);
    if (state === 'not_applied') {
      // not shown yet is not "not applied": the source may still change late, and the target is not
      // sent; the source is journaled (undo puts it back if it landed) and settled by a later call
      const id = await journalSource();
      keepBudgetForLater(deps, plan, month, source.category.id, source.to, async () => {});
      return {
        status: 'unknown',
        message: `${unseenText(`the change of ${source.category.name} (it still shows ${fmtMoney(source.from)}); nothing more was sent`, 'get_category_balances', settleSeconds())} ${undoHint(id, `puts ${source.category.name} back to ${fmtMoney(source.from)} if it landed`)}`,
        operation_id: id,
      };
    }
    if (state === 'unknown') {
      const why = 'why' in held ? held.why : `${source.category.name} holds neither amount`;
      return {
        status: 'unknown',
        message: `YNAB's answer to the change of ${source.category.name} was lost (${reasonOf(error)}), and ${why}: nothing more was sent. Check ${names} in YNAB (get_category_balances) before doing anything else; do not repeat the move.`,
        operation_id: null,
      };
    }
  }

  try {
    verify(target, await set(target, target.to));
  } catch (error) {
    if (isUnknownOutcome(error))
      return afterLostTarget(deps, plan, p, error, { journalMove, journalSource, set });
    return putSourceBack(deps, plan, p, reasonOf(error), { journalSource, set });
  }
  const id = await journalMove();
  if (ignored.length > 0) {
    return {
      status: 'unknown',
      message: `YNAB answered both changes, but ${ignored.join(' and ')}: check ${names} in YNAB (get_category_balances) before anything else. ${undoHint(id, 'moves it back')}`,
      operation_id: id,
    };
  }
  return { status: 'applied', message: `Moved. ${undoHint(id, 'moves it back')}`, operation_id: id };
}

interface Steps {
  journalMove: () => Promise<string>;
  journalSource: () => Promise<string>;
  set: (s: MoveSide, amount: number) => Promise<unknown>;
}

/** The target's answer was lost: read both, and report (and journal) what YNAB holds. */
async function afterLostTarget(
  deps: Deps,
  plan: string,
  p: MovePlan,
  error: Error,
  steps: Steps,
): Promise<MoveOutcome> {
  const { source, target } = p;
  const held = await amountsNow(deps, plan, p, (h) => h.target === target.to);
  const state = 'why' in held ? 'unknown' : stateOf(held.target, target);
  // the whole move is journaled whatever the read showed: its undo compares each category on its
  // own, so a target that never lands is left as it is and the source alone is put back
  const id = await steps.journalMove();
  if (state !== 'applied')
    keepBudgetForLater(deps, plan, p.month, target.category.id, target.to, async () => {});
  if (state === 'applied') {
    return {
      status: 'applied',
      message: `Moved: YNAB's answer to the change of ${target.category.name} was lost, and a read-back shows ${source.category.name} ${fmtMoney(source.to)} and ${target.category.name} ${fmtMoney(target.to)}. ${undoHint(id, 'moves it back')}`,
      operation_id: id,
    };
  }
  const undo = undoHint(id, `puts back whatever of it landed (each category on its own)`);
  if (state === 'not_applied') {
    return {
      status: 'unknown',
      message: `${unseenText(`the change of ${target.category.name} (it still shows ${fmtMoney(target.from)}), while ${source.category.name} is already ${fmtMoney(source.to)}`, 'get_category_balances', settleSeconds())} ${source.category.name} is left as it is: should ${target.category.name} never change, the money is in Ready to Assign. ${undo}`,
      operation_id: id,
    };
  }
  const why = 'why' in held ? held.why : `${target.category.name} holds neither amount`;
  return {
    status: 'unknown',
    message: `${source.category.name} is now ${fmtMoney(source.to)}, but YNAB's answer to the change of ${target.category.name} was lost (${reasonOf(error)}), and ${why}. Check ${target.category.name} in YNAB (get_category_balances) before anything else; do not repeat the move. ${undo}`,
    operation_id: id,
  };
}

/**
 * YNAB refused the target: the source is put back (a compensation, always let through pacing). A
 * compensation whose answer is lost is read over the settling window like any write.
 */
async function putSourceBack(
  deps: Deps,
  plan: string,
  p: MovePlan,
  reason: string,
  steps: Pick<Steps, 'journalSource' | 'set'>,
): Promise<MoveOutcome> {
  const { source } = p;
  try {
    await deps.pacer.compensating(() => steps.set(source, source.from));
  } catch (again) {
    const lost = isUnknownOutcome(again);
    if (lost) {
      const held = await amountsNow(deps, plan, p, (h) => h.source === source.from);
      if (!('why' in held) && held.source === source.from) throw new AppError(rolledBackText(p, reason));
    }
    const id = await steps.journalSource();
    return {
      status: lost ? 'unknown' : 'partial',
      message: `${rollbackFailedText(p, reason, reasonOf(again))} ${undoHint(id, `puts ${source.category.name} back`)}`,
      operation_id: id,
    };
  }
  throw new AppError(rolledBackText(p, reason));
}
