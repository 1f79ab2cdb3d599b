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
import { call } from '../../helpers/harness.js';
import { eachSentOnce, expectUnknown, operated, undoneIn, writesOf } from '../../helpers/late-undo.js';
import { out } from '../../helpers/move.js';
import { pendingEntries } from '../../helpers/pending.js';
import { UNDO_CASES } from '../../helpers/undo-cases.js';
import { req } from '../../requirements.js';

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
