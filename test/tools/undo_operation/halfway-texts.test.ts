/**
 * The words of an undo that stops halfway or whose answer is lost, compared whole, through a real
 * client against the stand-in with its faults: which transactions were deleted, which one failed
 * and which were not sent; the new ids of recreated transactions; what of a move is back; and the
 * read tool the user is sent to when the state is not known.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { pendingPath } from '../../../src/safety/pending.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness } from '../../helpers/harness.js';
import { MONTH_PATH, MOVE, RESTAURANTS, lines, out } from '../../helpers/move.js';
import { ACCEPT, answering, deletedDetail, journalLine } from '../../helpers/writes.js';

const PLAN = 'demo-budget';
const TX = `/plans/${PLAN}/transactions`;

/** A session whose journal holds one operation, answered yes to every question. */
async function journaled(h: Harness, journal: string, kind: string, details: unknown) {
  mkdirSync(dirname(journal), { recursive: true });
  appendFileSync(journal, journalLine('aaaaaaaaaaaa', kind, details));
  return connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: answering(ACCEPT).handler });
}

const liveIds = (h: Harness, n: number) =>
  h.standIn.state.transactions
    .filter((t) => !t.deleted && t.transfer_account_id == null)
    .slice(0, n)
    .map((t) => t.id);

/** The pending operations beside the journal. */
const pendingEntries = (journal: string): unknown[] =>
  (JSON.parse(readFileSync(pendingPath(journal), 'utf8')) as { entries: unknown[] }).entries;
/** The one pending operation beside the journal (an undo whose outcome is not known yet). */
const pendingId = (journal: string): string => {
  const { entries } = JSON.parse(readFileSync(pendingPath(journal), 'utf8')) as {
    entries: { operation_id: string; tool: string }[];
  };
  expect(entries).toEqual([expect.objectContaining({ tool: 'undo_operation' })]);
  return entries[0]!.operation_id;
};
/** What an unknown outcome says of its pending entry, written out whole. */
const pendingText = (id: string) =>
  `avenir-mcp keeps it as pending operation ${id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`;

/** The id the next undo_operation is told to finish (the remainder journaled by a half-done undo). */
const remainderId = (journal: string) =>
  lines(journal)
    .map((l) => l.operation_id)
    .filter((id) => typeof id === 'string' && id !== 'aaaaaaaaaaaa')
    .at(-1) as string;

describe('the undo of created transactions that stops partway', () => {
  it('names those deleted, the one that failed and those not sent, each list in full', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const ids = liveIds(h, 5);
    const s = await journaled(h, journal, 'create', { transaction_ids: ids });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/${[...ids].sort()[2]}`, status: 500 });
    const half = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    const [a, b, c, d, e] = [...ids].sort();
    expect(half.status).toBe('partial');
    expect(half.message).toBe(
      `Undo done halfway: ${a}, ${b} deleted; deleting ${c} failed (YNAB 500: internal error); ${d}, ${e} not sent. undo_operation (operation_id ${remainderId(journal)}) finishes it.`,
    );
  });

  it('stopped at the last one: nothing is said not sent', async ({ h, journal }) => {
    h.standIn.reset();
    const ids = [...liveIds(h, 2)].sort();
    const s = await journaled(h, journal, 'create', { transaction_ids: ids });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/${ids[1]}`, status: 500 });
    const half = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(half.message).toBe(
      `Undo done halfway: ${ids[0]} deleted; deleting ${ids[1]} failed (YNAB 500: internal error). undo_operation (operation_id ${remainderId(journal)}) finishes it.`,
    );
  });

  it('a first answer lost that cannot be checked: unknown, nothing said deleted', async ({ h, journal }) => {
    h.standIn.reset();
    const ids = [...liveIds(h, 2)].sort();
    const s = await journaled(h, journal, 'create', { transaction_ids: ids });
    // the undo's own two reads (preview, then the answered call) pass; the read-back fails
    h.standIn.fault({ method: 'GET', path: TX, times: 2 });
    h.standIn.fault({ method: 'GET', path: TX, status: 500, times: 10 });
    h.standIn.fault({ method: 'DELETE', path: `${TX}/${ids[0]}`, drop: true, apply: true });
    const r = await call(s, 'undo_operation', { plan_id: PLAN });
    const half = out(r);
    expect(half.status).toBe('unknown');
    expect(r.isError).toBe(true);
    expect(half.message).toBe(
      `Do not repeat this change yet: Undo done halfway: YNAB's answer to deleting ${ids[0]} was lost, and it could not be checked (avenir-mcp could not check what YNAB holds: YNAB 500: internal error); ${ids[1]} not sent. Check in YNAB (find_transactions) first; then undo_operation (operation_id ${remainderId(journal)}) finishes it. ${pendingText(remainderId(journal))}`,
    );
    // the delete may still land: kept pending under the id of what is left, so its undo waits
    expect(pendingEntries(journal)).toEqual([
      expect.objectContaining({ operation_id: remainderId(journal) }),
    ]);
  });
});

