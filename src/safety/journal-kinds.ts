/**
 * The kinds of operation the journal records, and the exact shape of each kind's `details`. The
 * writers (through `recordOperation`) and the undo handlers use these same schemas, so a field
 * written is a field undo can read, and a kind without an undo handler does not compile
 * (`safety/undo/handlers.ts`). Amounts here are milliunits; no memo or payee of a transaction is
 * stored, only the ids and what an undo needs (a renamed payee's names are the exception: they are
 * what the undo writes back).
 */
import { z } from 'zod';
import { FLAG_COLORS } from '../domain/transactions/flags.js';

const id = z.string();
const milli = z.number().int();
const budgetChange = z.strictObject({ category_id: id, from: milli, to: milli });
const flagColor = z.enum(FLAG_COLORS).nullable();

export const KIND_DETAILS = {
  /** apply_categories: the per-transaction changes live in the entry's `moves`. */
  categorize: z.object({}),
  /** set_category_budget: one category's budgeted amount in one month. */
  budget: z.strictObject({ month: z.string(), category_id: id, from: milli, to: milli }),
  /** move_money: the source, then the target, in the order they were written. */
  move: z.strictObject({ month: z.string(), changes: z.tuple([budgetChange, budgetChange]) }),
  /** set_category_target: the fields that restore the previous target, and the target set, in words. */
  target: z.strictObject({
    category_id: id,
    undo: z.strictObject({
      goal_target: z.number().nullable(),
      goal_target_date: z.string().nullable().optional(),
      goal_frequency: z.enum(['monthly', 'weekly', 'yearly']).optional(),
      goal_needs_whole_amount: z.boolean().nullable().optional(),
    }),
    after: z.string(),
  }),
  /** create_transactions: the ids YNAB gave the new transactions. */
  create: z.strictObject({ transaction_ids: z.array(id) }),
  /** flag_transactions: each transaction's colour before and after. */
  flag: z.strictObject({
    changes: z.array(z.strictObject({ transaction_id: id, from: flagColor, to: flagColor })),
  }),
  /** reconcile_account: what was marked reconciled, and the balance adjustment created, if any. */
  reconcile: z.strictObject({ account_id: id, reconciled_ids: z.array(id), adjustment_id: id.nullable() }),
  /** rename_payee: the payee and its names before and after. */
  payee: z.strictObject({ payee_id: id, from: z.string(), to: z.string() }),
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
