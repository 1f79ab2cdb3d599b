/**
 * What is kept of a plan's household rules, and the one small interface that keeps it: a JSON file in
 * the state folder for a single owner (rules-file.ts), each person's rows on the store in hosted mode
 * (hosted/store-rules.ts). Both read through the same schema, so a book one wrote the other reads.
 */
import { z } from 'zod';
import type { Rule } from '../domain/rules/rule.js';
import { FLAG_COLORS } from '../domain/transactions/flags.js';

const milli = z.number().int().nullable();

export const ruleSchema = z.strictObject({
  number: z.number().int().positive(),
  said: z.string(),
  condition: z.strictObject({
    merchant: z.string().nullable(),
    amount: z.strictObject({ min: milli, max: milli, signed: z.boolean() }).nullable(),
    account_id: z.string().nullable(),
    memo_words: z.array(z.string()),
  }),
  action: z.strictObject({
    category_id: z.string().nullable(),
    payee_name: z.string().nullable(),
    flag_color: z.enum(FLAG_COLORS).nullable(),
    note: z.string().nullable(),
  }),
  created_at: z.string(),
});

/**
 * A category set by apply_categories that differs from the one suggested, counted per merchant and
 * direction, so that the second time the answer can propose a rule.
 */
const correctionSchema = z.strictObject({
  merchant: z.string(),
  outflow: z.boolean(),
  category_id: z.string(),
  count: z.number().int().positive(),
});

export const bookSchema = z.strictObject({
  /** The highest number ever given: numbers are never reused, even after a delete. */
  highest: z.number().int().nonnegative(),
  rules: z.array(ruleSchema),
  corrections: z.array(correctionSchema),
});

export type RuleBook = z.infer<typeof bookSchema>;
export type Correction = z.infer<typeof correctionSchema>;

export const emptyBook = (): RuleBook => ({ highest: 0, rules: [], corrections: [] });

/** The rules as the domain takes them (the schema's shape is the domain's). */
export const rulesOf = (book: RuleBook): Rule[] => book.rules;

export interface RulesStore {
  /** A plan's book (empty when it has none yet). */
  read(plan: string): Promise<RuleBook>;
  /**
   * Changes a plan's book as one step: `edit` gets the book as stored and returns the new one and a
   * result; no other change to the same plan's book runs in between.
   */
  change<T>(plan: string, edit: (book: RuleBook) => { book: RuleBook; result: T }): Promise<T>;
}