const deletedRow = (h: Harness, i: number) =>
  deletedDetail(
    h.standIn.state.transactions.filter((x) => !x.deleted && x.transfer_account_id == null)[i]!,
    i,
  );
const recreatedIds = (h: Harness) =>
  [0, 1].map((i) => h.standIn.state.transactions.find((t) => !t.deleted && t.memo === `recreated ${i}`)?.id);

describe('the undo of deleted transactions', () => {
  it('names every new id', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await journaled(h, journal, 'delete', { transactions: [deletedRow(h, 0), deletedRow(h, 1)] });
    const done = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    const [x, y] = recreatedIds(h);
    expect(done.message).toBe(`Recreated with new ids: ${x}, ${y}.`);
  });

  it('whose answer is lost but landed: names each old id with its new one', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await journaled(h, journal, 'delete', { transactions: [deletedRow(h, 0), deletedRow(h, 1)] });
    h.standIn.fault({ method: 'POST', path: TX, drop: true, apply: true });
    const done = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    const [x, y] = recreatedIds(h);
    expect(done.message).toBe(
      `YNAB's answer was lost, but a read-back shows the undo in place: recreated gone-0 as ${x}, gone-1 as ${y}.`,
    );
  });

  it('answered success without ids, then not checkable: says which answer it had', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await journaled(h, journal, 'delete', { transactions: [deletedRow(h, 0)] });
    h.standIn.fault({ method: 'POST', path: TX, status: 201, body: '{"data":{"transaction_ids":[]}}' });
    h.standIn.fault({ method: 'GET', path: TX, status: 500, times: 10 });
    const r = await call(s, 'undo_operation', { plan_id: PLAN });
    expect(out(r).status).toBe('unknown');
    expect(r.isError).toBe(true);
    expect(out(r).message).toBe(
      `Do not repeat this change yet: the undo may or may not be in YNAB (YNAB answered success without the new transactions' ids; avenir-mcp could not check what YNAB holds: YNAB 500: internal error). Check with find_transactions before anything else; do not repeat the undo blindly. ${pendingText(pendingId(journal))}`,
    );
  });
});

describe('the undo of a move whose first answer is lost and cannot be checked', () => {
  it('names both amounts still to set and the read tool that shows them', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    expect(out(await call(s, 'move_money', MOVE)).status).toBe('applied');
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, times: 2 });
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500, times: 10 });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true });
    const r = await call(s, 'undo_operation', { plan_id: PLAN });
    const undo = out(r);
    const [first, second] = lines(journal)
      .filter((l) => l.kind === 'budget')
      .map((l) => l.operation_id as string);
    expect(undo.status).toBe('unknown');
    expect(r.isError).toBe(true);
    expect(undo.message).toBe(
      `Do not repeat this change yet: Undo done halfway: YNAB's answer to setting Restaurants back to 120.00 and Holidays back to 200.00 was lost, and it could not be checked (avenir-mcp could not check what YNAB holds: YNAB 500: internal error). Check in YNAB (get_category_balances) first; then undo_operation (operation_id ${first}, then ${second}) finishes it. ${pendingText(String(first))}`,
    );
    expect(pendingEntries(journal)).toEqual([expect.objectContaining({ operation_id: first })]);
  });
});
