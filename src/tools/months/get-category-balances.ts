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
    'Budgeted, activity, balance and target per category for a month (empty ones only with include_empty): what is left, a category_id, a target read back.',
    MONTH_READ_TAIL,
  ].join(' '),
  input: monthInput.extend({
    include_empty: z
      .boolean()
      .default(false)
      .describe('Also categories with nothing budgeted, spent or available.'),
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
