/** Schema pieces and texts the tools of transaction-writes.ts shared. */
import { z } from 'zod';
import { FLAG_COLORS } from '../../domain/transactions/flags.js';
/** The YNAB text rule (write-tools.md §1.2): no NUL, at most `max` characters. */
export const NUL_MESSAGE = 'contains a NUL character (U+0000), which YNAB refuses: remove it';
export const ynabText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'), { message: NUL_MESSAGE });

export const color = z.enum(FLAG_COLORS).nullable();
