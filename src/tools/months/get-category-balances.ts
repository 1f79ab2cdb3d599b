/** `get_category_balances`: budgeted, activity and balance per category for a month. */
import { z } from 'zod';
import { categoryBalances } from '../../domain/months/month-summary.js';
import { defineReadTool } from '../seam/define-tool.js';
import { monthToSend } from '../seam/check-month.js';
import { wrapped } from '../seam/schemas.js';
import {
  MONTH_READ_TAIL,
  monthInput,
  categoryId,
  name,
  group,
  budgeted,
  balance,
} from './month-read-schemas.js';
import { targetSchema } from './target-schema.js';

export const getCategoryBalances = defineReadTool({
  name: 'get_category_balances',
  title: 'Category balances for a month',
  description: [
    'Budgeted, spent (activity) and available (balance) per category for a month.',
    "Use it for 'how much is left in Groceries?', to find a category_id, or before moving money between categories.",
    'Each category carries its target (kind, amount, date or cadence, what YNAB wants this month), funded or not: read it back after set_category_target.',
    "Categories with nothing budgeted, spent or available and no target are left out unless include_empty; hidden, deleted and YNAB's internal categories always are.",
    'Amounts in currency units, spending negative. For the month as a whole use get_monthly_summary; for spending over several months, get_spending_trends.',
    MONTH_READ_TAIL,
  ].join(' '),
  input: monthInput.extend({
    include_empty: z
      .boolean()
      .default(false)
      .describe('Also list the categories with nothing budgeted, spent or available (default false).'),
  }),
  output: wrapped(
    z
      .array(
        z.strictObject({
          category_id: categoryId,
          name,
          group,
          budgeted,
          activity: z
            .number()
            .describe('Spent (or received) this month, in currency units: spending negative.'),
          balance,
          target: targetSchema,
        }),
      )
      .describe("The categories, in YNAB's order."),
  ),
  async run({ deps }, { plan_id, month, include_empty }) {
    const detail = await deps.ynab.months.get(plan_id, monthToSend(month, deps.clock.today()));
    return { result: categoryBalances(detail, include_empty) };
  },
});
