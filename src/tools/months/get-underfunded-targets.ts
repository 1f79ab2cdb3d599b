/** `get_underfunded_targets`: the targets still short this month. */
import { z } from 'zod';
import { underfundedTargets } from '../../domain/months/targets.js';
import { defineReadTool } from '../shared/define-tool.js';
import { monthToSend } from '../shared/check-month.js';
import { monthParam, planId } from '../shared/schemas.js';
import { ROW_BYTES, rowBytes, rowsWithin } from '../shared/paging.js';
import { LEFT_OVER_LIFE, NEEDED_THIS_MONTH } from './target-schema.js';
import { categoryId, group, name } from './month-read-schemas.js';

const WRITE_SENTENCE = 'Fund with move_money or set_category_budget.';

const line = () =>
  z.strictObject({
    category_id: categoryId(),
    name: name(),
    group: group(),
    target: z
      .string()
      .describe(
        "The target in words, e.g. '450.00 each month' or '250.00 by 2026-10-01'; amounts in currency units.",
      ),
    due: z
      .string()
      .nullable()
      .describe(
        "When it is due, YYYY-MM-DD: a dated target's date as YNAB keeps it (a target month shows as its first day); a monthly or weekly one, the month's last day; else null.",
      ),
    needed: z.number().describe(NEEDED_THIS_MONTH),
    left: z.number().describe(LEFT_OVER_LIFE),
    percent_complete: z
      .number()
      .nullable()
      .describe("How much of the target is funded, in percent (YNAB's figure), or null."),
    months_left: z
      .number()
      .nullable()
      .describe('Months YNAB counts to fund the target, this one included, or null.'),
    urgency: z
      .enum(['due_date', 'repeating', 'other'])
      .describe(
        'due_date: a target due by a date; repeating: monthly or weekly funding, or a debt payment; other: the rest.',
      ),
  });

export const getUnderfundedTargets = defineReadTool({
  name: 'get_underfunded_targets',
  title: 'Underfunded targets',
  description: [
    "Categories short of their target this month (needed: YNAB's Underfunded), by date due, then monthly, then the rest; totals against Ready to Assign.",
    WRITE_SENTENCE,
    'Costs 2 YNAB requests (1 repeated).',
  ].join(' '),
  readOnlyWording: {
    sentence: WRITE_SENTENCE,
    replacement: 'The user funds them in YNAB itself.',
  },
  input: () =>
    z.strictObject({
      plan_id: planId,
      month: monthParam,
      limit: z
        .number()
        .int()
        .min(1)
        .max(200)
        .nullable()
        .default(null)
        .describe('Default all; the totals count all.'),
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion in one sentence or two, for the agent to relay.'),
      month: z.string().describe("The month as YNAB names it, YYYY-MM-01 ('current' resolved)."),
      targets: z.array(line()).describe('The targets still short this month, the most urgent first.'),
      more: z.number().int().describe('How many more underfunded targets exist beyond those listed.'),
      needed: z
        .number()
        .describe('What every underfunded target needs this month in all, in currency units.'),
      ready_to_assign: z.number().describe('Ready to Assign this month, in currency units.'),
      enough: z.boolean().describe('True when Ready to Assign covers everything needed.'),
      covered: z
        .number()
        .describe('The part of what is needed that Ready to Assign covers, in currency units.'),
      short_by: z
        .number()
        .describe('What Ready to Assign lacks to cover everything needed, in currency units.'),
      on_track: z.number().int().describe('How many targets (not snoozed) need nothing more this month.'),
      notes: z.array(z.string()).describe('What the figures assume, to tell the user.'),
    }),
  async run({ deps, money }, { plan_id, month, limit }) {
    const detail = await deps.ynab.months.get(plan_id, monthToSend(month, deps.clock.today()));
    const out = underfundedTargets(detail, limit, money);
    // the most urgent first, as many as 16 kB holds; the totals and the note count the others
    const kept = rowsWithin(out.targets, ROW_BYTES - rowBytes({ ...out, targets: [] }));
    return kept === out.targets.length ? out : underfundedTargets(detail, kept, money);
  },
});
