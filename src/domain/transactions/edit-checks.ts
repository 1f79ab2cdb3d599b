/**
 * The checks of `update_transactions`, one transaction at a time: what YNAB's API cannot change (the
 * lines of a split, a transfer's date, amount or accounts), what would break a reconciliation, and
 * the values themselves (a category of the plan, a payee that is not a transfer, a date YNAB takes).
 * Each refusal says what to do instead. Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { AppError } from '../errors.js';
import type { YnabAccount, YnabPayee, YnabTransaction } from '../model.js';
import { clean, oneLineError } from '../text.js';
import { checkCategory } from './create-transactions.js';
import { checkTransactionDate } from './date-bounds.js';
import type { FlagColor } from './flags.js';

/** One transaction's requested changes, as the agent gives them; a field left out stays as it is. */
export interface EditRequest {
  transaction_id: string;
  date?: string | undefined;
  amount?: number | undefined;
  payee_id?: string | undefined;
  payee_name?: string | undefined;
  memo?: string | null | undefined;
  category_id?: string | null | undefined;
  cleared?: 'cleared' | 'uncleared' | undefined;
  approved?: boolean | undefined;
  flag_color?: FlagColor | null | undefined;
}

/** What the checks read from YNAB. */
export interface EditContext {
  transactions: ReadonlyMap<string, YnabTransaction>;
  accounts: ReadonlyMap<string, YnabAccount>;
  payees: readonly YnabPayee[];
  index: CategoryIndex;
  today: string;
}

/** The payee an edit names, resolved: an existing payee's id, or a new name YNAB will create. */
export type PayeeTarget = { id: string; name: string } | { id: null; name: string };

const TRANSFER_PREFIX = /^transfer\s*:/i;
export const isSplit = (tx: YnabTransaction): boolean => (tx.subtransactions ?? []).some((s) => !s.deleted);
const accountName = (ctx: EditContext, id: string): string => clean(ctx.accounts.get(id)?.name ?? id);

/** The checks that need no YNAB data: at least one transaction, each once, each with a change. */
export function checkEditRequests(edits: readonly EditRequest[]): void {
  if (edits.length === 0) throw new AppError('Give at least one transaction to change.');
  const seen = new Set<string>();
  for (const e of edits) {
    if (seen.has(e.transaction_id)) {
      throw new AppError(`Transaction ${e.transaction_id} is named twice: give all its changes in one item.`);
    }
    seen.add(e.transaction_id);
    const fields = Object.entries(e).filter(([k, v]) => k !== 'transaction_id' && v !== undefined);
    if (fields.length === 0) {
      throw new AppError(`Transaction ${e.transaction_id}: give at least one field to change.`);
    }
    if (e.payee_id !== undefined && e.payee_name !== undefined) {
      throw new AppError(`Transaction ${e.transaction_id}: give payee_id or payee_name, not both.`);
    }
  }
}

/** The transaction an edit names; refuses one not in the plan. */
export function editedTransaction(e: EditRequest, ctx: EditContext): YnabTransaction {
  const tx = ctx.transactions.get(e.transaction_id);
  if (tx === undefined) {
    throw new AppError(
      `Transaction ${e.transaction_id} is not in this plan: use a transaction_id from find_transactions.`,
    );
  }
  return tx;
}

/** Refuses what YNAB's API cannot do, or what would break a reconciliation. */
export function checkEditable(e: EditRequest, tx: YnabTransaction, ctx: EditContext): void {
  checkTransfer(e, tx, ctx);
  checkLinesAndReconciled(e, tx, ctx);
  const id = tx.id;
  if (e.date !== undefined) checkTransactionDate(e.date, ctx.today, { prefix: `Transaction ${id}: ` });
  if (
    e.category_id !== undefined &&
    e.category_id !== null &&
    ctx.accounts.get(tx.account_id)?.on_budget === false
  ) {
    throw new AppError(
      `Transaction ${id} is on the tracking account ${accountName(ctx, tx.account_id)}: tracking transactions take no category.`,
    );
  }
}

