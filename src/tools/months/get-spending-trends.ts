/** `get_spending_trends`: spending per category, month by month, over the last N months YNAB lists. */
import { z } from 'zod';
import { spendingTrends, trendMonths } from '../../domain/months/month-trends.js';
import { defineReadTool } from '../shared/define-tool.js';
import { firstMonthOf, monthSeries, monthsAsked, monthsAskedFields } from '../shared/month-series.js';
import { listLimit, planId, units, userText } from '../shared/schemas.js';

const SERIES = monthSeries(3, 'Months up to this one');

export const getSpendingTrends = defineReadTool({
  name: 'get_spending_trends',
  chart: 'spending',
  title: 'Spending trends',
  description: [
    'Spending per category (positive) each recent month, oldest first; biggest first.',
    'Costs 1 YNAB request, +1 a month (4 by default; 1 repeated).',
  ].join(' '),
  input: () =>
    z.strictObject({
      plan_id: planId,
      ...SERIES.params(),
      limit: listLimit('Categories, most spent first.', 20),
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('What is covered and what was left out, for the agent to relay.'),
      ...monthsAskedFields(),
      months: z
        .array(
          z.strictObject({
            month: z.string().describe('The month, YYYY-MM-01.'),
            partial: z.boolean().describe("True for today's month: its amounts are totals to today."),
            spent: units('Spent that month over every category, those not listed included (positive)'),
          }),
        )
        .describe('The months, oldest first; amounts are totals of each month.'),
      categories: z
        .array(
          z.strictObject({
            name: userText('The category name'),
            amounts: z
              .array(z.number().nullable())
              .describe(
                'Spent each month, in the order of months, positive, in currency units; null where the month lacks the category.',
              ),
            total: units('Spent over the months'),
            average: z
              .number()
              .nullable()
              .describe(
                'Spent per complete month, the partial month not counted, in currency units; null without a complete month.',
              ),
          }),
        )
        .describe('The limit categories that spent most over the months, most first.'),
      categories_count: z.number().int().describe('How many categories there are in all, listed or not.'),
      left_out_spent: units('Spent by the categories not listed, over the months'),
    }),
  async run({ deps, money }, { plan_id, months_count, since, limit }) {
    const today = deps.clock.today();
    const count = SERIES.count({ months_count, since }, today);
    // one sync of the month list, then each month kept since the last change or read
    const { details } = await deps.ynab.months.series(plan_id, (list) => {
      SERIES.check(since, firstMonthOf(list), today);
      return trendMonths(list, count, today);
    });
    const out = spendingTrends(details, today, limit, money);
    return monthsAsked(out, out.months.length, count, 'YNAB holds no earlier month');
  },
});
