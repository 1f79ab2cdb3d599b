/**
 * `get_changes`: what changed in the plan since the last mark (YNAB's delta requests from the mark's
 * server knowledge), or which transactions are dated since a day, each change with who made it.
 */
import { z } from 'zod';
import { changesLine, countChanges, type Change } from '../../domain/changes/changes.js';
import { AppError } from '../../domain/errors.js';
import { defineReadTool } from '../shared/define-tool.js';
import { ROW_BYTES, leftOut, leftOutField, rowBytes, rowsWithin } from '../shared/paging.js';
import { DATA_NOTE, planId, untrusted } from '../shared/schemas.js';
import { DATE, changesSinceMark, datedSince } from './changes-since.js';

const GROUPS = ['transactions', 'budget', 'targets', 'scheduled'] as const;
const KINDS = [
  'added',
  'edited',
  'deleted',
  'approved',
  'categorised',
  'dated',
  'assigned',
  'moved',
  'unassigned',
  'set',
  'changed',
  'removed',
] as const;

export const changeRow = () =>
  z.strictObject({
    area: z.enum(GROUPS).describe('What changed.'),
    kind: z.enum(KINDS).describe('How.'),
    who: z
      .enum(['this_server', 'bank_import', 'elsewhere'])
      .describe('elsewhere: the YNAB app or another person (YNAB does not tell them apart).'),
    operation_id: z.string().nullable().describe("This server's journal operation."),
    import_id: z.string().nullable().describe("A bank import's id."),
    id: z.string().describe('The transaction, category, movement or schedule.'),
    what: untrusted('The change in one line'),
    fields: z.array(z.string()).nullable().describe('field: before → after; null when not known.'),
  });

export const getChanges = defineReadTool({
  name: 'get_changes',
  title: 'What changed',
  description: [
    'What changed in the plan since the last mark, and who changed it: transactions, budget moves, targets, schedules. The first call sets the mark.',
    'Costs 4 YNAB requests.',
    DATA_NOTE,
  ].join(' '),
  rules:
    "since: a date lists the transactions dated since it (YNAB keeps no time of change) and costs 1 request. An edit shows its fields before → after for transactions dated within the mark's 62 days.",
  input: () =>
    z.strictObject({
      plan_id: planId,
      since: z.string().default('last').describe("'last' (the mark) or YYYY-MM-DD."),
      mark: z.boolean().default(false).describe('Move the mark to now.'),
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion, for the agent to relay.'),
      since: z.string().nullable().describe('When the mark was set, or the date asked; null: first mark.'),
      marked: z.boolean().describe('Whether the mark now stands at this call.'),
      counts: z.record(z.string(), z.number()).describe('Changes by area.kind, over all pages.'),
      changes: z.array(changeRow()).describe('The changes, grouped.'),
      omitted: leftOutField,
    }),
  async run({ deps }, { plan_id, since, mark }) {
    if (since !== 'last' && !DATE.test(since))
      throw new AppError(`since must be 'last' or a date as YYYY-MM-DD, not '${since}'.`);
    let changes: Change[];
    let message: string;
    let from: string | null;
    let marked = false;
    if (since === 'last') {
      const read = await changesSinceMark(deps, plan_id, mark);
      changes = read.changes;
      marked = read.marked;
      from = read.since?.at ?? null;
      message =
        read.since === null
          ? 'No mark was set for this plan: this call set the first one. Ask again later to see what changed since now.'
          : `Since the mark of ${read.since.at}: ${changesLine(changes)}.${mark ? ' The mark now stands at this call.' : ''}`;
    } else {
      changes = await datedSince(deps, plan_id, since);
      from = since;
      if (mark) marked = (await changesSinceMark(deps, plan_id, true)).marked;
      message = `${changes.length} transaction(s) dated since ${since}. YNAB keeps no time of change, so these are the transactions dated since then, not those changed since.${marked ? ' The mark now stands at this call.' : ''}`;
    }
    const out = { message, since: from, marked, counts: countChanges(changes), changes, omitted: null };
    const kept = rowsWithin(changes, ROW_BYTES - rowBytes({ ...out, changes: [] }));
    return {
      ...out,
      changes: changes.slice(0, kept),
      omitted: leftOut(
        kept < changes.length
          ? `${changes.length - kept} more changes (a page stops at 16 kB; counts has them all): ask since a later date to see fewer.`
          : null,
      ),
    };
  },
});