/** A transfer keeps its date, amount and payee; a category only where it crosses the budget's edge. */
function checkTransfer(e: EditRequest, tx: YnabTransaction, ctx: EditContext): void {
  if (!tx.transfer_account_id) return;
  const id = tx.id;
  const moves = e.date !== undefined || e.amount !== undefined;
  const other = accountName(ctx, tx.transfer_account_id);
  if (moves || e.payee_id !== undefined || e.payee_name !== undefined) {
    throw new AppError(
      `Transaction ${id} is one side of a transfer with ${other}: its date, amount and accounts belong to both linked sides, which YNAB's API does not change together. Delete it (delete_transactions removes both sides) and make it again with create_transfer.`,
    );
  }
  const crossesBudget =
    ctx.accounts.get(tx.account_id)?.on_budget !== ctx.accounts.get(tx.transfer_account_id)?.on_budget;
  if (e.category_id !== undefined && e.category_id !== null && !crossesBudget) {
    throw new AppError(
      `Transaction ${id} is a transfer between two ${ctx.accounts.get(tx.account_id)?.on_budget === false ? 'tracking' : 'budget'} accounts (with ${other}): such a transfer takes no category.`,
    );
  }
}

/** A split keeps its amount and category; a reconciled transaction its date, amount and cleared state. */
function checkLinesAndReconciled(e: EditRequest, tx: YnabTransaction, ctx: EditContext): void {
  const id = tx.id;
  const moves = e.date !== undefined || e.amount !== undefined;
  if (isSplit(tx) && (e.amount !== undefined || e.category_id !== undefined)) {
    throw new AppError(
      `Transaction ${id} is split: YNAB's API cannot change the lines of an existing split, so neither its amount nor its category. Change it in YNAB's app.`,
    );
  }
  if (tx.cleared === 'reconciled' && (moves || e.cleared !== undefined)) {
    throw new AppError(
      `Transaction ${id} is reconciled: changing its date, amount or cleared state would break the reconciled balance of ${accountName(ctx, tx.account_id)}. Leave those fields out.`,
    );
  }
}

/** The category's display name (null for none), refusing one that is not assignable. */
export function editCategoryName(categoryId: string | null, ctx: EditContext): string | null {
  return categoryId === null ? null : checkCategory(categoryId, ctx.index);
}

/** Resolves the payee an edit names: by id (never a transfer payee), or by exact name. */
export function editPayee(e: EditRequest, ctx: EditContext): PayeeTarget | undefined {
  const live = ctx.payees.filter((p) => !p.deleted);
  if (e.payee_id !== undefined) {
    const payee = live.find((p) => p.id === e.payee_id);
    if (payee === undefined) {
      throw new AppError(`Payee ${e.payee_id} is not in this plan: use a payee_id from list_payees.`);
    }
    if (payee.transfer_account_id) throw transferPayee(e.transaction_id);
    return { id: payee.id, name: payee.name };
  }
  if (e.payee_name === undefined) return undefined;
  const name = e.payee_name.trim();
  if (name === '') throw new AppError(`Transaction ${e.transaction_id}: the payee name is empty.`);
  const notOneLine = oneLineError(name);
  if (notOneLine !== null) throw new AppError(notOneLine);
  if (TRANSFER_PREFIX.test(name)) throw transferPayee(e.transaction_id);
  const existing = live.find((p) => p.name === name && !p.transfer_account_id);
  return existing === undefined ? { id: null, name } : { id: existing.id, name: existing.name };
}

const transferPayee = (id: string): AppError =>
  new AppError(
    `Transaction ${id}: a transfer cannot be made by changing the payee (YNAB would only create a payee of that name). Use create_transfer, and delete_transactions for this one if it was meant as the transfer.`,
  );
