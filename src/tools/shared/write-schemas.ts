/** Schema pieces the write tools share. */
import { z } from 'zod';
import { UNTRUSTED, untrusted } from './schemas.js';

/**
 * Listed without a description, like plan_id: every confirmed write takes it, the guide says it once,
 * and the preview's message says when to send it.
 */
export const confirmationParam = z.string().nullable().default(null);

/** The outcomes of a write that went ahead (docs/safety.md explains each for users). */
export const OUTCOMES = ['applied', 'partial', 'not_applied', 'unknown'] as const;
export const OUTCOMES_TEXT =
  'applied (YNAB holds the change), partial (only part of it: the message says which), not_applied (an answer was lost but YNAB was checked: nothing changed), unknown (an answer was lost and YNAB could not be checked: check before anything else, never repeat it)';

export const statusField = z
  .enum([...OUTCOMES, 'confirmation_required', 'declined', 'nothing_to_do'])
  .describe(
    `${OUTCOMES_TEXT}, confirmation_required (show the preview, then call again with the code), declined or nothing_to_do.`,
  );

export const messageField = z.string().describe('What happened, for the agent to relay.');
export const confirmationField = z
  .string()
  .nullable()
  .describe('The single-use confirmation code when status is confirmation_required, else null.');
export const operationIdField = z
  .string()
  .nullable()
  .describe('The id undo_operation takes to revert this change; null unless applied.');

export const changeItem = z.strictObject({
  transaction_id: z.string().describe('The transaction id.'),
  date: z.string().describe('The transaction date, YYYY-MM-DD.'),
  amount: z.number().describe('The amount in currency units, negative for money out.'),
  payee: untrusted('The payee'),
  from_category_id: z.string().nullable().describe('The category id before the change, or null for none.'),
  from_category: z
    .string()
    .nullable()
    .describe(`The category name before the change, or null for none. ${UNTRUSTED}`),
  to_category_id: z.string().nullable().describe('The category id after the change, or null for none.'),
  to_category: z
    .string()
    .nullable()
    .describe(`The category name after the change, or null for none. ${UNTRUSTED}`),
});

/** The own fields of the change-list result, shared by apply_categories and undo_operation. */
export const changeListFields = {
  changes: z.array(changeItem).describe('The changes, one per transaction.'),
  unchanged_count: z.number().int().describe('Assignments that would change nothing (skipped).'),
  conflicts: z.array(z.string()).describe('Ids left alone because they changed since (undo only).'),
};
