/**
 * The kinds of operation the journal records, and the exact shape of each kind's `details`. The
 * writers (through `recordOperation`) and the undo handlers use these same schemas, so a field
 * written is a field undo can read, and a kind without an undo handler does not compile
 * (`safety/undo/handlers.ts`). Amounts here are milliunits. Memos and payee names are stored only
 * where the undo must write them back: a renamed payee's names, the fields update_transactions
 * changed, and the transactions delete_transactions removed (undo recreates them whole).
 */
import { z } from 'zod';
import { EDIT_FIELDS } from '../domain/transactions/edit-transactions.js';
import { FLAG_COLORS } from '../domain/transactions/flags.js';
import { FREQUENCIES } from '../domain/transactions/scheduled-writes.js';
import { ruleSchema } from './rules-book.js';

const id = z.string();
const milli = z.number().int();
const budgetChange = z.strictObject({ category_id: id, from: milli, to: milli });
const flagColor = z.enum(FLAG_COLORS).nullable();
const scalar = z.union([z.string(), z.number(), z.boolean()]).nullable();
/** A scheduled transaction whole, as YNAB's update takes it (`date` is the next date). */
const scheduledBody = z.strictObject({
  account_id: id,
  date: z.string(),
  amount: milli,
  payee_id: id.nullable(),
  category_id: id.nullable(),
  memo: z.string().nullable(),
  flag_color: flagColor,
  frequency: z.enum(FREQUENCIES),
});
/**
 * A transaction as a write of this server left it (a side of a transfer, a created transaction): the
 * fields a user can change, the memo as a digest only.
 */
const transactionState = z.strictObject({
  transaction_id: id,
  account_id: id,
  date: z.string(),
  amount: milli,
  payee_id: id.nullable(),
  category_id: id.nullable(),
  memo_digest: z.string(),
  cleared: z.string(),
  approved: z.boolean(),
  flag_color: flagColor,
});
const deletedLine = z.strictObject({
  amount: milli,
  payee_id: id.nullable(),
  category_id: id.nullable(),
  memo: z.string().nullable(),
});
const deletedTransaction = z.strictObject({
  transaction_id: id,
  account_id: id,
  date: z.string(),
  amount: milli,
  payee_id: id.nullable(),
  payee_name: z.string().nullable(),
  category_id: id.nullable(),
  memo: z.string().nullable(),
  cleared: z.enum(['cleared', 'uncleared']),
  approved: z.boolean(),
  flag_color: flagColor,
  transfer_account_id: id.nullable(),
  subtransactions: z.array(deletedLine),
});

