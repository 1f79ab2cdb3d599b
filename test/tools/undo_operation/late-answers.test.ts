/**
 * Undos YNAB applies after avenir-mcp has stopped waiting, for every kind of the journal,
 * through a real client against the stand-in: the undo's first request is applied past the request
 * timeout. The answer is never `not_applied` and never invites a second try; the undo stays pending
 * (asked again, it is refused and nothing is re-sent); once the stand-in applied it, the next call on
 * the plan settles it; the journal marks the operation undone exactly once (an undo of several
 * requests is finished by the next undo, which sends only what is left); and the stand-in holds the
 * plan as before the operation — a recreate makes one copy, never two. The other ways an undo's
 * answer is lost (a drop after sending, a 2xx that is not JSON, a cut-off answer) have their own
 * table over every kind, undo_operation/lost-answers.test.ts.
 */
import { describe, expect } from 'vitest';
import { KINDS } from '../../../src/safety/journal-kinds.js';
import { RETRY_MS } from '../../../src/safety/outcome/settle-later.js';
import { it } from '../../helpers/fixture.js';
import { call, textOf } from '../../helpers/harness.js';
import { out } from '../../helpers/move.js';
import { heldBack, pendingEntries } from '../../helpers/pending.js';
import { UNDO_CASES } from '../../helpers/undo-cases.js';
import { eachSentOnce, operated, expectUnknown, undoneIn, until, writesOf } from '../../helpers/late-undo.js';
import { req } from '../../requirements.js';

/** Kinds whose undo sends no YNAB request (the rules are this server's own): no answer to be late. */
const SENDS_NOTHING: ReadonlySet<string> = new Set(['rule']);

describe('the late-undo table covers every kind of the journal', () => {
  it('each kind is a row, once', () => {
    expect(
      UNDO_CASES.map((c) => c.kind).sort(),
      'each kind of KIND_DETAILS has one row in test/helpers/undo-cases.ts: the write that makes it and the requests its undo sends',
    ).toEqual(KINDS.filter((k) => !SENDS_NOTHING.has(k)).sort());
  });
});

describe.each(UNDO_CASES)(
  `${req('outcome-truth')} the undo of $kind ($tool), its first request applied late`,
  (c) => {
    it('unknown and pending, a repeat refused, settled by the next call, undone once, the books whole', async ({
      h,
      journal,
    }) => {
      const { s, clock, before, op, undo } = await operated(h, journal, c);
      const late = heldBack();
      h.standIn.fault({ ...c.routes[0]!, hold: late.hold });
      const first = await call(s, 'undo_operation', undo);
      expectUnknown(first);
      const r = out(first);
      // the later requests of the undo wait for the first to be known
      expect(writesOf(h)).toHaveLength(1);
      const [pending] = pendingEntries(journal);
      expect(pendingEntries(journal)).toEqual([expect.objectContaining({ tool: 'undo_operation' })]);
      expect(r.message).toContain(`pending operation ${pending?.operation_id}`);
      expect(undoneIn(journal)).toEqual([]);

      // asked again while it may still land: refused, nothing re-sent
      const again = await call(s, 'undo_operation', undo);
      expect(again.isError).toBe(true);
      expect(textOf(again)).toContain(
        `A change to the same thing is still pending: operation ${pending?.operation_id}`,
      );
      expect(writesOf(h)).toHaveLength(1);

      // the stand-in applies it now; the next call on the plan, once reads are due again, settles it
      late.land();
      await until(() =>
        h.standIn.requests.some((q) => q.method !== 'GET' && q.status >= 200 && q.status < 300),
      );
      clock.forward(RETRY_MS);
      await call(s, 'list_accounts', { plan_id: 'demo-budget' });
      expect(pendingEntries(journal)).toEqual([]);
      if (c.routes.length > 1 && undoneIn(journal).length === 0) {
        // an undo of several requests is not done when its first lands: the next one sends the rest
        const rest = out(await call(s, 'undo_operation', undo));
        expect(rest.status).toBe('applied');
      }
      expect(undoneIn(journal)).toEqual([op]);
      expect(c.held(h.standIn.state)).toEqual(before);
      eachSentOnce(h);
      // nothing more to undo of it
      const more = await call(s, 'undo_operation', undo);
      expect(more.isError).toBe(true);
      expect(undoneIn(journal)).toEqual([op]);
    });
  },
);
