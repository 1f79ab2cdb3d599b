/**
 * Planning `delete_transactions` and the undo of a `delete` operation: the checks (in the plan, not
 * reconciled), each transaction in full for the question, the journal's record of each one whole,
 * and the POST body that recreates them. A transfer named by both sides is deleted once (its other
 * side goes with it: by YNAB, or by a second request when YNAB keeps it), and recreated once through
 * the other account's transfer payee (YNAB then makes the linked pair again). Pure.
 */
import { AppError } from '../errors.js';
import { type MoneyText, toUnits } from '../money.js';
import type { NewTransactionBody, YnabAccount, YnabTransaction } from '../model.js';
import { clean, cleanFull, compareCodePoints } from '../text.js';
import { currentFlag, type FlagColor } from './flags.js';

/** A deleted transaction as the journal keeps it (milliunits, ids), enough to recreate it. */
export interface DeletedTransaction {
  transaction_id: string;
  account_id: string;
  date: string;
  amount: number;
  payee_id: string | null;
  payee_name: string | null;
  category_id: string | null;
  memo: string | null;
  cleared: 'cleared' | 'uncleared';
  approved: boolean;
  flag_color: FlagColor | null;
  transfer_account_id: string | null;
  subtransactions: {
    amount: number;
    payee_id: string | null;
    category_id: string | null;
    memo: string | null;
  }[];
}

/** A deleted transaction as the user sees it. */
export interface DeleteView {
  transaction_id: string;
  date: string;
  account: string;
  payee: string;
  amount: number;
  category: string | null;
  memo: string | null;
  /** The other side of a transfer, deleted with it by YNAB; null for any other transaction. */
  linked_transaction_id: string | null;
}

export interface DeletePlan {
  views: DeleteView[];
  records: DeletedTransaction[];
  /** The account of each linked side, for the question. */
  linkedAccounts: Map<string, string>;
}

const SPLIT = 'split';

/** The other side of a transfer: on the other account, the opposite amount, the same date. */
export function linkedSide(
  tx: YnabTransaction,
  all: readonly YnabTransaction[],
): YnabTransaction | undefined {
  if (!tx.transfer_account_id) return undefined;
  return all.find(
    (t) =>
      !t.deleted &&
      t.account_id === tx.transfer_account_id &&
      t.transfer_account_id === tx.account_id &&
      t.amount === -tx.amount &&
      t.date === tx.date,
  );
}

/**
 * A transaction as the journal keeps it before it is deleted: enough to recreate it (its lines too)
 * when the delete is undone. delete_transactions and apply_statement's duplicates both record it so.
 */
export const deletedRecord = (tx: YnabTransaction): DeletedTransaction => ({
  transaction_id: tx.id,
  account_id: tx.account_id,
  date: tx.date,
  amount: tx.amount,
  payee_id: tx.payee_id ?? null,
  payee_name: tx.payee_name ?? null,
  category_id: tx.category_id ?? null,
  memo: tx.memo === undefined || tx.memo === '' ? null : tx.memo,
  cleared: tx.cleared === 'cleared' ? 'cleared' : 'uncleared',
  approved: tx.approved,
  flag_color: currentFlag(tx),
  transfer_account_id: tx.transfer_account_id ?? null,
  subtransactions: (tx.subtransactions ?? [])
    .filter((s) => !s.deleted)
    .map((s) => ({
      amount: s.amount,
      payee_id: s.payee_id ?? null,
      category_id: s.category_id ?? null,
      memo: s.memo ?? null,
    })),
});

/** Checks each id in order (at least one, each once, in the plan, not reconciled), then plans the deletes. */
export function planDelete(
  ids: readonly string[],
  transactions: readonly YnabTransaction[],
  accounts: readonly YnabAccount[],
): DeletePlan {
  if (ids.length === 0) throw new AppError('Give at least one transaction to delete.');
  const byId = new Map(transactions.filter((t) => !t.deleted).map((t) => [t.id, t]));
  const accountName = (id: string) => clean(accounts.find((a) => a.id === id)?.name ?? id);
  const plan: DeletePlan = { views: [], records: [], linkedAccounts: new Map() };
  const covered = new Set<string>();
  for (const id of ids) {
    if (covered.has(id)) {
      if (ids.indexOf(id) !== ids.lastIndexOf(id)) throw new AppError(`Transaction ${id} is named twice.`);
      continue;
    }
    const tx = byId.get(id);
    if (tx === undefined) {
      throw new AppError(
        `Transaction ${id} is not in this plan: use a transaction_id from find_transactions.`,
      );
    }
    const linked = linkedSide(tx, transactions);
    for (const t of linked === undefined ? [tx] : [tx, linked]) {
      if (t.cleared === 'reconciled') {
        throw new AppError(
          `Transaction ${t.id} is reconciled: deleting it would change the reconciled balance of ${accountName(t.account_id)}, which the bank statement confirmed. Nothing was deleted; if it really is wrong, un-reconcile it in YNAB first.`,
        );
      }
    }
    covered.add(id);
    if (linked !== undefined) {
      covered.add(linked.id);
      plan.linkedAccounts.set(linked.id, accountName(linked.account_id));
    }
    plan.records.push(deletedRecord(tx));
    plan.views.push({
      transaction_id: tx.id,
      date: tx.date,
      account: accountName(tx.account_id),
      payee: clean(tx.payee_name),
      amount: toUnits(tx.amount),
      category: isSplitRow(tx) ? SPLIT : tx.category_name ? clean(tx.category_name) : null,
      memo: tx.memo ? clean(tx.memo) : null,
      linked_transaction_id: linked?.id ?? null,
    });
  }
  return plan;
}

