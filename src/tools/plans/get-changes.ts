/**
 * `get_changes`: what changed in the plan since the last mark (YNAB's delta requests from the mark's
 * server knowledge), or which transactions are dated since a day, each change with who made it.
 */
import { z } from 'zod';
import { changesLine, countChanges } from '../../domain/changes/changes.js';
import { AppError } from '../../domain/errors.js';
import { defineReadTool } from '../shared/define-tool.js';
import {
  ROW_BYTES,
  cursorParam,
  leftOutField,
  moreRows,
  nextCursorField,
  offsetOf,
  pageAt,
  rowBytes,
} from '../shared/paging.js';
import { DATA_NOTE, planId, untrusted } from '../shared/schemas.js';
import { changesSinceMark, datedSince, isDay } from './changes-since.js';

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
    'What changed since the last mark, and who: transactions, budget moves, targets, schedules. The first call sets the mark.',
    'Costs 4 YNAB requests.',
    DATA_NOTE,
  ].join(' '),
  rules:
    "since: a date lists the transactions dated since it (YNAB keeps no time of change) and costs 1 request. An edit shows its fields before → after for transactions dated within the mark's 62 days.",
  input: () =>
    z.strictObject({
      plan_id: planId,
      since: z.string().default('last').describe("'last' (the mark) or YYYY-MM-DD."),
      mark: z.boolean().default(false).describe('Move the mark to now (on the last page).'),
      cursor: cursorParam,
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion, for the agent to relay.'),
      since: z.string().nullable().describe('When the mark was set, or the date asked; null: first mark.'),
      marked: z.boolean().describe('Whether the mark now stands at this call.'),
      counts: z.record(z.string(), z.number()).describe('Changes by area.kind, over all pages.'),
      changes: z.array(changeRow()).describe('The changes, grouped.'),
      next_cursor: nextCursorField,
      omitted: leftOutField,
    }),
  async run({ deps, money }, { plan_id, since, mark, cursor }) {
    if (since !== 'last' && !isDay(since))
      throw new AppError(`since must be 'last' or a date as YYYY-MM-DD, not '${since}'.`);
    const offset = offsetOf(cursor);
    const read =
      since === 'last'
        ? await changesSinceMark(deps, plan_id, mark ? 'later' : false, money)
        : { since: null, changes: await datedSince(deps, plan_id, since, money), marked: false, save: null };
    const { changes } = read;
    const head = {
      message: '',
      since: since === 'last' ? (read.since?.at ?? null) : since,
      marked: read.marked,
      counts: countChanges(changes),
    };
    const page = pageAt(
      changes,
      changes.length,
      offset,
      ROW_BYTES - rowBytes({ ...head, changes: [] }) - 400,
    );
    // the mark moves once the last page is read: a mark moved on page 1 would lose the pages after it
    if (mark && page.next_cursor === null) {
      if (read.save !== null) await read.save();
      else if (since !== 'last') await changesSinceMark(deps, plan_id, true, money);
      head.marked = true;
    }
    const moved = mark
      ? head.marked
        ? ' The mark now stands at this call.'
        : ' The mark moves on the last page.'
      : '';
    head.message =
      since !== 'last'
        ? `${changes.length} transaction(s) dated since ${money.date(since)}. YNAB keeps no time of change, so these are the transactions dated since then, not those changed since.${moved}`
        : read.since === null
          ? 'No mark was set for this plan: this call set the first one. Ask again later to see what changed since now.'
          : `Since the mark of ${read.since.at}: ${changesLine(changes)}.${moved}`;
    return {
      ...head,
      changes: page.rows,
      next_cursor: page.next_cursor,
      omitted: moreRows(page, 'changes'),
    };
  },
});
