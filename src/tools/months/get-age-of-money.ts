/** `get_age_of_money`: YNAB's own Age of Money, month by month. */
import { z } from 'zod';
import { ageOfMoney } from '../../domain/months/age-of-money.js';
import { defineReadTool } from '../shared/define-tool.js';
import {
  firstMonthOf,
  monthEndFields,
  monthSeries,
  monthsAsked,
  monthsAskedFields,
} from '../shared/month-series.js';

const SERIES = monthSeries(12, 'Months up to this one');

export const getAgeOfMoney = defineReadTool({
  name: 'get_age_of_money',
  title: 'Age of Money month by month',
  description: [
    "YNAB's Age of Money (days money waits to be spent), by month.",
    'Costs 1 YNAB request.',
  ].join(' '),
  rules: "30 days or more is a month's buffer.",
  input: SERIES.input,
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion in one sentence or two, for the agent to relay.'),
      ...monthsAskedFields(),
      days: z.number().nullable().describe('The latest Age of Money YNAB gives, in days, or null if none.'),
      as_of: z.string().nullable().describe('The month of that figure, YYYY-MM, or null.'),
      months: z
        .array(
          z.strictObject({
            month: z.string().describe('The month, YYYY-MM.'),
            ...monthEndFields,
            days: z
              .number()
              .nullable()
              .describe('Age of Money at that month, in days, or null when YNAB gives none.'),
            change: z
              .number()
              .nullable()
              .describe(
                'Days gained (or lost, negative) since the month before, or null when either is unknown.',
              ),
          }),
        )
        .describe('The months, oldest first.'),
      change: z
        .number()
        .nullable()
        .describe(
          'The latest figure minus the first known one, in days, or null with fewer than two figures.',
        ),
      trend: z
        .enum(['up', 'down', 'steady'])
        .nullable()
        .describe('up, down or steady over the months shown, or null with fewer than two figures.'),
      notes: z.array(z.string()).describe('What the figures assume, to tell the user.'),
    }),
  async run({ deps, money }, { plan_id, months_count, since }) {
    const today = deps.clock.today();
    const count = SERIES.count({ months_count, since }, today);
    const months = await deps.ynab.months.list(plan_id);
    SERIES.check(since, firstMonthOf(months), today);
    const out = ageOfMoney(months, today, count, money);
    return monthsAsked(out, out.months.length, count, 'YNAB holds no earlier month');
  },
});
