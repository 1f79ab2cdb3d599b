/** Schema pieces and texts the tools of transaction-writes.ts shared. */
import { z } from 'zod';
import { FLAG_COLORS } from '../../domain/transactions/flags.js';
import { untrusted } from '../seam/schemas.js';
import { confirmationField, messageField, operationIdField, statusField } from '../seam/write-schemas.js';
/** The YNAB text rule (write-tools.md §1.2): no NUL, at most `max` characters. */
export const NUL_MESSAGE = 'contains a NUL character (U+0000), which YNAB refuses: remove it';
export const ynabText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'), { message: NUL_MESSAGE });

export const color = z.enum(FLAG_COLORS).nullable();

export const flagResult = z.strictObject({
  status: statusField,
  message: messageField,
  changes: z
    .array(
      z.strictObject({
        transaction_id: z.string().describe('The transaction id.'),
        date: z.string().describe('The transaction date, YYYY-MM-DD.'),
        payee: untrusted('The payee'),
        amount: z.number().describe('The amount in currency units, negative for money out.'),
        from_color: color.describe('The flag before the change, or null for none.'),
        to_color: color.describe('The flag after the change, or null for none.'),
      }),
    )
    .describe('The flags that change, one per transaction, in the order given.'),
  unchanged_count: z.number().int().describe('Flags already as asked (skipped).'),
  confirmation: confirmationField,
  operation_id: operationIdField,
});
export type FlagResult = z.infer<typeof flagResult>;
