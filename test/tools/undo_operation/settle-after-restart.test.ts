/**
 * An undo in one request that YNAB applies late, settled by another process on the same journal:
 * the process that sent it is gone (a restart, a crash, another instance), so nothing of it is in
 * memory, only its pending entry. Through a real client against the stand-in, for every kind whose
 * undo is one request: the next process's first call on the plan reads the revert in place, marks
 * the operation undone (journaling nothing else), and closes the entry; the revert was sent once,
 * and asking for the undo again finds nothing to undo and sends nothing.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Harness, type Session } from '../../helpers/harness.js';
import { lines, out } from '../../helpers/move.js';
import { journalEntries, pendingEntries, pendingIdIn, until, heldBack } from '../../helpers/pending.js';
import { UNDO_CASES, sentOn, type UndoCase } from '../../helpers/undo-cases.js';
import { req } from '../../requirements.js';
import { lateOptions } from '../../helpers/late-session.js';

const PLAN = { plan_id: 'demo-budget' };

/** A process of its own (its own memory of pending writes), on the shared journal. */
function process(h: Harness, journal: string): Promise<Session> {
  return connect(h, 'modern', lateOptions(h, journal));
}

const undone = (journal: string): string[] =>
  lines(journal).flatMap((l: { undone?: string }) => (l.undone === undefined ? [] : [l.undone]));

const ONE_REQUEST = UNDO_CASES.filter((c) => c.routes.length === 1);

describe.each(ONE_REQUEST)(
  `${req('pending-other-process')} the undo of $kind, applied late, settled by the next process`,
  (c: UndoCase) => {
    it.beforeEach(({ h }) => h.standIn.reset());

    it('marks the operation undone at its first call on the plan, and nothing is sent twice', async ({
      h,
      journal,
    }) => {
      const first = await process(h, journal);
      const before = c.held(h.standIn.state);
      const made = out(await call(first, c.tool, { ...PLAN, ...c.args }));
      expect(made.status).toBe('applied');
      const op = String(made.operation_id);
      const after = c.held(h.standIn.state);
      h.standIn.clearRequests();

      // the revert's answer comes too late: unknown, pending, and YNAB applies it after
      const late = heldBack();
      h.standIn.fault({ ...c.routes[0]!, hold: late.hold });
      const lost = out(await call(first, 'undo_operation', { ...PLAN, operation_id: op }));
      expect(lost.status).toBe('unknown');
      const id = pendingIdIn(lost.message);
      expect(pendingEntries(journal).map((p) => p.operation_id)).toEqual([id]);
      expect(pendingEntries(journal)[0]).toMatchObject({ undoes: op });
      await first.close();
      late.land();
      await until(() => JSON.stringify(c.held(h.standIn.state)) !== JSON.stringify(after));
      expect(undone(journal)).toEqual([]);

      // a process that never saw the undo settles it from its pending entry alone
      const next = await process(h, journal);
      await call(next, 'list_accounts', PLAN);
      expect(pendingEntries(journal)).toEqual([]);
      expect(undone(journal)).toEqual([op]);
      // nothing of the undo itself is journaled (an undo cannot be undone): the operation, its undone mark
      expect(journalEntries(journal)).toEqual([
        expect.objectContaining({ operation_id: op }),
        { undone: op },
      ]);
      if (c.kind !== 'delete' && c.kind !== 'schedule_delete')
        expect(c.held(h.standIn.state)).toEqual(before);

      // asked again, nothing is left to undo, and the revert was sent once in all
      const again = await call(next, 'undo_operation', { ...PLAN, operation_id: op });
      expect(textOf(again)).toContain(
        `Nothing to undo: no operation of this plan is still in effect with id ${op}.`,
      );
      expect(sentOn(h.standIn.requests, c.routes[0]!)).toBe(1);
      await next.close();
    });
  },
);

describe.each(ONE_REQUEST)(
  `${req('pending-other-process')} the undo of $kind, its request in flight`,
  (c: UndoCase) => {
    it.beforeEach(({ h }) => h.standIn.reset());

    it('is recognisable from its pending entry before its request is answered', async ({ h, journal }) => {
      // the held undo is answered in time here (released once its entry is seen): a real wait
      const s = await connect(h, 'modern', lateOptions(h, journal, undefined, { expireWhenHeld: false }));
      const made = out(await call(s, c.tool, { ...PLAN, ...c.args }));
      const op = String(made.operation_id);
      h.standIn.clearRequests();
      let release = (): void => undefined;
      const hold = new Promise<void>((resolve) => (release = resolve));
      h.standIn.fault({ ...c.routes[0]!, hold });
      const undo = call(s, 'undo_operation', { ...PLAN, operation_id: op });
      await until(() => sentOn(h.standIn.requests, c.routes[0]!) === 1);
      // a process killed now leaves this entry: what it sent, and the operation it undoes
      const [entry] = pendingEntries(journal);
      expect(entry).toMatchObject({
        undoes: op,
        recognise: expect.objectContaining({ expect: expect.any(String) }),
      });
      release();
      expect(out(await undo).status).toBe('applied');
      expect(pendingEntries(journal)).toEqual([]);
      await s.close();
    });
  },
);
