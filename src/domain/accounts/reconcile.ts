/**
 * `reconcile_account`'s decisions and texts: the outcome flow, the adjustment category, the subject and
 * question, and the undo plan.
 */
import { type MoneyText, toUnits } from '../money.js';
import type { YnabCategoryGroup, YnabTransaction } from '../model.js';
import { readyToAssign } from '../categories/internal.js';
import type { Gap } from './reconcile-gap.js';
import { compareCodePoints } from '../text.js';
import { gapInWords } from './reconcile-direction.js';

export const ADJUSTMENT_PAYEE = 'Balance adjustment';
export const ADJUSTMENT_MEMO = 'Entered by reconcile_account';

export const ALREADY_RECONCILED = 'Already reconciled: nothing to do.';
export const NO_READY_TO_ASSIGN =
  "YNAB's Inflow: Ready to Assign category was not found: record the gap in YNAB itself.";
export const EVERY_TRANSACTION_CHANGED = 'Every transaction changed since: left alone.';
export const RECONCILIATION_UNDONE = 'Reconciliation undone.';

export const unknownAccount = (accountId: string): string =>
  `Account ${accountId} is not in this plan: use an id from list_accounts.`;

export const differenceFound = (difference: number, money: MoneyText): string =>
  `${gapInWords(difference, money)} (YNAB's cleared balance differs from the bank by ${money(difference)}.) Nothing was changed. Check explained_by, uncleared and possible_duplicates with the user; call again once fixed, or with adjust=true to record the gap as an adjustment.`;

export const reconciledMessage = (operationId: string): string =>
  `Reconciled. undo_operation with operation_id ${operationId} reverts it.`;

/** What the call does: report the gap, nothing, or ask to reconcile (the outcome flow). */
export type ReconcileStep = 'difference_found' | 'nothing_to_do' | 'confirm';

export function reconcileStep(gap: Gap, adjust: boolean): ReconcileStep {
  if (gap.difference !== 0) return adjust ? 'confirm' : 'difference_found';
  return gap.toReconcile.length === 0 ? 'nothing_to_do' : 'confirm';
}

/** The adjustment's category, looked up before asking so the question can name it: Ready to Assign, or null. */
export function adjustmentCategory(groups: readonly YnabCategoryGroup[]): string | null {
  return readyToAssign(groups)?.id ?? null;
}

/** The question; `account` is already sanitised. */
export function reconcileQuestion(
  account: string,
  count: number,
  difference: number,
  money: MoneyText,
): string {
  const head = `Reconcile ${account}: mark ${count} cleared transaction(s) reconciled`;
  return difference === 0 ? `${head}?` : `${head} and add a balance adjustment of ${money(difference)}?`;
}

export interface ReconcileSubject {
  account: string;
  balance: number;
  adjust: number;
  transactions: string[];
}

/** The subject: the cleared ids sorted, so a transaction cleared since voids the answer. */
export function reconcileSubject(accountId: string, bankBalance: number, gap: Gap): ReconcileSubject {
  return {
    account: accountId,
    balance: bankBalance,
    adjust: toUnits(gap.difference),
    transactions: [...gap.toReconcile].sort(compareCodePoints),
  };
}

/** The journal `details` of a reconcile operation. */
export interface ReconcileDetails {
  account_id: string;
  reconciled_ids: string[];
  adjustment_id: string | null;
}

export interface ReconcileUndo {
  /** Still reconciled: back to cleared. */
  revert: string[];
  /** The adjustment to delete (still there and reconciled), else null. */
  deleteAdjustment: string | null;
  /** Gone or no longer reconciled: left alone (never overwritten), in the journal's order. */
  conflicts: string[];
}

/** What undoing a reconciliation changes, given the live transactions. */
export function planReconcileUndo(
  details: ReconcileDetails,
  live: readonly YnabTransaction[],
): ReconcileUndo {
  const reconciled = new Set(live.filter((t) => !t.deleted && t.cleared === 'reconciled').map((t) => t.id));
  const adjustment = details.adjustment_id;
  const ids = details.reconciled_ids.filter((id) => id !== adjustment);
  if (adjustment !== null) ids.push(adjustment);
  const plan: ReconcileUndo = { revert: [], deleteAdjustment: null, conflicts: [] };
  for (const id of ids) {
    if (!reconciled.has(id)) plan.conflicts.push(id);
    else if (id === adjustment) plan.deleteAdjustment = id;
    else plan.revert.push(id);
  }
  return plan;
}

/** The undo question; `{n}` excludes the adjustment. */
export function reconcileUndoQuestion(undo: ReconcileUndo): string {
  const head = `Undo reconciliation: mark ${undo.revert.length} transaction(s) back to cleared`;
  return undo.deleteAdjustment === null ? `${head}?` : `${head} and delete the balance adjustment?`;
}

/** The ids the undo changes, sorted: the undo subject, so a yes covers exactly these. */
export function reconcileUndoItems(undo: ReconcileUndo): string[] {
  const items = [...undo.revert];
  if (undo.deleteAdjustment !== null) items.push(undo.deleteAdjustment);
  return items.sort(compareCodePoints);
}
