/**
 * The undo of a deleted scheduled transaction whose answer is lost or says nothing of what it
 * created, through a real client against the stand-in's faults: the recreated schedule is found
 * again by a read and named by its new id; an answer without the new schedule is said to be one.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { silentLog } from '../../../src/log.js';
import { bodyOf } from '../../../src/domain/transactions/scheduled-writes.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness } from '../../helpers/harness.js';
import { out } from '../../helpers/move.js';
import { ACCEPT, answering, journalLine } from '../../helpers/writes.js';
import { pendingEntries as pending } from '../../helpers/pending.js';

const PLAN = 'demo-budget';
const SCHEDULED = `/plans/${PLAN}/scheduled_transactions`;

/** A session whose journal holds the delete of a schedule like an existing one, with a memo of its own. */
async function deletedSchedule(h: Harness, journal: string) {
  h.standIn.reset();
  const s = (await createDeps(loadConfig(h.env), silentLog).ynab.scheduled.list(PLAN)).find(
    (x) => !x.deleted,
  )!;
  const details = { scheduled_transaction_id: 'gone-schedule', body: { ...bodyOf(s), memo: 'came back' } };
  mkdirSync(dirname(journal), { recursive: true });
  appendFileSync(journal, journalLine('aaaaaaaaaaaa', 'schedule_delete', details));
  const session = await connect(h, 'modern', {
    env: { AVENIR_MCP_JOURNAL: journal },
    elicit: answering(ACCEPT).handler,
  });
  h.standIn.clearRequests();
  return session;
}

const recreated = (h: Harness) =>
  h.standIn.state.scheduled_transactions.filter((x) => !x.deleted && x.memo === 'came back').map((x) => x.id);

describe('the undo of a deleted scheduled transaction', () => {
  it('whose answer is lost but landed: found again and named by its new id', async ({ h, journal }) => {
    const s = await deletedSchedule(h, journal);
    h.standIn.fault({ method: 'POST', path: SCHEDULED, drop: true, apply: true });
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    const ids = recreated(h);
    expect(ids).toHaveLength(1);
    expect([r.status, r.message]).toEqual([
      'applied',
      `YNAB's answer was lost, but a read-back shows the undo in place. Recreated with a new id: ${ids[0]}.`,
    ]);
    expect(pending(journal)).toEqual([]);
  });

  it('answered success without the new schedule, then not checkable: says which answer it had', async ({
    h,
    journal,
  }) => {
    const s = await deletedSchedule(h, journal);
    h.standIn.fault({ method: 'POST', path: SCHEDULED, status: 201, body: '{"data":{}}' });
    h.standIn.fault({ method: 'GET', path: SCHEDULED, status: 500, times: 10 });
    const result = await call(s, 'undo_operation', { plan_id: PLAN });
    const r = out(result);
    expect(recreated(h)).toEqual([]);
    expect(result.isError).toBe(true);
    const [p] = pending(journal);
    expect(p).toMatchObject({ tool: 'undo_operation' });
    expect([r.status, r.message]).toEqual([
      'unknown',
      `Do not repeat this change yet: the undo may or may not be in YNAB (YNAB answered success without the recreated scheduled transaction; avenir-mcp could not check what YNAB holds: YNAB 500: internal error). Check in YNAB before anything else; do not repeat the undo blindly. avenir-mcp keeps it as pending operation ${p?.operation_id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
    ]);
  });
});
