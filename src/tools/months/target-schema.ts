/** The `target` object of a category row: what a target is, in fields an assistant can read back. */
import { z } from 'zod';

export const NEEDED_THIS_MONTH =
  'What YNAB says the category still needs this month to stay on track (its Underfunded figure), in currency units; 0 when funded. For a monthly target it is due by the end of this month.';
export const LEFT_OVER_LIFE =
  'What the target still needs over its whole life (this month and the months after, up to its date or the end of its period), in currency units.';

export const targetSchema = () =>
  z
    .strictObject({
      kind: z
        .enum(['monthly_funding', 'target_balance', 'target_balance_by_date', 'debt_payment', 'spending'])
        .nullable()
        .describe(
          "monthly_funding (assign an amount each month), target_balance (reach a balance), target_balance_by_date, debt_payment, spending (YNAB's 'needed for spending', monthly, weekly, yearly or by a date); null for a kind this server does not know.",
        ),
      description: z
        .string()
        .describe("The target in words, e.g. '450.00 each month' or '250.00 by 2026-10-01'."),
      amount: z.number().nullable().describe('The target amount, in currency units, or null.'),
      date: z.string().nullable().describe("The target's date, YYYY-MM-DD, or null when it has none."),
      cadence: z
        .enum(['monthly', 'weekly', 'yearly'])
        .nullable()
        .describe('How often a spending target repeats, or null (a dated target, or not a spending target).'),
      every: z
        .number()
        .nullable()
        .describe(
          'Every how many cadence periods it repeats (1: every month, 2: every other month…), or null.',
        ),
      needed_this_month: z.number().describe(NEEDED_THIS_MONTH),
      left: z.number().describe(LEFT_OVER_LIFE),
      percent_complete: z
        .number()
        .nullable()
        .describe("How much of the target is funded, in percent (YNAB's figure), or null."),
      snoozed: z.boolean().describe('True when the target is snoozed in YNAB for this month.'),
    })
    .nullable()
    .describe("The category's target, or null when it has none.");
