/**
 * How `move_money` applies its two writes (source, then target) so that it always ends in a known,
 * true state. The source is put back only when YNAB *refused* the target: a target write whose
 * answer was lost may well have landed, so the month is read back first, and only a target shown
 * unchanged is compensated. Whatever is known to be in YNAB is journaled — the whole move, or the
 * source alone as a `budget` operation — so that undo_operation can put it back.
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
import { isUnknownOutcome, reasonOf, type ReadBack } from '../../domain/write-outcome.js';
import { recordOperation } from '../seam/record-operation.js';
import { readBack } from '../seam/outcome.js';

export interface MoveOutcome {
  status: 'applied' | 'partial' | 'not_applied' | 'unknown';
  message: string;
  operation_id: string | null;
}

/** Reads the month once: each side's budgeted amount, or why it could not be read. */
async function amountsNow(deps: Deps, plan: string, p: MovePlan) {
  const read = await readBack(() => deps.ynab.months.get(plan, p.month));
  if ('why' in read) return read;
  const index = monthIndex(read.value.categories);
  const of = (s: MoveSide) => {
    const c = index.get(s.category.id);
    return c === undefined ? null : milliOf(c.budgeted);
  };
  return { source: of(p.source), target: of(p.target) };
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
    const held = await amountsNow(deps, plan, p);
    const state = 'why' in held ? 'unknown' : stateOf(held.source, source);
    if (state === 'not_applied') {
      return {
        status: 'not_applied',
        message: `YNAB's answer to the change of ${source.category.name} was lost; a read-back shows it still at ${fmtMoney(source.from)}: nothing was moved. It is safe to ask again.`,
        operation_id: null,
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
    return putSourceBack(deps, plan, p, reasonOf(error), { journalSource, set }, true);
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
  const held = await amountsNow(deps, plan, p);
  const state = 'why' in held ? 'unknown' : stateOf(held.target, target);
  if (state === 'applied') {
    const id = await steps.journalMove();
    return {
      status: 'applied',
      message: `Moved: YNAB's answer to the change of ${target.category.name} was lost, and a read-back shows ${source.category.name} ${fmtMoney(source.to)} and ${target.category.name} ${fmtMoney(target.to)}. ${undoHint(id, 'moves it back')}`,
      operation_id: id,
    };
  }
  if (state === 'not_applied') return putSourceBack(deps, plan, p, reasonOf(error), steps, false);
  // the source's change is known to be in YNAB; the target's is not known: journal what is known
  const id = await steps.journalSource();
  const why = 'why' in held ? held.why : `${target.category.name} holds neither amount`;
  return {
    status: 'unknown',
    message: `${source.category.name} is now ${fmtMoney(source.to)}, but YNAB's answer to the change of ${target.category.name} was lost (${reasonOf(error)}), and ${why}. Check ${target.category.name} in YNAB (get_category_balances) before anything else; do not repeat the move. ${undoHint(id, `puts ${source.category.name} back to ${fmtMoney(source.from)}`)}`,
    operation_id: id,
  };
}

/** The target is known unchanged: the source is put back (a compensation, always let through pacing). */
async function putSourceBack(
  deps: Deps,
  plan: string,
  p: MovePlan,
  reason: string,
  steps: Pick<Steps, 'journalSource' | 'set'>,
  refused: boolean,
): Promise<MoveOutcome> {
  const { source, target } = p;
  const opening = refused
    ? null
    : `YNAB's answer to the change of ${target.category.name} was lost; a read-back shows it still at ${fmtMoney(target.from)}`;
  try {
    await deps.pacer.compensating(() => steps.set(source, source.from));
  } catch (again) {
    const lost = isUnknownOutcome(again);
    if (lost) {
      const held = await amountsNow(deps, plan, p);
      if (!('why' in held) && held.source === source.from) return notMoved(p, reason, opening, refused);
    }
    const id = await steps.journalSource();
    const text = refused
      ? rollbackFailedText(p, reason, reasonOf(again))
      : `${opening}, then putting ${source.category.name} back failed (${reasonOf(again)}): set ${source.category.name} back to ${fmtMoney(source.from)} in YNAB.`;
    return {
      status: lost ? 'unknown' : 'partial',
      message: `${text} ${undoHint(id, `puts ${source.category.name} back`)}`,
      operation_id: id,
    };
  }
  return notMoved(p, reason, opening, refused);
}

function notMoved(p: MovePlan, reason: string, opening: string | null, refused: boolean): MoveOutcome {
  if (refused) throw new AppError(rolledBackText(p, reason));
  return {
    status: 'not_applied',
    message: `${opening}; ${p.source.category.name} is back to ${fmtMoney(p.source.from)}: nothing was moved. It is safe to ask again.`,
    operation_id: null,
  };
}
