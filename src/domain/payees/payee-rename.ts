/**
 * `rename_payee`'s checks and texts: the validation in its order, the question, and the undo's state
 * check.
 */
import { AppError } from '../errors.js';
import type { YnabPayee, YnabTransaction } from '../model.js';
import { casefold, clean, decodeEntities, nameKey, oneLineError, quote } from '../text.js';

/** YNAB refuses a longer payee name; checked by the tool, not the schema, so that its own message fires. */
export const MAX_PAYEE_NAME = 500;

export const ALREADY_CALLED_THAT = 'Nothing to change: the payee is already called that.';
export const PAYEE_RENAMED_SINCE = 'The payee was renamed since: left alone.';
export const PAYEE_NAME_BACK = "The payee's previous name is back.";

export const renamedMessage = (operationId: string): string =>
  `Renamed. undo_operation with operation_id ${operationId} puts the old name back.`;

export interface PlannedRename {
  payee: YnabPayee;
  /** The new name, trimmed: what is sent to YNAB. */
  name: string;
  /** The trimmed name is exactly the current one (a case-only change is a change). */
  unchanged: boolean;
}

/** The first failing check, in a fixed order, as an AppError; else the planned rename. */
export function planRename(payees: readonly YnabPayee[], payeeId: string, given: string): PlannedRename {
  const live = payees.filter((p) => !p.deleted);
  const found = live.find((p) => p.id === payeeId);
  if (found?.transfer_account_id) {
    throw new AppError(
      `Payee ${payeeId} is a transfer's: YNAB names it after the account the money moves to. Rename the account in YNAB itself.`,
    );
  }
  if (found === undefined) {
    throw new AppError(`Payee ${payeeId} is not in this plan: use a payee_id from list_payees.`);
  }
  const name = given.trim();
  if (name === '') throw new AppError("The new name is empty: give the merchant's name.");
  const length = Array.from(name).length;
  if (length > MAX_PAYEE_NAME) {
    throw new AppError(`The new name is ${length} characters: YNAB refuses a payee name longer than 500.`);
  }
  const notOneLine = oneLineError(name);
  if (notOneLine !== null) throw new AppError(notOneLine);
  const key = casefold(name);
  if (live.some((p) => p.id !== payeeId && nameKey(p.name) === key)) {
    throw new AppError(
      `${quote(name)} is already the name of another payee: YNAB's API cannot merge two payees. Merge them in YNAB, or choose another name.`,
    );
  }
  return { payee: found, name, unchanged: name === decodeEntities(found.name) };
}

/** Live transactions naming the payee. */
export const transactionsNaming = (transactions: readonly YnabTransaction[], payeeId: string): number =>
  transactions.filter((t) => !t.deleted && t.payee_id === payeeId).length;

/** The question, names sanitised. */
export const renameQuestion = (from: string, to: string, count: number): string =>
  `Rename payee '${clean(from)}' to '${clean(to)}'? ${count} transaction(s) name it.`;

/** The journal `details` of a payee rename: names as in YNAB, not sanitised. */
export interface PayeeDetails {
  payee_id: string;
  from: string;
  to: string;
}

/** The undo can go ahead: the payee still exists and still has the name the rename gave it. */
export const payeeStillRenamed = (details: PayeeDetails, payees: readonly YnabPayee[]): boolean =>
  payees.some((p) => !p.deleted && p.id === details.payee_id && p.name === details.to);

/** `Undo: name the payee {from:q} again?` (the old name sanitised, then quoted). */
export const payeeUndoQuestion = (from: string): string =>
  `Undo: name the payee ${quote(clean(from))} again?`;
