/**
 * Planning `update_transactions` and the undo of an `edit` operation: each field that changes with
 * its value before and after, the question (every transaction, every field `before → after`), the one
 * bulk PATCH, and the journal's record of each field, from which undo puts back only the fields still
 * as the operation left them. Pure.
 */
import { type MoneyText, toMilli, toUnits } from '../money.js';
import type { TransactionPatch, YnabTransaction } from '../model.js';
import { clean, cleanFull, compareCodePoints } from '../text.js';
import {
  checkEditable,
  editCategoryName,
  editedTransaction,
  editPayee,
  type EditContext,
  type EditRequest,
} from './edit-checks.js';
import { currentFlag } from './flags.js';

export const EDIT_FIELDS = [
  'date',
  'amount',
  'payee',
  'memo',
  'category',
  'cleared',
  'approved',
  'flag_color',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type Scalar = string | number | boolean | null;

/**
 * One field as the journal keeps it: ids and milliunits. A payee is kept as its id before and its
 * name after (a payee named anew has no id until YNAB creates it); a category by its ids.
 */
export interface FieldMove {
  field: EditField;
  from: Scalar;
  to: Scalar;
}
export interface EditMove {
  transaction_id: string;
  fields: FieldMove[];
}

/** One field as the user sees it: names, currency units. */
export interface FieldView {
  field: EditField;
  from: Scalar;
  to: Scalar;
}
export interface EditChange {
  transaction_id: string;
  date: string;
  payee: string;
  amount: number;
  account: string;
  fields: FieldView[];
}

export interface EditPlan {
  changes: EditChange[];
  moves: EditMove[];
  patches: TransactionPatch[];
  unchanged: number;
}

/** The value of a field as YNAB holds it now (the journal's units). */
export function currentValue(tx: YnabTransaction, field: EditField): Scalar {
  switch (field) {
    case 'date':
      return tx.date;
    case 'amount':
      return tx.amount;
    case 'payee':
      return tx.payee_name ?? null;
    case 'memo':
      return tx.memo === undefined || tx.memo === '' ? null : tx.memo;
    case 'category':
      return tx.category_id ?? null;
    case 'cleared':
      return tx.cleared;
    case 'approved':
      return tx.approved;
    case 'flag_color':
      return currentFlag(tx);
  }
}

/** The PATCH fields that set `field` to `value` (a payee by id, or by a new name). */
function patchOf(field: EditField, value: Scalar, payeeId?: string | null): Partial<TransactionPatch> {
  switch (field) {
    case 'payee':
      return payeeId !== undefined && payeeId !== null
        ? { payee_id: payeeId }
        : { payee_name: String(value) };
    case 'category':
      return { category_id: value as string | null };
    default:
      return { [field]: value };
  }
}

/** Checks every edit in order (the first failure refuses the call), then what changes. */
export function planEdits(edits: readonly EditRequest[], ctx: EditContext): EditPlan {
  const plan: EditPlan = { changes: [], moves: [], patches: [], unchanged: 0 };
  for (const e of edits) {
    const tx = editedTransaction(e, ctx);
    checkEditable(e, tx, ctx);
    const views: FieldView[] = [];
    const moves: FieldMove[] = [];
    let patch: TransactionPatch = { id: tx.id };
    const add = (field: EditField, to: Scalar, view: [Scalar, Scalar], payeeId?: string | null) => {
      const from = field === 'payee' ? (tx.payee_id ?? null) : currentValue(tx, field);
      if (currentValue(tx, field) === to) return;
      views.push({ field, from: view[0], to: view[1] });
      moves.push({ field, from, to });
      patch = { ...patch, ...patchOf(field, to, payeeId) };
    };
    if (e.date !== undefined) add('date', e.date, [tx.date, e.date]);
    if (e.amount !== undefined) add('amount', toMilli(e.amount), [toUnits(tx.amount), e.amount]);
    const payee = editPayee(e, ctx);
    if (payee !== undefined) add('payee', payee.name, [clean(tx.payee_name), clean(payee.name)], payee.id);
    if (e.memo !== undefined) {
      const memo = e.memo === '' ? null : e.memo;
      add('memo', memo, [nullableClean(tx.memo), nullableClean(memo)]);
    }
    if (e.category_id !== undefined) {
      const to = e.category_id === '' ? null : e.category_id;
      const name = editCategoryName(to, ctx);
      add('category', to, [tx.category_name ? clean(tx.category_name) : null, name]);
    }
    if (e.cleared !== undefined) add('cleared', e.cleared, [tx.cleared, e.cleared]);
    if (e.approved !== undefined) add('approved', e.approved, [tx.approved, e.approved]);
    if (e.flag_color !== undefined) add('flag_color', e.flag_color, [currentFlag(tx), e.flag_color]);
    if (views.length === 0) {
      plan.unchanged += 1;
      continue;
    }
    plan.changes.push({
      transaction_id: tx.id,
      date: tx.date,
      payee: clean(tx.payee_name),
      amount: toUnits(tx.amount),
      account: clean(ctx.accounts.get(tx.account_id)?.name ?? tx.account_name ?? tx.account_id),
      fields: views,
    });
    plan.moves.push({ transaction_id: tx.id, fields: moves });
    plan.patches.push(patch);
  }
  return plan;
}

const nullableClean = (text: string | null | undefined): string | null =>
  text === null || text === undefined || text === '' ? null : clean(text);

function shown(field: EditField, value: Scalar, money: MoneyText): string {
  if (value === null) return field === 'flag_color' ? 'none' : '(none)';
  // the amount is the only field whose value is a number
  if (typeof value === 'number') return money(toMilli(value));
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // a person confirms this line: the date as their plan writes it
  if (field === 'date') return money.date(cleanFull(String(value)));
  return cleanFull(String(value));
}

/** `Change {n} transaction(s)?`, then each transaction and, indented, each field `before → after`. */
export function editQuestion(changes: readonly EditChange[], money: MoneyText): string {
  const lines = [`Change ${changes.length} transaction(s)?`];
  for (const c of changes) {
    lines.push(`- ${money.date(c.date)} ${cleanFull(c.payee)} ${money(toMilli(c.amount))} (${c.account})`);
    for (const f of c.fields)
      lines.push(`  ${f.field}: ${shown(f.field, f.from, money)} → ${shown(f.field, f.to, money)}`);
  }
  return lines.join('\n');
}

/** The subject: the patches, in order. */
export const editSubject = (plan: EditPlan): { edits: TransactionPatch[] } => ({ edits: plan.patches });

/**
 * Undo of an `edit` operation: each field still as the operation left it goes back; a field changed
 * since is left alone and named (`tx-049 memo`), as is a transaction deleted since.
 */
export function planEditUndo(
  moves: readonly EditMove[],
  transactions: readonly YnabTransaction[],
): { patches: TransactionPatch[]; conflicts: string[]; fields: number } {
  const byId = new Map(transactions.filter((t) => !t.deleted).map((t) => [t.id, t]));
  const patches: TransactionPatch[] = [];
  const conflicts: string[] = [];
  let fields = 0;
  for (const m of moves) {
    const tx = byId.get(m.transaction_id);
    if (tx === undefined) {
      conflicts.push(m.transaction_id);
      continue;
    }
    let patch: TransactionPatch = { id: tx.id };
    for (const f of m.fields) {
      if (currentValue(tx, f.field) !== f.to) {
        conflicts.push(`${tx.id} ${f.field}`);
        continue;
      }
      fields += 1;
      patch = {
        ...patch,
        ...(f.field === 'payee' ? { payee_id: f.from as string | null } : patchOf(f.field, f.from)),
      };
    }
    if (Object.keys(patch).length > 1) patches.push(patch);
  }
  return { patches, conflicts, fields };
}

/** The transactions an undo restores, sorted (the undo's subject). */
export const editUndoIds = (patches: readonly TransactionPatch[]): string[] =>
  patches.map((p) => p.id).sort(compareCodePoints);
