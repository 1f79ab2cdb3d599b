/** `list_scheduled_transactions`: scheduled transactions and their next dated occurrences. */
import { z } from 'zod';
import {
  expandSchedules,
  flowTotals,
  addDays,
  daysBetween,
  nextOccurrences,
} from '../../domain/transactions/schedule.js';
import {
  LONG_WINDOW_DAYS,
  nextLines,
  payeeMatcher,
  scheduleLines,
} from '../../domain/transactions/schedule-lines.js';
import {
  accountNames,
  checkAccountIds,
  checkPeriod,
  listFilter,
  visibleCategoryNames,
} from '../../domain/transactions/search.js';
import { defineReadTool } from '../shared/define-tool.js';
import { DATA_NOTE, planId } from '../shared/schemas.js';
import { accountIdsParam, dateParam } from '../shared/params.js';
import { occurrenceSchema } from '../shared/row-schemas.js';
import { leftOutField, untilDateWithin } from '../shared/paging.js';

const scheduleLine = () =>
  occurrenceSchema()
    .omit({ date: true })
    .extend({
      next_date: z.string().describe('The first date it falls due in the period, YYYY-MM-DD.'),
      count: z
        .number()
        .int()
        .nullable()
        .describe('How many times it falls due in the period; null when listed without until_date.'),
      total: z.number().nullable().describe('Amount times count, in currency units; null without a count.'),
    });

export const listScheduledTransactions = defineReadTool({
  name: 'list_scheduled_transactions',
  title: 'List scheduled transactions',
  description: [
    'Scheduled transactions due in a period (default: the next 30 days).',
    'Costs 3 YNAB requests.',
    DATA_NOTE,
  ].join(' '),
  names: { 'account_ids[]': 'account' },
  input: () =>
    z.strictObject({
      plan_id: planId,
      since_date: dateParam('Default: today.'),
      until_date: dateParam('Default: 30 days after since_date; at most 366.'),
      account_ids: accountIdsParam(),
      payee: z.string().max(200).nullable().default(null).describe('Part of the payee name.'),
      per: z
        .enum(['occurrence', 'schedule'])
        .nullable()
        .default(null)
        .describe(
          `Per date due, or per schedule (without until_date: every one, once); default: schedule beyond ${LONG_WINDOW_DAYS} days.`,
        ),
    }),
  output: () =>
    z.strictObject({
      occurrences: z
        .array(occurrenceSchema())
        .describe('Every occurrence due in the period, by date then payee; empty when listed per schedule.'),
      schedules: z
        .array(scheduleLine())
        .describe(
          'One line per schedule due in the period, by first date; empty when listed per occurrence.',
        ),
      inflows: z.number().describe('Sum of the money coming in (transfers left out), in currency units.'),
      outflows: z
        .number()
        .describe('Sum of the money going out (transfers left out), in currency units, negative.'),
      transfers_left_out: z
        .number()
        .describe(
          "Sum of the transfers between the plan's accounts, which inflows and outflows leave out, in currency units.",
        ),
      omitted: leftOutField,
    }),
  async run({ deps }, { plan_id, since_date, until_date, account_ids, payee, per }) {
    const accountIds = listFilter(account_ids);
    const since = since_date ?? deps.clock.today();
    // per schedule without until_date: every schedule once, so that no window need be made up
    const every = per === 'schedule' && until_date === null;
    const until = until_date ?? addDays(since, 30);
    if (!every) checkPeriod(since, until);
    const accounts = await deps.ynab.accounts.list(plan_id);
    checkAccountIds(accountIds, accounts);
    const scheduled = await deps.ynab.scheduled.list(plan_id);
    const groups = await deps.ynab.categories.groups(plan_id);
    const wanted = accountIds === null ? null : new Set(accountIds);
    const payeeMatches = payeeMatcher(payee);
    const chosen = scheduled.filter(
      (s) => (wanted === null || wanted.has(s.account_id)) && payeeMatches(s.payee_name),
    );
    const names = { accounts: accountNames(accounts), categories: visibleCategoryNames(groups) };
    // each schedule's next date is from today on, whatever since_date: a later since_date only keeps
    // the schedules next due from then on, so that a page goes on where the last one stopped
    const occurrences = every
      ? nextOccurrences(chosen, deps.clock.today(), names).filter((o) => o.date >= since)
      : expandSchedules(chosen, since, until, names);
    const perSchedule =
      (per ?? (daysBetween(since, until) > LONG_WINDOW_DAYS ? 'schedule' : 'occurrence')) === 'schedule';
    // the lines stop at the byte budget between two dates, the sums still over the whole period
    const totals = flowTotals(occurrences);
    // the same until and listing: a shorter period would default to another until and per
    const more = (noun: string, left: number, from: string | null, also = '') =>
      from === null ? null : `${left} more ${noun} from ${from}: pass since_date ${from}${also}.`;
    if (perSchedule) {
      const lines = every ? nextLines(occurrences) : scheduleLines(occurrences);
      const kept = untilDateWithin(lines, (l) => l.next_date);
      const omitted = more(
        every ? 'schedules next due' : 'schedules first due',
        lines.length - kept.rows.length,
        kept.from,
        every ? ', per schedule' : `, until_date ${until}, per schedule`,
      );
      return { occurrences: [], schedules: kept.rows, ...totals, omitted };
    }
    const kept = untilDateWithin(
      occurrences.map((o) => o.view),
      (o) => o.date,
    );
    const omitted = more(
      'occurrences',
      occurrences.length - kept.rows.length,
      kept.from,
      `, until_date ${until}`,
    );
    return { occurrences: kept.rows, schedules: [], ...totals, omitted };
  },
});