export const KIND_DETAILS = {
  /** apply_categories: the per-transaction changes live in the entry's `moves`. */
  categorize: z.object({}),
  /** set_category_budget: one category's budgeted amount in one month. */
  budget: z.strictObject({ month: z.string(), category_id: id, from: milli, to: milli }),
  /** move_money: the source, then the target, in the order they were written. */
  move: z.strictObject({ month: z.string(), changes: z.tuple([budgetChange, budgetChange]) }),
  /**
   * set_category_target: the fields that restore the previous target, the target set and (since the
   * undo names it) the previous one, in words.
   */
  target: z.strictObject({
    category_id: id,
    undo: z.strictObject({
      goal_target: z.number().nullable(),
      goal_target_date: z.string().nullable().optional(),
      goal_frequency: z.enum(['monthly', 'weekly', 'yearly']).optional(),
      goal_needs_whole_amount: z.boolean().nullable().optional(),
    }),
    after: z.string(),
    before: z.string().optional(),
  }),
  /**
   * create_transactions (and a reconciliation's adjustment): the ids YNAB gave the new transactions
   * and, since they were recorded, each one as YNAB showed it, which undo compares before deleting
   * it. An id without a state (an entry older than the states, or one YNAB named without showing it)
   * is checked only on being there.
   */
  create: z.strictObject({ transaction_ids: z.array(id), states: z.array(transactionState).optional() }),
  /** flag_transactions: each transaction's colour before and after. */
  flag: z.strictObject({
    changes: z.array(z.strictObject({ transaction_id: id, from: flagColor, to: flagColor })),
  }),
  /** update_transactions: each changed field of each transaction, before and after. */
  edit: z.strictObject({
    changes: z.array(
      z.strictObject({
        transaction_id: id,
        fields: z.array(z.strictObject({ field: z.enum(EDIT_FIELDS), from: scalar, to: scalar })),
      }),
    ),
  }),
  /** delete_transactions: every deleted transaction whole (a transfer by the side deleted). */
  delete: z.strictObject({ transactions: z.array(deletedTransaction) }),
  /**
   * create_transfer: the side sent (created on the source or budget account) and, since they were
   * recorded, both sides whole (the one sent first), which undo compares before deleting them. An
   * entry without `sides` is checked on the sent side's date, amount and account only, and says so.
   */
  transfer: z.strictObject({
    transaction_id: id,
    account_id: id,
    date: z.string(),
    amount: milli,
    sides: z.tuple([transactionState, transactionState]).optional(),
  }),
  /** create_scheduled_transaction: the new schedule as YNAB stored it. */
  schedule_create: z.strictObject({ scheduled_transaction_id: id, body: scheduledBody }),
  /** update_scheduled_transaction: the whole schedule before and after. */
  schedule_update: z.strictObject({
    scheduled_transaction_id: id,
    before: scheduledBody,
    after: scheduledBody,
  }),
  /** delete_scheduled_transaction: the deleted schedule whole, for undo to recreate it. */
  schedule_delete: z.strictObject({ scheduled_transaction_id: id, body: scheduledBody }),
  /** reconcile_account: what was marked reconciled, and the balance adjustment created, if any. */
  reconcile: z.strictObject({ account_id: id, reconciled_ids: z.array(id), adjustment_id: id.nullable() }),
  /**
   * apply_statement: what one statement's fixes changed on one account, undone together: the
   * transactions created (with each one as YNAB showed it, as for `create`), the duplicates deleted
   * (whole, for undo to recreate them), and each field set (amount, date, cleared status, the
   * reconciled flag included) before and after.
   */
  statement: z.strictObject({
    account_id: id,
    created: z.strictObject({ transaction_ids: z.array(id), states: z.array(transactionState) }),
    deleted: z.array(deletedTransaction),
    /**
     * Left by an undo that stopped while recreating the duplicates: the server knowledge before it
     * sent them, so that the next undo finds those that came back late rather than make them twice.
     */
    recreated_since: z.number().int().optional(),
    edits: z.array(
      z.strictObject({
        transaction_id: id,
        fields: z.array(
          z.strictObject({ field: z.enum(['amount', 'date', 'cleared']), from: scalar, to: scalar }),
        ),
      }),
    ),
  }),
  /** rename_payee: the payee and its names before and after. */
  payee: z.strictObject({ payee_id: id, from: z.string(), to: z.string() }),
  /**
   * set_rule and delete_rule: the household rule added or removed, whole (its words too: the undo
   * puts a removed rule back as it was). Kept by this server, not in YNAB.
   */
  rule: z.union([
    z.strictObject({ added: ruleSchema, removed: z.null() }),
    z.strictObject({ added: z.null(), removed: ruleSchema }),
  ]),
} as const;

export type Kind = keyof typeof KIND_DETAILS;
export type KindDetails<K extends Kind> = z.infer<(typeof KIND_DETAILS)[K]>;
export const KINDS = Object.keys(KIND_DETAILS) as Kind[];

export const isKind = (kind: string): kind is Kind => Object.hasOwn(KIND_DETAILS, kind);

/** The details of an entry as its kind's schema reads them, or null when they do not match it. */
export function detailsOf<K extends Kind>(kind: K, details: unknown): KindDetails<K> | null {
  const parsed = KIND_DETAILS[kind].safeParse(details);
  return parsed.success ? (parsed.data as KindDetails<K>) : null;
}
