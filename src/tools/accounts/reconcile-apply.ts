/**
 * How `reconcile_account` applies: the balance adjustment (when asked for), then one PATCH marking
 * everything reconciled, sent under one reservation. When the PATCH fails after the adjustment was
 * created, the adjustment is journaled (as a created transaction, so undo_operation deletes it) and
 * the answer says it exists. The PATCH is a step (safety/outcome/step.ts): a lost answer is settled
 * by reading the transactions over the window, and a PATCH no read shows is unknown, since YNAB may
 * still apply it late.
 */
import type { Deps } from '../../deps.js';
import { ADJUSTMENT_MEMO, ADJUSTMENT_PAYEE, reconciledMessage } from '../../domain/accounts/reconcile.js';
import { fmtMoney } from '../../domain/money.js';
import { reasonOf } from '../../domain/write-outcome.js';
import { settleSeconds } from '../../safety/outcome/settle.js';
import { keepStepForLater, sendStep, type Step } from '../../safety/outcome/step.js';
import type { YnabTransaction } from '../../domain/model.js';
import { recordOperation } from '../seam/record-operation.js';

export interface Applying {
  plan: string;
  accountId: string;
  /** Cleared ids to mark reconciled, sorted. */
  ids: string[];
  /** Milliunits; 0 when no adjustment. */
  difference: number;
  category: string | null;
}

export interface ReconcileOutcome {
  status: 'applied' | 'partial' | 'not_applied' | 'unknown';
  message: string;
  operation_id: string | null;
}

/** The requests the apply sends: the adjustment's, and the PATCH when anything is to be marked. */
export const reconcileSends = (a: Applying): number => (a.difference !== 0 ? 2 : a.ids.length > 0 ? 1 : 0);

/** How many of `ids` the transactions show reconciled. */
function reconciledCount(rows: readonly YnabTransaction[], ids: readonly string[]): number {
  const reconciled = new Set(rows.filter((t) => t.cleared === 'reconciled').map((t) => t.id));
  return ids.filter((id) => reconciled.has(id)).length;
}

/** The PATCH marking `ids` reconciled, as a step: in place once every id shows reconciled. */
function reconcileStep(deps: Deps, a: Applying, ids: readonly string[]): Step {
  return {
    send: () =>
      deps.ynab.transactions.update(
        a.plan,
        ids.map((id) => ({ id, cleared: 'reconciled' as const })),
      ),
    check: async () => {
      const count = reconciledCount(await deps.ynab.transactions.list(a.plan), ids);
      if (count === ids.length) return true;
      return count === 0 ? false : `a read-back shows ${count} of the ${ids.length} transactions reconciled`;
    },
  };
}

/** Creates the adjustment (if any), marks everything reconciled in one PATCH, journals what holds. */
export async function applyReconcile(deps: Deps, a: Applying): Promise<ReconcileOutcome> {
  const ids = [...a.ids];
  let adjustmentId: string | null = null;
  if (a.difference !== 0) {
    const transaction = {
      account_id: a.accountId,
      date: deps.clock.today(),
      amount: a.difference,
      payee_name: ADJUSTMENT_PAYEE,
      memo: ADJUSTMENT_MEMO,
      category_id: a.category,
      cleared: 'cleared' as const,
      approved: true,
    };
    const created = await deps.ynab.transactions.create(a.plan, [transaction]);
    adjustmentId = created.transaction_ids[0] ?? null;
    if (adjustmentId !== null) ids.push(adjustmentId);
  }
  const journal = () =>
    recordOperation(deps, a.plan, 'reconcile', {
      account_id: a.accountId,
      reconciled_ids: ids,
      adjustment_id: adjustmentId,
    });
  if (ids.length === 0) {
    const id = await journal();
    return { status: 'applied', message: reconciledMessage(id), operation_id: id };
  }
  const patch = reconcileStep(deps, a, ids);
  let what: string;
  let refused = false;
  try {
    const sent = await sendStep(patch);
    if (sent.end === 'answered' || sent.end === 'shown') {
      const id = await journal();
      const lost =
        sent.end === 'shown'
          ? "YNAB's answer was lost, but a read-back shows every transaction reconciled. "
          : '';
      return { status: 'applied', message: `${lost}${reconciledMessage(id)}`, operation_id: id };
    }
    const why =
      sent.end === 'unseen'
        ? `reads over ${settleSeconds()} s show none of them reconciled yet (YNAB may still apply it late)`
        : sent.end === 'other'
          ? sent.held
          : sent.why;
    what = `marking the transactions reconciled got no answer (${sent.lost}), and ${why}`;
    // what YNAB shows later settles it: once every id shows reconciled, the reconciliation is journaled
    keepStepForLater(patch, journal);
  } catch (error) {
    if (adjustmentId === null) throw error; // refused, nothing else was written
    what = `YNAB refused to mark the transactions reconciled (${reasonOf(error)})`;
    refused = true;
  }
  const result = refused
    ? 'nothing is reconciled'
    : 'check the account in YNAB before anything else; do not repeat it';
  // a refusal with no adjustment was thrown above: only a lost answer reaches here without one
  if (adjustmentId === null) return { status: 'unknown', message: `${what}: ${result}.`, operation_id: null };
  const id = await recordOperation(deps, a.plan, 'create', { transaction_ids: [adjustmentId] });
  return {
    status: refused ? 'partial' : 'unknown',
    message: `The balance adjustment of ${fmtMoney(a.difference)} was created in YNAB (transaction ${adjustmentId}), but ${what}: ${result}. undo_operation with operation_id ${id} deletes the adjustment.`,
    operation_id: id,
  };
}
