/** `get_budget_vs_actual`: the share of each category's budget spent in a month. */
import { z } from 'zod';
import { budgetVsActual } from '../../domain/months/month-summary.js';
import { defineReadTool } from '../shared/define-tool.js';
import { monthToSend } from '../shared/check-month.js';
import { units } from '../shared/schemas.js';
import { categoryPage, leftOutField, nextCursorField, offsetOf } from '../shared/paging.js';
import { withViewData } from '../shared/view-data.js';
import {
  MONTH_READ_TAIL,
  pagedMonthInput,
  categoryId,
  name,
  group,
  budgeted,
  balance,
} from './month-read-schemas.js';

export const getBudgetVsActual = defineReadTool({
  name: 'get_budget_vs_actual',
  chart: 'budget_vs_actual',
  title: 'Budget vs actual',
  description: [
    "Share of each category's budget spent in a month (utilization_pct > 100: overspent), paged.",
    MONTH_READ_TAIL,
  ].join(' '),
  input: pagedMonthInput,
  output: () =>
    z.strictObject({
      result: z
        .array(
          z.strictObject({
            id: categoryId(),
            name: name(),
            group: group(),
            budgeted: budgeted(),
            actual: z
              .number()
              .describe(
                'Spent this month as a positive number, in currency units (the activity without its sign).',
              ),
            balance: balance(),
            utilization_pct: z
              .number()
              .describe(
                'actual ÷ budgeted × 100, one decimal; 0.0 when nothing is budgeted; above 100 = overspent.',
              ),
          }),
        )
        .describe("The visible categories of this page, in YNAB's order."),
      count: z.number().int().describe('Categories listed over all pages.'),
      totals: z
        .strictObject({
          budgeted: units('Sum of budgeted'),
          actual: units('Sum of actual'),
          balance: units('Sum of balance'),
        })
        .describe('Over all pages, not only this one.'),
      next_cursor: nextCursorField,
      omitted: leftOutField,
    }),
  async run({ deps }, { plan_id, month, include_empty, limit, cursor }) {
    const offset = offsetOf(cursor);
    const detail = await deps.ynab.months.get(plan_id, monthToSend(month, deps.clock.today()));
    const every = budgetVsActual(detail);
    const rows = include_empty
      ? every
      : every.filter((r) => r.budgeted !== 0 || r.actual !== 0 || r.balance !== 0);
    const output = categoryPage(rows, ['budgeted', 'actual', 'balance'], {
      limit,
      offset,
      empty: every.length - rows.length,
    });
    // the chart picks the largest categories of them all, not of this page
    return withViewData(output, { rows, month: detail.month });
  },
});
