/**
 * Undos whose first answer is lost in the other ways a write's answer is lost (the late-apply rows
 * are in undo_operation/late-answers.test.ts): the connection dropped after the request left, a 2xx answer that is not
 * YNAB's JSON, and an answer cut off after YNAB applied it — for every kind of the journal, through
 * a real client against the stand-in.
 *
 * When YNAB did not apply it, the undo is unknown, never `not_applied`, and stays pending through the
 * calls within its pending time (a call reads again and leaves it); once that time is over it closes
 * with nothing marked undone, the operation still in place at the stand-in, and undoing it then
 * works once. When YNAB did apply it, a read-back shows it and the undo goes on. In every row each
 * request reached the stand-in at most once.
 */
import { describe, expect } from 'vitest';
import type { FaultRule } from '../../../src/demo/index.js';
import { PENDING_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness, textOf } from '../../helpers/harness.js';
import { eachSentOnce, expectUnknown, operated, undoneIn, writesOf } from '../../helpers/late-undo.js';
import { out } from '../../helpers/move.js';
import { pendingEntries } from '../../helpers/pending.js';
import { UNDO_CASES } from '../../helpers/undo-cases.js';
import { req } from '../../requirements.js';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { silentLog } from '../../../src/log.js';
import { bodyOf } from '../../../src/domain/transactions/scheduled-writes.js';
import { ACCEPT, answering, journalLine } from '../../helpers/writes.js';
import type { Kind } from '../../../src/safety/journal-kinds.js';

const NEVER_LANDED: { name: string; fault: Partial<FaultRule> }[] = [
  { name: 'dropped after it was sent', fault: { drop: true } },
  { name: 'answered 2xx with a body that is not JSON', fault: { status: 200, body: '<html>proxy</html>' } },
];

describe.each(UNDO_CASES)(`${req('outcome-truth')} the undo of $kind ($tool), its first answer lost`, (c) => {
  it.for(NEVER_LANDED)(
    '$name and never applied: unknown and pending, closed after its time, then undone once',
    async (lost, { h, journal }) => {
      const { s, clock, before, op, undo } = await operated(h, journal, c);
      const after = c.held(h.standIn.state);
      // (a row's setup shapes how its first request lands; this one never does)
      h.standIn.fault({ ...c.routes[0]!, ...lost.fault });
      expectUnknown(await call(s, 'undo_operation', undo));
      expect(writesOf(h)).toHaveLength(1);
      const pending = pendingEntries(journal).map((p) => p.tool);
      expect(pending).toEqual(['undo_operation']);

      // a call within the pending time reads again, and leaves it pending
      await call(s, 'list_accounts', { plan_id: 'demo-budget' });
      expect(pendingEntries(journal).map((p) => p.tool)).toEqual(['undo_operation']);
      // once that time is over, nothing showed: closed, nothing undone, the operation in place
      clock.forward(PENDING_MS);
      await call(s, 'list_accounts', { plan_id: 'demo-budget' });
      expect(pendingEntries(journal)).toEqual([]);
      expect(undoneIn(journal)).toEqual([]);
      expect(c.held(h.standIn.state)).toEqual(after);

      // asked now, the undo is sent (again: the first never landed) and the books end as before
      h.standIn.clearRequests();
      const again = out(await call(s, 'undo_operation', undo));
      expect(again.status).toBe('applied');
      expect(undoneIn(journal)).toEqual([op]);
      expect(c.held(h.standIn.state)).toEqual(before);
      eachSentOnce(h);
    },
  );

  it('cut off after YNAB applied it: a read-back shows it, and the undo is done once', async ({
    h,
    journal,
  }) => {
    const { s, before, op, undo } = await operated(h, journal, c);
    // landed the way the row's setup says (a transfer's other side kept), its answer cut off
    h.standIn.fault({ ...c.routes[0]!, ...c.setup?.[0], truncate: true, apply: true });
    const r = out(await call(s, 'undo_operation', undo));
    expect(r.status).toBe('applied');
    expect(pendingEntries(journal)).toEqual([]);
    expect(undoneIn(journal)).toEqual([op]);
    expect(c.held(h.standIn.state)).toEqual(before);
    eachSentOnce(h);
  });
});

