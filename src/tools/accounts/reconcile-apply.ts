/**
 * How `reconcile_account` applies: the balance adjustment (when asked for), then one PATCH marking
 * everything reconciled, sent under one reservation. When the PATCH fails after the adjustment was
 * created, the adjustment is journaled (as a created transaction, so undo_operation deletes it) and
 * the answer says it exists. When the PATCH's answer is lost, the transactions are read over the
 * settling window: a PATCH no read shows is unknown, since YNAB may still apply it late.
 */
import type { Deps } from '../../deps.js';
import { ADJUSTMENT_MEMO, ADJUSTMENT_PAYEE, reconciledMessage } from '../../domain/accounts/reconcile.js';
import { fmtMoney } from '../../domain/money.js';
import { isUnknownOutcome, reasonOf, type ReadBack } from '../../domain/write-outcome.js';
import { keepUntilShown } from '../../safety/outcome/run.js';
import { settleRead, settleSeconds } from '../../safety/outcome/settle.js';
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

/** What a read-back shows of the PATCH: every id reconciled, none, or something else. */
async function reconciledNow(
  deps: Deps,
  a: Applying,
  ids: string[],
): Promise<{ state: ReadBack; why?: string }> {
  const countOf = (rows: readonly YnabTransaction[]) => reconciledCount(rows, ids);
  // the PATCH may still be in flight: read until every id shows reconciled, or the window ends
  const read = await settleRead(
    () => deps.ynab.transactions.list(a.plan),
    (rows) => countOf(rows) === ids.length,
  );
  if ('why' in read) return { state: 'unknown', why: read.why };
  const count = countOf(read.value);
  if (count === ids.length) return { state: 'applied' };
  if (count === 0)
    return {
      state: 'unknown',
      why: `reads over ${settleSeconds()} s show none of them reconciled yet (YNAB may still apply it late)`,
    };
  return { state: 'unknown', why: `a read-back shows ${count} of the ${ids.length} transactions reconciled` };
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
  try {
    await deps.ynab.transactions.update(
      a.plan,
      ids.map((id) => ({ id, cleared: 'reconciled' as const })),
    );
  } catch (error) {
    const lost = isUnknownOutcome(error);
    if (!lost && adjustmentId === null) throw error; // refused, nothing else was written
    const check = lost ? await reconciledNow(deps, a, ids) : { state: 'not_applied' as const };
    if (check.state === 'applied') {
      const id = await journal();
      return {
        status: 'applied',
        message: `YNAB's answer was lost, but a read-back shows every transaction reconciled. ${reconciledMessage(id)}`,
        operation_id: id,
      };
    }
    const what = lost
      ? `marking the transactions reconciled got no answer (${reasonOf(error)})${check.why ? `, and ${check.why}` : ''}`
      : `YNAB refused to mark the transactions reconciled (${reasonOf(error)})`;
    const result =
      check.state === 'not_applied'
        ? 'nothing is reconciled'
        : 'check the account in YNAB before anything else; do not repeat it';
    // what YNAB shows later settles it: once every id shows reconciled, the reconciliation is journaled
    if (lost) keepReconcileForLater(deps, a, ids, journal);
    // a refusal with no adjustment was thrown above: only a lost answer reaches here without one
    if (adjustmentId === null)
      return { status: 'unknown', message: `${what}: ${result}.`, operation_id: null };
    const id = await recordOperation(deps, a.plan, 'create', { transaction_ids: [adjustmentId] });
    return {
      status: check.state === 'not_applied' ? 'partial' : 'unknown',
      message: `The balance adjustment of ${fmtMoney(a.difference)} was created in YNAB (transaction ${adjustmentId}), but ${what}: ${result}. undo_operation with operation_id ${id} deletes the adjustment.`,
      operation_id: id,
    };
  }
  const id = await journal();
  return { status: 'applied', message: reconciledMessage(id), operation_id: id };
}

/** Keeps a reconciliation whose PATCH is unknown for the next call on the plan (see settle-later). */
function keepReconcileForLater(
  deps: Deps,
  a: Applying,
  ids: readonly string[],
  journal: () => Promise<string>,
) {
  keepUntilShown(async () => {
    const rows = await deps.ynab.transactions.list(a.plan);
    return reconciledCount(rows, ids) === ids.length ? true : null;
  }, journal);
}
