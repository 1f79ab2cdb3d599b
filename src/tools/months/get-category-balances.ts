/** `get_category_balances`: budgeted, activity and balance per category for a month. */
import { z } from 'zod';
import { categoryBalances, hasFigures } from '../../domain/months/month-summary.js';
import { defineReadTool } from '../shared/define-tool.js';
import { monthToSend } from '../shared/check-month.js';
import { units } from '../shared/schemas.js';
import { categoryPage, leftOutField, nextCursorField, offsetOf } from '../shared/paging.js';
import {
  MONTH_READ_TAIL,
  pagedMonthInput,
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
    'Budgeted, activity, balance, target and id of each category for a month, paged.',
    MONTH_READ_TAIL,
  ].join(' '),
  input: pagedMonthInput,
  output: () =>
    z.strictObject({
      result: z
        .array(
          z.strictObject({
            category_id: categoryId(),
            name: name(),
            group: group(),
            budgeted: budgeted(),
            activity: z
              .number()
              .describe('Spent (or received) this month, in currency units: spending negative.'),
            balance: balance(),
            target: targetSchema(),
          }),
        )
        .describe("The categories of this page, in YNAB's order."),
      count: z.number().int().describe('Categories listed over all pages.'),
      totals: z
        .strictObject({
          budgeted: units('Sum of budgeted'),
          activity: units('Sum of activity'),
          balance: units('Sum of balance'),
        })
        .describe('Over all pages, not only this one.'),
      next_cursor: nextCursorField,
      omitted: leftOutField,
    }),
  async run({ deps, money }, { plan_id, month, include_empty, limit, cursor }) {
    const offset = offsetOf(cursor);
    const detail = await deps.ynab.months.get(plan_id, monthToSend(month, deps.clock.today()));
    const every = categoryBalances(detail, true, money);
    const rows = include_empty ? every : every.filter(hasFigures);
    return categoryPage(rows, ['budgeted', 'activity', 'balance'], {
      limit,
      offset,
      empty: every.length - rows.length,
    });
  },
});
