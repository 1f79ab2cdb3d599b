/** `get_savings_rate`: how much of the income was kept, month by month. */
import { z } from 'zod';
import { savingsRate } from '../../domain/analytics/savings.js';
import { defineReadTool } from '../shared/define-tool.js';
import { monthSeries, monthsAsked, monthsAskedFields } from '../shared/month-series.js';

const SERIES = monthSeries(6, 'Full months back', true);
/** Why a series holds fewer complete months than asked. */
const EARLIER = 'no earlier month holds budget transactions';

const rate = (of: string) =>
  z.number().nullable().describe(`Saved over income ${of}, in percent to one decimal; null without income.`);

export const getSavingsRate = defineReadTool({
  name: 'get_savings_rate',
  title: 'Savings rate month by month',
  description: [
    'Income, spending, saved and savings rate (%) over recent full months; a transfer to a tracking asset counts as saved.',
    'Costs 3 YNAB requests (4 with since).',
  ].join(' '),
  input: SERIES.input,
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion in one sentence or two, for the agent to relay.'),
      ...monthsAskedFields(),
      months: z
        .array(
          z.strictObject({
            month: z.string().describe('The month, YYYY-MM.'),
            income: z.number().describe('Income that month, in currency units.'),
            spending: z.number().describe('Spending that month less refunds, in currency units (negative).'),
            saved: z.number().describe('Income plus spending that month, in currency units.'),
            rate: rate('that month'),
          }),
        )
        .describe('One row per complete month measured, oldest first; the current month is never counted.'),
      income: z.number().describe('Income over the months, in currency units.'),
      spending: z.number().describe('Spending over the months, in currency units (negative).'),
      saved: z.number().describe('Income plus spending over the months, in currency units.'),
      rate: rate('over the months'),
      average_saved: z.number().describe('Saved per month on average, in currency units.'),
      best_month: z
        .string()
        .nullable()
        .describe('The month (YYYY-MM) with the highest rate; null without any rate.'),
      worst_month: z
        .string()
        .nullable()
        .describe('The month (YYYY-MM) with the lowest rate; null without any rate.'),
      moved_to_tracking: z
        .number()
        .describe(
          'Moved from the budget accounts to tracking assets (savings, investments) over the months, in currency units: saved, not spent.',
        ),
      notes: z.array(z.string()).describe('What the figures assume, to tell the user.'),
    }),
  async run({ deps, money }, { plan_id, months_count, since }) {
    const today = deps.clock.today();
    const count = SERIES.count({ months_count, since }, today);
    await SERIES.checkOf(deps, plan_id, since, today);
    const accounts = await deps.ynab.accounts.list(plan_id);
    const groups = await deps.ynab.categories.groups(plan_id);
    const transactions = await deps.ynab.transactions.list(plan_id);
    const out = savingsRate({ accounts, groups, transactions, today, monthsCount: count }, money);
    return monthsAsked(out, out.months.length, count, EARLIER);
  },
});
