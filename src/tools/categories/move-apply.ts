/**
 * How `move_money` applies its two writes (source, then target) so that it always ends in a true
 * state. Each is a step (safety/outcome/step.ts: sent once, a lost answer settled over the window),
 * and what is left to this file is which step comes next and the words for each end. The source is
 * put back only when YNAB *refused* the target: a target write whose answer was lost may have
 * landed, or may land late, and a target no read shows is left unknown with the source as it is (a compensation then could undo
 * half of a move that completes a moment later). Whatever may be in YNAB is journaled — the whole
 * move, or the source alone as a `budget` operation when the target was refused and could not be
 * put back — so that undo_operation can put it back; the move's undo compares each category on
 * its own, so a target that never landed is simply left as it is.
 */
import type { Deps } from '../../deps.js';
import {
  rolledBackText,
  rollbackFailedText,
  type MovePlan,
  type MoveSide,
} from '../../domain/categories/budget-writes.js';
import { AppError } from '../../domain/errors.js';
import { type MoneyText } from '../../domain/money.js';
import { reasonOf, unseenText } from '../../domain/write-outcome.js';
import { budgetedStep } from '../../safety/outcome/budgeted-step.js';
import { settleSeconds } from '../../safety/outcome/settle.js';
import { sendStep, type Sent } from '../../safety/outcome/step.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { keepBudgetForLater } from './budget-write.js';

export interface MoveOutcome {
  status: 'applied' | 'partial' | 'not_applied' | 'unknown';
  message: string;
  operation_id: string | null;
}

/** A side of the move as a step: its write, and the read of the month that shows it. */
const sideStep = (deps: Deps, plan: string, p: MovePlan, s: MoveSide, to = s.to, from = s.from) =>
  budgetedStep(deps.ynab, plan, {
    month: p.month,
    categoryId: s.category.id,
    from,
    to,
    neither: () => `${s.category.name} holds neither amount`,
  });

const undoHint = (id: string, what: string): string => `undo_operation with operation_id ${id} ${what}.`;

