/** `get_monthly_summary`: a month at a glance (income, budgeted, spent, Ready to Assign, overspent). */
import { z } from 'zod';
import { summarizeMonth } from '../../domain/months/month-summary.js';
import { defineReadTool } from '../shared/define-tool.js';
import { monthToSend } from '../shared/check-month.js';
import { MONTH_READ_TAIL, monthReadInput, categoryId, name, group, balance } from './month-read-schemas.js';
export const getMonthlySummary = defineReadTool({
  name: 'get_monthly_summary',
  title: 'Month summary',
  description: [
    'A month at a glance: income, budgeted, spent, Ready to Assign, overspent categories.',
    MONTH_READ_TAIL,
  ].join(' '),
  input: monthReadInput,
  output: () =>
    z.strictObject({
      month: z.string().describe("The month as YNAB names it, YYYY-MM-01 ('current' resolved)."),
      income: z.number().describe('Income of the month (money into Ready to Assign), in currency units.'),
      budgeted: z.number().describe('Assigned to categories this month, in currency units.'),
      activity: z
        .number()
        .describe('Activity of the month over the categories, in currency units (spending negative).'),
      ready_to_assign: z
        .number()
        .describe(
          'Ready to Assign: money not yet given a job, in currency units (negative when over-assigned).',
        ),
      age_of_money: z
        .number()
        .nullable()
        .describe("YNAB's Age of Money in days, or null when YNAB gives none yet."),
      overspent: z
        .array(
          z.strictObject({ category_id: categoryId(), name: name(), group: group(), balance: balance() }),
        )
        .describe("The categories whose available balance is below zero, in YNAB's order."),
    }),
  async run({ deps }, { plan_id, month }) {
    const detail = await deps.ynab.months.get(plan_id, monthToSend(month, deps.clock.today()));
    return summarizeMonth(detail);
  },
});
