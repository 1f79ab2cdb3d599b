/**
 * Undos of several requests whose later request YNAB applies after avenir-mcp has stopped waiting,
 * through a real client against the stand-in: the undo of a move (the source after the
 * target), of created transactions (one delete each), of a transfer whose other side YNAB kept, and
 * of a reconciliation (the adjustment after the transactions). The undo stops halfway and says so —
 * unknown, never not_applied — with what is left journaled as an operation of its own, kept pending
 * until the late request shows (its undo refused meanwhile, so that request is never sent twice); the
 * operation itself cannot be undone twice; once the late request landed, the next undo settles the
 * pending entry, finds nothing left and sends nothing, and the books end whole with each write sent
 * once.
 */
import { describe, expect } from 'vitest';
import type { FaultRule } from '../../../src/demo/index.js';
import { RETRY_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf } from '../../helpers/harness.js';
import { lines, out } from '../../helpers/move.js';
import { heldBack, pendingEntries, pendingIdIn } from '../../helpers/pending.js';
import { UNDO_CASES } from '../../helpers/undo-cases.js';
import * as late from '../../helpers/late-undo.js';
import { req } from '../../requirements.js';
import { lateOptions } from '../../helpers/late-session.js';

/** The kind of what is left when each multi-request undo stops at its second request. */
const REST: Record<string, string> = {
  move: 'budget',
  create: 'create',
  transfer: 'transfer',
  reconcile: 'reconcile',
  statement: 'statement',
};

/**
 * What the undo of `c` had not sent yet when it stopped at its second request: the rest's own undo
 * sends it (apply_statement's undo recreates the duplicates after deleting the fee), or, when the
 * second was the last, finds nothing to do.
 */
const unsent = (c: { routes: unknown[] }): number => c.routes.length - 2;
const finished = (c: { routes: unknown[] }): string => (unsent(c) === 0 ? 'nothing_to_do' : 'applied');
const MULTI = UNDO_CASES.filter((c) => c.routes.length > 1);

describe('the table of later requests covers every undo of several requests', () => {
  it('each one is a row, with what it leaves', () => {
    expect(MULTI.map((c) => c.kind).sort()).toEqual(Object.keys(REST).sort());
  });
});

describe.each(MULTI)('the undo of $kind ($tool), its second request applied late', (c) => {
  it('halfway and unknown, the rest journaled; once it landed the next undo sends nothing; the books whole', async ({
    h,
    journal,
  }) => {
    const { s, clock, before, op, undo } = await late.operated(h, journal, c);
    // the first request answered (as the row needs it), the second one applied late
    for (const f of c.setup ?? [c.routes[0]!]) h.standIn.fault(f as FaultRule);
    const held = heldBack();
    h.standIn.fault({ ...c.routes[1]!, hold: held.hold });
    const first = await call(s, 'undo_operation', undo);
    late.expectUnknown(first, 'Undo done halfway: ');
    const r = out(first);
    expect(late.writesOf(h)).toHaveLength(2);
    // what is left is an operation of its own, whose undo re-reads YNAB before sending anything
    const rest = lines(journal).find((l) => l.kind !== undefined && l.operation_id !== op);
    expect(rest?.kind).toBe(REST[c.kind]);
    const restId = String(rest?.operation_id);
    expect(r.message).toContain(`undo_operation (operation_id ${restId}) finishes it.`);
    // the late request may still land: pending under the id of what is left, recognisable by any process
    expect(pendingEntries(journal)).toEqual([
      expect.objectContaining({ operation_id: restId, recognise: expect.anything() }),
    ]);
    expect(r.message).toContain(`avenir-mcp keeps it as pending operation ${restId}`);
    expect(late.undoneIn(journal)).toEqual([op]);
    // (that undoing the rest is refused while it may still land is tested where the request never
    // lands, outcomes-undo-more and undo-lost-answers: here it lands at a time a test cannot pin)

    // the operation itself is not undone twice: nothing is sent
    const again = await call(s, 'undo_operation', undo);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain(
      `Nothing to undo: no operation of this plan is still in effect with id ${op}.`,
    );
    expect(late.writesOf(h)).toHaveLength(2);

    // the stand-in applies it; the next undo of what was left finds it done and sends only what the
    // undo had not sent yet
    held.land();
    await late.until(
      () =>
        h.standIn.requests.filter((q) => q.method !== 'GET' && q.status >= 200 && q.status < 300).length ===
        2,
    );
    clock.forward(RETRY_MS);
    const finish = out(await call(s, 'undo_operation', { plan_id: 'demo-budget', operation_id: restId }));
    expect(finish.status).toBe(finished(c));
    expect(late.writesOf(h)).toHaveLength(2 + unsent(c));
    expect(late.undoneIn(journal)).toEqual([op, restId]);
    expect(c.held(h.standIn.state)).toEqual(before);
    late.eachSentOnce(h);
  });
});

describe.each(MULTI)(
  `${req('undo-halfway')} the undo of $kind stopped halfway, settled by the next process`,
  (c) => {
    it('the next process closes the pending entry once the late request shows; the rest sends only what was never sent', async ({
      h,
      journal,
    }) => {
      const { s, before, undo } = await late.operated(h, journal, c);
      for (const f of c.setup ?? [c.routes[0]!]) h.standIn.fault(f as FaultRule);
      const held = heldBack();
      h.standIn.fault({ ...c.routes[1]!, hold: held.hold });
      const restId = pendingIdIn(out(await call(s, 'undo_operation', undo)).message);
      await s.close();
      held.land();
      await late.until(
        () =>
          h.standIn.requests.filter((q) => q.method !== 'GET' && q.status >= 200 && q.status < 300).length ===
          2,
      );
      // a process of its own on the same journal: nothing of the undo in its memory
      const next = await connect(h, 'modern', lateOptions(h, journal));
      await call(next, 'list_accounts', { plan_id: 'demo-budget' });
      expect(pendingEntries(journal)).toEqual([]);
      const finish = out(
        await call(next, 'undo_operation', { plan_id: 'demo-budget', operation_id: restId }),
      );
      expect(finish.status).toBe(finished(c));
      expect(c.held(h.standIn.state)).toEqual(before);
      late.eachSentOnce(h);
    });
  },
);