export async function applyMove(
  deps: Deps,
  plan: string,
  p: MovePlan,
  money: MoneyText,
): Promise<MoveOutcome> {
  const { source, target, month } = p;
  const change = (s: MoveSide) => ({ category_id: s.category.id, from: s.from, to: s.to });
  const journalMove = () =>
    recordOperation(deps, plan, 'move', { month, changes: [change(source), change(target)] });
  const journalSource = () => recordOperation(deps, plan, 'budget', { month, ...change(source) });
  const names = `${source.category.name} and ${target.category.name}`;

  const ignored: string[] = [];
  // YNAB may answer 200 and hold something else: a side whose answer shows another amount is named
  const verify = (s: MoveSide, shown: unknown) => {
    if (typeof shown === 'number' && shown !== s.to)
      ignored.push(`${s.category.name} shows ${money(shown)} instead of ${money(s.to)}`);
  };
  // refused, or never sent: thrown as it is, nothing changed
  const source_ = await sendStep(sideStep(deps, plan, p, source));
  if (source_.end === 'answered') verify(source, source_.answer);
  if (source_.end === 'unseen') {
    // not shown yet is not "not applied": the source may still change late, and the target is not
    // sent; the source is journaled (undo puts it back if it landed) and settled by a later call
    const id = await journalSource();
    keepBudgetForLater(
      deps,
      plan,
      { month, categoryId: source.category.id, from: source.from, to: source.to },
      async () => {},
    );
    return {
      status: 'unknown',
      message: `${unseenText(`the change of ${source.category.name} (it still shows ${money(source.from)}); nothing more was sent`, 'get_category_balances', settleSeconds())} ${undoHint(id, `puts ${source.category.name} back to ${money(source.from)} if it landed`)}`,
      operation_id: id,
    };
  }
  if (source_.end === 'other' || source_.end === 'unread') {
    const why = source_.end === 'unread' ? source_.why : source_.held;
    return {
      status: 'unknown',
      message: `YNAB's answer to the change of ${source.category.name} was lost (${source_.lost}), and ${why}: nothing more was sent. Check ${names} in YNAB (get_category_balances) before doing anything else; do not repeat the move.`,
      operation_id: null,
    };
  }

  let target_: Sent<number | null>;
  try {
    target_ = await sendStep(sideStep(deps, plan, p, target));
  } catch (error) {
    return putSourceBack(deps, plan, p, reasonOf(error), journalSource, money);
  }
  if (target_.end === 'answered') verify(target, target_.answer);
  else return afterLostTarget(deps, plan, p, target_, journalMove, money);
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

/** The target's answer was lost: report (and journal) what the reads of the month showed. */
async function afterLostTarget(
  deps: Deps,
  plan: string,
  p: MovePlan,
  sent: Exclude<Sent<number | null>, { end: 'answered' }>,
  journalMove: () => Promise<string>,
  money: MoneyText,
): Promise<MoveOutcome> {
  const { source, target } = p;
  // the whole move is journaled whatever the read showed: its undo compares each category on its
  // own, so a target that never lands is left as it is and the source alone is put back
  const id = await journalMove();
  if (sent.end === 'shown') {
    return {
      status: 'applied',
      message: `Moved: YNAB's answer to the change of ${target.category.name} was lost, and a read-back shows ${source.category.name} ${money(source.to)} and ${target.category.name} ${money(target.to)}. ${undoHint(id, 'moves it back')}`,
      operation_id: id,
    };
  }
  keepBudgetForLater(
    deps,
    plan,
    { month: p.month, categoryId: target.category.id, from: target.from, to: target.to },
    async () => {},
  );
  const undo = undoHint(id, `puts back whatever of it landed (each category on its own)`);
  if (sent.end === 'unseen') {
    return {
      status: 'unknown',
      message: `${unseenText(`the change of ${target.category.name} (it still shows ${money(target.from)}), while ${source.category.name} is already ${money(source.to)}`, 'get_category_balances', settleSeconds())} ${source.category.name} is left as it is: should ${target.category.name} never change, the money is in Ready to Assign. ${undo}`,
      operation_id: id,
    };
  }
  const why = sent.end === 'unread' ? sent.why : sent.held;
  return {
    status: 'unknown',
    message: `${source.category.name} is now ${money(source.to)}, but YNAB's answer to the change of ${target.category.name} was lost (${sent.lost}), and ${why}. Check ${target.category.name} in YNAB (get_category_balances) before anything else; do not repeat the move. ${undo}`,
    operation_id: id,
  };
}

/**
 * YNAB refused the target: the source is put back (a compensation, always let through pacing). A
 * compensation whose answer is lost is settled over the window like any step.
 */
async function putSourceBack(
  deps: Deps,
  plan: string,
  p: MovePlan,
  reason: string,
  journalSource: () => Promise<string>,
  money: MoneyText,
): Promise<MoveOutcome> {
  const { source } = p;
  const back = sideStep(deps, plan, p, source, source.from, source.to);
  let sent: Sent<number | null>;
  try {
    sent = await sendStep({ ...back, send: () => deps.pacer.compensating(() => back.send()) });
  } catch (again) {
    const id = await journalSource();
    return {
      status: 'partial',
      message: `${rollbackFailedText(p, reason, reasonOf(again), money)} ${undoHint(id, `puts ${source.category.name} back`)}`,
      operation_id: id,
    };
  }
  if (sent.end === 'answered' || sent.end === 'shown') throw new AppError(rolledBackText(p, reason, money));
  const id = await journalSource();
  return {
    status: 'unknown',
    message: `${rollbackFailedText(p, reason, sent.lost, money)} ${undoHint(id, `puts ${source.category.name} back`)}`,
    operation_id: id,
  };
}
