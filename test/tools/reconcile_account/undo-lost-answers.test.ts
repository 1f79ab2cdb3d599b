/**
 * The undo of a reconciliation is two requests (the transactions back to cleared, then the adjustment
 * deleted), and each answer it gets is told truly, through a real client against the stand-in: a lost
 * first answer that a read shows landed lets the undo go on; one that cannot be checked is unknown
 * and pending; a second request YNAB refuses after the first landed stops the undo halfway — never an
 * error saying nothing changed — with the adjustment kept for the next undo.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call } from '../../helpers/harness.js';
import { lines, out } from '../../helpers/move.js';
import { pendingEntries } from '../../helpers/pending.js';
import { UNDO_CASES } from '../../helpers/undo-cases.js';
import { TX } from '../../helpers/write-cases.js';
import { eachSentOnce, lateSession, operate, undoneIn, writesOf } from '../../helpers/late-undo.js';

const c = UNDO_CASES.find((x) => x.kind === 'reconcile')!;
const [PATCH, DELETE] = c.routes as [(typeof c.routes)[0], (typeof c.routes)[0]];

describe('the undo of reconcile_account, its answers lost or refused', () => {
  it('a lost first answer a read shows landed: the undo goes on, done', async ({ h, journal }) => {
    const { s } = await lateSession(h, journal);
    const { before, op } = await operate(h, s, c);
    h.standIn.fault({ ...PATCH, drop: true, apply: true });
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget', operation_id: op }));
    expect(r.status).toBe('applied');
    expect(writesOf(h)).toHaveLength(2);
    expect(undoneIn(journal)).toEqual([op]);
    expect(pendingEntries(journal)).toEqual([]);
    expect(c.held(h.standIn.state)).toEqual(before);
    eachSentOnce(h);
  });

  it('a lost first answer whose read-back fails: unknown and pending, nothing more sent', async ({
    h,
    journal,
  }) => {
    const { s } = await lateSession(h, journal);
    const { op } = await operate(h, s, c);
    const after = c.held(h.standIn.state);
    // the undo's own reads (the preview's, and again once the user said yes) pass; the read-back fails
    h.standIn.fault({ method: 'GET', path: TX, times: 2 });
    h.standIn.fault({ method: 'GET', path: TX, status: 500, times: 10 });
    h.standIn.fault({ ...PATCH, drop: true });
    const result = await call(s, 'undo_operation', { plan_id: 'demo-budget', operation_id: op });
    const r = out(result);
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(r.message).toMatch(/^Do not repeat this change yet: the undo may or may not be in YNAB \(/);
    expect(r.message).toContain('avenir-mcp could not check what YNAB holds: YNAB 500');
    expect(pendingEntries(journal)).toEqual([expect.objectContaining({ tool: 'undo_operation' })]);
    expect(writesOf(h)).toHaveLength(1);
    expect(c.held(h.standIn.state)).toEqual(after);
    expect(undoneIn(journal)).toEqual([]);
  });

  it('the adjustment delete refused after the transactions are back: halfway, the adjustment kept', async ({
    h,
    journal,
  }) => {
    const { s } = await lateSession(h, journal);
    const { before, op } = await operate(h, s, c);
    h.standIn.fault({ ...DELETE, status: 500 });
    const result = await call(s, 'undo_operation', { plan_id: 'demo-budget', operation_id: op });
    const r = out(result);
    expect(r.status).toBe('partial');
    expect(result.isError).toBe(true);
    const rest = lines(journal).find((l) => l.kind === 'reconcile' && l.operation_id !== op);
    expect(rest?.details).toMatchObject({ reconciled_ids: [] });
    expect(r.message).toMatch(
      new RegExp(
        `^Undo done halfway: [^;]+ back to cleared; deleting the adjustment [^ ]+ failed \\(YNAB 500[^)]*\\)\\. undo_operation \\(operation_id ${String(rest?.operation_id)}\\) finishes it\\.$`,
      ),
    );
    expect(undoneIn(journal)).toEqual([op]);
    expect(pendingEntries(journal)).toEqual([]);
    // the next undo deletes the adjustment alone
    const done = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(done.status).toBe('applied');
    expect(writesOf(h).filter((w) => w.startsWith('PATCH'))).toHaveLength(1);
    expect(c.held(h.standIn.state)).toEqual(before);
    expect(undoneIn(journal)).toEqual([op, rest?.operation_id]);
  });
});
