/** `list_plans`: every YNAB plan the token can read. */
import { z } from 'zod';
import { clean } from '../../domain/text.js';
import { defineReadTool } from '../shared/define-tool.js';
import { userText, wrapped } from '../shared/schemas.js';
import { planCurrency } from '../../domain/plans/currency.js';

const plan = () =>
  z.strictObject({
    id: z.string().describe('The plan id to pass as plan_id to the other tools.'),
    name: userText('The plan name as the user sees it in YNAB'),
    first_month: z
      .string()
      .nullable()
      .describe('First month of the plan as YYYY-MM-01, or null for an empty plan.'),
    last_month: z
      .string()
      .nullable()
      .describe('Last month of the plan as YYYY-MM-01, or null for an empty plan.'),
    currency: z
      .strictObject({
        iso_code: z.string().describe("The ISO 4217 code of the plan's currency, e.g. EUR or USD."),
        symbol: z.string().describe("The currency's symbol as YNAB shows it, e.g. €; empty when none."),
        decimal_digits: z
          .number()
          .int()
          .describe('How many decimals its amounts have (2 for EUR, 0 for JPY).'),
        symbol_first: z
          .boolean()
          .describe('True when the symbol goes before the amount ($12.00), false after (12,00 €).'),
        example: z
          .string()
          .nullable()
          .describe("YNAB's example of a formatted amount, e.g. '123 456,78', or null."),
      })
      .nullable()
      .describe(
        'The currency every amount of this plan is in (amounts in other tools are plain numbers in it); null when YNAB gives none: then ask the user rather than guess.',
      ),
  });

export const listPlans = defineReadTool({
  name: 'list_plans',
  title: 'List plans',
  description: ['Plans (budgets) and currencies: call first for the plan_id.', 'Costs 1 YNAB request.'].join(
    ' ',
  ),
  input: () => z.strictObject({}),
  output: () => wrapped(z.array(plan()).describe('The plans, in the order YNAB returns them.')),
  async run({ deps }) {
    const plans = await deps.ynab.plans.list();
    return {
      result: plans.map((p) => ({
        id: p.id,
        name: clean(p.name),
        first_month: p.first_month ?? null,
        last_month: p.last_month ?? null,
        currency: planCurrency(p.currency_format),
      })),
    };
  },
});
