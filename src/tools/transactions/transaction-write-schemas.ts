/** Schema pieces and texts shared by `create_transactions`, `flag_transactions` and `split_transaction`. */
import { z } from 'zod';
import { FLAG_COLORS } from '../../domain/transactions/flags.js';
/** The YNAB text rule: no NUL (YNAB answers 400 to one), at most `max` characters. */
export const NUL_MESSAGE = 'contains a NUL character (U+0000), which YNAB refuses: remove it';
export const ynabText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'), { message: NUL_MESSAGE });

export const color = () => z.enum(FLAG_COLORS).nullable();
