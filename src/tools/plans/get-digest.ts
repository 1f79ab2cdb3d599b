/**
 * `get_digest`: what changed since the last digest in a few lines (the mark moves to now), then what in
 * the plan needs the person now, each item with the tool that deals with it.
 */
import { z } from 'zod';
import type { MoneyText } from '../../domain/money.js';
import { digestMessage, needsYou } from '../../domain/digest/needs-you.js';
import { defineReadTool } from '../shared/define-tool.js';
import { DATA_NOTE, planId, untrusted } from '../shared/schemas.js';
import { ROW_BYTES, leftOut, leftOutField, rowBytes, rowsWithin } from '../shared/paging.js';
import type { Deps } from '../../deps.js';
import { changesSummary, type MarkWhen } from './changes-since.js';

const KINDS = [
  'scheduled_short',
  'overspent',
  'target_due',
  'bank_link',
  'duplicate',
  'outsized_charge',
  'price_change',
  'new_recurring',
  'categorize',
  'approve',
  'not_reconciled',
] as const;

const need = () =>
  z.strictObject({
    kind: z.enum(KINDS).describe('What kind of item, the most pressing kinds first.'),
    what: untrusted('The item in one sentence, amounts in currency units, payee names as the bank gave them'),
    tool: z
      .string()
      .nullable()
      .describe('The tool that deals with it; null where only YNAB itself can (a bank link).'),
    ids: z.array(z.string()).describe('The ids it is about (transactions, a category, an account).'),
  });

const changesField = () =>
  z
    .strictObject({
      since: z.string().nullable().describe('The last digest (or the date asked); null: the first.'),
      counts: z.record(z.string(), z.number()).describe('Changes by area.kind (get_changes lists them).'),
      lines: z.array(untrusted('A change')).describe('The first few changes, with who made them.'),
    })
    .describe('What changed since the last digest.');

export interface DigestOptions {
  /** `last` (the mark) or a number of days, `7d`. */
  since: string;
  /** Whether the mark moves to now (the tool: yes; the resource: no; the CLI: once delivered). */
  mark: MarkWhen;
  /** Given the function that stores the mark, when `mark` is `later`. */
  saveMark?: (save: () => Promise<void>) => void;
}

/** The digest: what changed, then what needs the person, within one page. */
export async function digestOf(deps: Deps, plan_id: string, money: MoneyText, options: DigestOptions) {
  const today = deps.clock.today();
  const accounts = await deps.ynab.accounts.list(plan_id);
  const transactions = await deps.ynab.transactions.list(plan_id);
  const schedules = await deps.ynab.scheduled.list(plan_id);
  const groups = await deps.ynab.categories.groups(plan_id);
  const month = await deps.ynab.months.get(plan_id, `${today.slice(0, 7)}-01`);
  const needs = needsYou({
    // each item is a row of data: plain numbers and ISO dates; the message follows the plan
    money: money.plain,
    today,
    accounts,
    transactions,
    schedules,
    groups,
    month,
    writes: deps.config.write,
  });
  const summary = await changesSummary(deps, plan_id, options.since, options.mark, money, groups);
  const { sentence, save, ...changes } = summary;
  if (save !== null) options.saveMark?.(save);
  const out = {
    message: `${sentence} ${digestMessage(needs)}`,
    changes,
    needs_you: needs,
    omitted: null as string | null,
  };
  const kept = rowsWithin(needs, ROW_BYTES - rowBytes({ ...out, needs_you: [] }));
  return {
    ...out,
    needs_you: needs.slice(0, kept),
    omitted: leftOut(
      kept < needs.length ? `${needs.length - kept} more items (a page stops at 16 kB).` : null,
    ),
  };
}

export const getDigest = defineReadTool({
  name: 'get_digest',
  title: 'What needs you',
  view: 'digest',
  description: [
    'Changes since the last digest (then marked) and what needs the person, each with its tool: short balances, overspending, due targets, odd charges, duplicates, rows to categorise or approve.',
    'Costs 10 YNAB requests.',
    DATA_NOTE,
  ].join(' '),
  rules:
    'Looked at: scheduled outflows of the next 7 days against each account’s balance; this month’s overspent categories; targets due within 14 days and still short; bank links in error; likely duplicates and charges over 3 times the merchant’s usual amount (and 20.00 above it) in the last 30 days; fixed recurring charges whose latest charge is over 10 % off the months before, and charges recurring in each of the last 3 complete months never charged in the 6 before; transactions waiting for a category or an approval; budget accounts not reconciled for 30 days.',
  input: () => z.strictObject({ plan_id: planId }),
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion in two sentences, for the agent to relay.'),
      changes: changesField(),
      needs_you: z.array(need()).describe('The items, the most pressing kinds first.'),
      omitted: leftOutField,
    }),
  run: ({ deps, money }, { plan_id }) => digestOf(deps, plan_id, money, { since: 'last', mark: true }),
});
