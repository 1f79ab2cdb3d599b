/**
 * Undos whose first request's answer is lost and that YNAB never applied, for the kinds and faults
 * the other undo tables leave out, through a real client against the stand-in: a connection dropped
 * after the request was sent (test/tools/undo_operation/outcomes.test.ts, undo_operation/budget-lost-answers.test.ts and
 * undo_operation/outcomes-more.test.ts drop the others), and a 2xx answer that is not JSON (every kind). The
 * answer is unknown, never not_applied; the undo stays pending, a repeat is refused with nothing
 * re-sent; the plan stays as the operation left it; once the pending time is over with nothing shown,
 * the next undo reverts it whole, and the journal marks the operation undone once.
 */
import { describe, expect } from 'vitest';
import type { FaultRule } from '../../../src/demo/index.js';
import type { Kind } from '../../../src/safety/journal-kinds.js';
import { PENDING_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, textOf } from '../../helpers/harness.js';
import { out } from '../../helpers/move.js';
import { pendingEntries } from '../../helpers/pending.js';
import { UNDO_CASES } from '../../helpers/undo-cases.js';
import { operated, expectUnknown, undoneIn, writesOf } from '../../helpers/late-undo.js';

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
