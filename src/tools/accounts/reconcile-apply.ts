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
import type { MoneyText } from '../../domain/money.js';
import { reasonOf, withoutNotYet } from '../../domain/write-outcome.js';
import { settleSeconds } from '../../safety/outcome/settle.js';
import { keepStepForLater, sendStep, type Step } from '../../safety/outcome/step.js';
import type { NewTransactionBody, YnabTransaction } from '../../domain/model.js';
import { sideState } from '../../domain/transactions/transfer-sides.js';
import { verdictText } from '../../domain/write-verify.js';
import { checkedWrite, keepForLater } from '../../safety/outcome/checked-step.js';
import { recogniseAs } from '../../safety/outcome/run.js';
import { newOperationId } from '../../safety/journal.js';
import { createdFound, fieldsHeld, recordOf, type Recognise } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { createWrite } from '../../safety/outcome/verify-transactions.js';

export interface Applying {
  plan: string;
  accountId: string;
  /** Cleared ids to mark reconciled, sorted. */
  ids: string[];
  /** Milliunits; 0 when no adjustment. */
  difference: number;
  category: string | null;
  /** How the call writes amounts. */
  money: MoneyText;
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

/** The balance adjustment's body: dated today, cleared, approved, as YNAB's own reconciliation books it. */
export function adjustmentBody(deps: Deps, a: Applying): NewTransactionBody {
  return {
    account_id: a.accountId,
    date: deps.clock.today(),
    amount: a.difference,
    payee_name: ADJUSTMENT_PAYEE,
    memo: ADJUSTMENT_MEMO,
    category_id: a.category,
    cleared: 'cleared',
    approved: true,
  };
}

/** The PATCH recognised by every id holding `reconciled`, journaled as the reconciliation. */
const reconciledHeld = (a: Applying, ids: readonly string[], adjustmentId: string | null) =>
  fieldsHeld(
    ids.map((id) => ({ id, cleared: 'reconciled' })),
    recordOf('reconcile', { account_id: a.accountId, reconciled_ids: [...ids], adjustment_id: adjustmentId }),
  );

/**
 * How any process recognises the reconciliation before its first request: the adjustment found
 * again when there is one (its id is not known yet, and the PATCH names it), else the PATCH held.
 * Once the adjustment's id is known, the pending entry is told the PATCH (see applyReconcile).
 */
export const reconcileRecognise = (deps: Deps, a: Applying): Recognise =>
  a.difference !== 0
    ? createdFound([adjustmentBody(deps, a)], deps.ynab.knowledge(a.plan))
    : reconciledHeld(a, a.ids, null);

/** The adjustment journaled as a created transaction (its undo deletes it while it is as created). */
const journalAdjustment = (deps: Deps, a: Applying, t: YnabTransaction): Promise<string> =>
  recordOperation(deps, a.plan, 'create', { transaction_ids: [t.id], states: [sideState(t)] });

/**
 * Creates the adjustment as a step of the engine (a lost answer is read back like any create's).
 * The created transaction, or the outcome to answer when YNAB shows none yet: the PATCH is then not
 * sent, and the adjustment, should it land late, is journaled so that undo_operation deletes it.
 */
async function createAdjustment(deps: Deps, a: Applying): Promise<YnabTransaction | ReconcileOutcome> {
  const write = createWrite(deps, a.plan, [adjustmentBody(deps, a)], a.money);
  const verdict = await checkedWrite(write);
  const made = write.created.get('#1');
  if (made !== undefined) return made;
  keepForLater(write, async () => {
    const late = write.created.get('#1');
    if (late !== undefined) await journalAdjustment(deps, a, late);
  });
  const text = withoutNotYet(verdictText(verdict, write.asked, 'find_transactions', a.money));
  return {
    status: 'unknown',
    message: `YNAB's answer to creating the balance adjustment of ${a.money(a.difference)} was lost, and nothing was marked reconciled (that request was not sent): ${text}`,
    operation_id: null,
  };
}

/** Creates the adjustment (if any), marks everything reconciled in one PATCH, journals what holds. */
export async function applyReconcile(deps: Deps, a: Applying): Promise<ReconcileOutcome> {
  const ids = [...a.ids];
  let adjustmentId: string | null = null;
  if (a.difference !== 0) {
    const made = await createAdjustment(deps, a);
    if ('status' in made) return made;
    adjustmentId = made.id;
    ids.push(adjustmentId);
    // from here on the write is recognised by its PATCH, which now names the adjustment
    await recogniseAs(reconciledHeld(a, ids, adjustmentId));
  }
  const journal = (chosenId?: string) =>
    recordOperation(
      deps,
      a.plan,
      'reconcile',
      { account_id: a.accountId, reconciled_ids: ids, adjustment_id: adjustmentId },
      [],
      chosenId,
    );
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
    // what YNAB shows later settles it: once every id shows reconciled, the reconciliation is
    // journaled. With an adjustment, the pending id goes to the adjustment's own entry (below), so
    // the reconciliation gets an id of its own now, the same whichever process settles it
    const laterId = adjustmentId === null ? undefined : newOperationId();
    if (laterId !== undefined)
      await recogniseAs({ ...reconciledHeld(a, ids, adjustmentId), record_id: laterId });
    keepStepForLater(patch, () => journal(laterId));
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
    message: `The balance adjustment of ${a.money(a.difference)} was created in YNAB (transaction ${adjustmentId}), but ${what}: ${result}. undo_operation with operation_id ${id} deletes the adjustment.`,
    operation_id: id,
  };
}