/*
 * The undo of a deleted scheduled transaction whose answer is lost or says nothing of what it
 * created, through a real client against the stand-in's faults: the recreated schedule is found
 * again by a read and named by its new id; an answer without the new schedule is said to be one.
 */
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
    expect(pendingEntries(journal)).toEqual([]);
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
    const [p] = pendingEntries(journal);
    expect(p).toMatchObject({ tool: 'undo_operation' });
    expect([r.status, r.message]).toEqual([
      'unknown',
      `Do not repeat this change yet: the undo may or may not be in YNAB (YNAB answered success without the recreated scheduled transaction; avenir-mcp could not check what YNAB holds: YNAB 500: internal error). Check in YNAB before anything else; do not repeat the undo blindly. avenir-mcp keeps it as pending operation ${p?.operation_id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
    ]);
  });
});

/*
 * Undos whose first request's answer is lost and that YNAB never applied, for the kinds and faults
 * the other undo tables leave out, through a real client against the stand-in: a connection dropped
 * after the request was sent (test/tools/undo_operation/outcomes.test.ts, undo_operation/budget-lost-answers.test.ts and
 * undo_operation/outcomes.test.ts drop the others), and a 2xx answer that is not JSON (every kind). The
 * answer is unknown, never not_applied; the undo stays pending, a repeat is refused with nothing
 * re-sent; the plan stays as the operation left it; once the pending time is over with nothing shown,
 * the next undo reverts it whole, and the journal marks the operation undone once.
 */
interface Lost {
  name: string;
  fault: Partial<FaultRule>;
  /** The kinds whose undo another table already runs with this fault. */
  elsewhere: Kind[];
}

const LOST: Lost[] = [
  {
    name: 'dropped after it was sent',
    fault: { drop: true },
    elsewhere: [
      'categorize',
      'flag',
      'edit',
      'payee',
      'transfer',
      'schedule_update',
      'target',
      'schedule_delete',
      'schedule_create',
      'move',
      'create',
      'delete',
    ],
  },
  {
    name: 'answered 2xx with a body that is not JSON',
    fault: { status: 200, body: '<html>proxy</html>' },
    elsewhere: [],
  },
];

const ROWS = LOST.flatMap((lost) =>
  UNDO_CASES.filter((c) => !lost.elsewhere.includes(c.kind)).map((c) => ({ ...c, lost })),
);

describe.each(ROWS)('the undo of $kind ($tool), $lost.name', (c) => {
  it('unknown and pending, a repeat refused, nothing changed; undone whole once its time is over', async ({
    h,
    journal,
  }) => {
    const { s, clock, before, op, undo } = await operated(h, journal, c);
    const after = c.held(h.standIn.state);
    h.standIn.fault({ ...c.routes[0]!, ...c.lost.fault });
    expectUnknown(await call(s, 'undo_operation', undo));
    const [pending] = pendingEntries(journal);
    expect(pendingEntries(journal)).toEqual([expect.objectContaining({ tool: 'undo_operation' })]);

    const again = await call(s, 'undo_operation', undo);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain(
      `A change to the same thing is still pending: operation ${pending?.operation_id}`,
    );
    // sent once, and never applied: the plan is as the operation left it
    expect(writesOf(h)).toHaveLength(1);
    expect(c.held(h.standIn.state)).toEqual(after);
    expect(undoneIn(journal)).toEqual([]);

    // its pending time over with nothing shown, it did not land: the next undo reverts it whole
    clock.forward(PENDING_MS);
    const done = out(await call(s, 'undo_operation', undo));
    expect(done.status).toBe('applied');
    expect(pendingEntries(journal)).toEqual([]);
    expect(undoneIn(journal)).toEqual([op]);
    expect(c.held(h.standIn.state)).toEqual(before);
  });
});