const isSplitRow = (tx: YnabTransaction): boolean => (tx.subtransactions ?? []).some((s) => !s.deleted);

/** Every transaction in full: date, account, payee, amount, category, then its memo and linked side. */
export function deleteQuestion(
  plan: DeletePlan,
  transactions: readonly YnabTransaction[],
  money: MoneyText,
): string {
  const lines = [`Delete ${plan.views.length} transaction(s)?`];
  for (const v of plan.views) {
    const tx = transactions.find((t) => t.id === v.transaction_id);
    lines.push(
      `- ${money.date(v.date)} ${v.account}: ${cleanFull(tx?.payee_name)} ${money(tx?.amount ?? 0)} (${v.category ?? 'no category'})`,
    );
    if (tx?.memo) lines.push(`  memo: ${cleanFull(tx.memo)}`);
    if (v.linked_transaction_id !== null) {
      lines.push(
        `  and its linked side on ${plan.linkedAccounts.get(v.linked_transaction_id) ?? '?'} (a transfer)`,
      );
    }
  }
  // a cleared transaction is one the bank shows: deleting it moves the cleared balance off the bank's
  const cleared = plan.views.filter(
    (v) => transactions.find((t) => t.id === v.transaction_id)?.cleared === 'cleared',
  ).length;
  if (cleared > 0)
    lines.push(
      `Warning: ${cleared === 1 ? 'one of these is' : `${cleared} of these are`} cleared (your bank shows ${cleared === 1 ? 'it' : 'them'}): deleting moves the account's cleared balance away from the bank's.`,
    );
  return lines.join('\n');
}

/** The subject: the ids that will be deleted, in order. */
export const deleteSubject = (plan: DeletePlan): { delete: string[] } => ({
  delete: plan.records.map((r) => r.transaction_id),
});

/**
 * The deleted sides of transfers whose other side is still in YNAB (YNAB kept it, and deleting it
 * failed): recreating one through its transfer payee would make that other side twice.
 */
export function keptSides(
  records: readonly DeletedTransaction[],
  transactions: readonly YnabTransaction[],
): string[] {
  return records
    .filter((r) =>
      transactions.some(
        (t) =>
          !t.deleted &&
          r.transfer_account_id !== null &&
          t.account_id === r.transfer_account_id &&
          t.transfer_account_id === r.account_id &&
          t.amount === -r.amount &&
          t.date === r.date,
      ),
    )
    .map((r) => r.transaction_id);
}

/**
 * Undo of a `delete` operation: the transactions that can come back (their account is still open in
 * the plan), and the others, left alone.
 */
export function planDeleteUndo(
  records: readonly DeletedTransaction[],
  accounts: readonly YnabAccount[],
  transactions: readonly YnabTransaction[] = [],
): { back: DeletedTransaction[]; conflicts: string[] } {
  const open = new Set(accounts.filter((a) => !a.deleted && !a.closed).map((a) => a.id));
  const kept = new Set(keptSides(records, transactions));
  const usable = (r: DeletedTransaction) =>
    !kept.has(r.transaction_id) &&
    open.has(r.account_id) &&
    (r.transfer_account_id === null || open.has(r.transfer_account_id));
  return {
    back: records.filter(usable),
    conflicts: records
      .filter((r) => !usable(r))
      .map((r) => r.transaction_id)
      .sort(compareCodePoints),
  };
}

/** The POST body that recreates them with the same fields (a transfer through its transfer payee). */
export const recreateBody = (records: readonly DeletedTransaction[]): NewTransactionBody[] =>
  records.map((r) => ({
    account_id: r.account_id,
    date: r.date,
    amount: r.amount,
    ...(r.payee_id !== null
      ? { payee_id: r.payee_id }
      : r.payee_name !== null
        ? { payee_name: r.payee_name }
        : {}),
    memo: r.memo,
    category_id: r.subtransactions.length > 0 ? null : r.category_id,
    cleared: r.cleared,
    approved: r.approved,
    flag_color: r.flag_color,
    ...(r.subtransactions.length > 0 ? { subtransactions: r.subtransactions } : {}),
  }));
