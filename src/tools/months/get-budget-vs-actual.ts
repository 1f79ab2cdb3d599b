/** `get_budget_vs_actual`: the share of each category's budget spent in a month. */
import { z } from 'zod';
import { budgetVsActual } from '../../domain/months/month-summary.js';
import { defineReadTool } from '../seam/define-tool.js';
import { monthToSend } from '../seam/check-month.js';
import { wrapped } from '../seam/schemas.js';
import { MONTH_READ_TAIL, monthInput, name, group, budgeted, balance } from './month-read-schemas.js';
export const getBudgetVsActual = defineReadTool({
  name: 'get_budget_vs_actual',
  title: 'Budget vs actual',
  description: [
    "Share of each category's budget spent in a month (utilization_pct over 100: overspent; actual positive).",
    MONTH_READ_TAIL,
  ].join(' '),
  input: monthInput,
  output: wrapped(
    z
      .array(
        z.strictObject({
          id: z.string().describe('The category id, for the category_id other tools take.'),
          name,
          group,
          budgeted,
          actual: z
            .number()
            .describe(
              'Spent this month as a positive number, in currency units (the activity without its sign).',
            ),
          balance,
          utilization_pct: z
            .number()
            .describe(
              'actual ÷ budgeted × 100, one decimal; 0.0 when nothing is budgeted; above 100 = overspent.',
            ),
        }),
      )
      .describe("Every visible category of the month, in YNAB's order."),
  ),
  async run({ deps }, { plan_id, month }) {
    const detail = await deps.ynab.months.get(plan_id, monthToSend(month, deps.clock.today()));
    return { result: budgetVsActual(detail) };
  },
});
