/**
 * move_money when the answer to its *first* write (the source) is lost, when the target's is lost
 * (the source is then never put back: the target may still land), and when putting the source back
 * after a refused target fails or its answer is lost, through a real client against the stand-in:
 * each ends in a state the message tells truly, a write that may have landed is never re-sent, and
 * what may be in YNAB is journaled. The paths do not depend on the protocol era: one era is enough.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { HOLIDAYS, MONTH_PATH, MOVE, RESTAURANTS, lines, out } from '../../helpers/move.js';
import { heldBack, pendingEntries as pending, whileHeld } from '../../helpers/pending.js';
import type { FaultRule } from '../../../src/demo/index.js';

const budgeted = (h: Harness) => [
  h.standIn.state.budgets['2026-09-01']?.['cat-holidays'],
  h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'],
];
const patches = (h: Harness) =>
  h.standIn.requests.filter((q) => q.method === 'PATCH').map((q) => [q.path, q.body]);
const source = (to: number) => [HOLIDAYS, { category: { budgeted: to } }];
const target = [RESTAURANTS, { category: { budgeted: 130_000 } }];

/**
 * The write to `path` held until the test has set the fault of what follows (the put-back or the
 * read-back, which the same rule would otherwise meet earlier in the call): its fault, and the wait.
 */
function heldPatch(path: string, fault: Omit<FaultRule, 'path' | 'hold'>) {
  const held = heldBack();
  return {
    fault: { method: 'PATCH', path, ...fault, hold: held.hold },
    whileHeld: (h: Harness, then: () => void) => whileHeld(h.standIn, { method: 'PATCH', path }, held, then),
  };
}
/** The distinct requests sent after the last PATCH. */
const readsAfterPatch = (h: Harness) => {
  const sent = h.standIn.requests.map((q) => `${q.method} ${q.path}`);
  const last = sent.findLastIndex((l) => l.startsWith('PATCH'));
  return [...new Set(sent.slice(last + 1))];
};
const failReadBack = (h: Harness) => () => h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500 });

describe('move_money, a lost answer to the source write', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('no read shows it: unknown, the target never sent, the source journaled and pending', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true });
    const result = await call(s, 'move_money', MOVE);
    const r = out(result);
    expect(result.isError).toBe(true);
    const id = String(r.operation_id);
    expect(r).toMatchObject({
      status: 'unknown',
      message: `Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show the change of Holidays (it still shows 200.00); nothing more was sent. YNAB may still apply it late. Check with get_category_balances in a few minutes: repeating it now may make it twice. undo_operation with operation_id ${id} puts Holidays back to 200.00 if it landed. avenir-mcp keeps it as pending operation ${id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
      operation_id: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    expect(r.message).not.toContain('safe to ask again');
    expect(patches(h)).toEqual([source(190_000)]);
    // after the lost write, reads of the month only (the write is never sent again)
    expect(readsAfterPatch(h)).toEqual([`GET ${MONTH_PATH}`]);
    expect(budgeted(h)).toEqual([200_000, 120_000]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        kind: 'budget',
        operation_id: id,
        details: { month: '2026-09-01', category_id: 'cat-holidays', from: 200_000, to: 190_000 },
      }),
    ]);
    expect(pending(journal)).toEqual([expect.objectContaining({ operation_id: id, tool: 'move_money' })]);
  });

  it('read back applied: the move goes on to the target and is journaled whole', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true, apply: true });
    const r = out(await call(s, 'move_money', MOVE));
    expect(r.status).toBe('applied');
    expect(patches(h)).toEqual([source(190_000), target]);
    expect(budgeted(h)).toEqual([190_000, 130_000]);
    expect(lines(journal)).toEqual([expect.objectContaining({ kind: 'move', operation_id: r.operation_id })]);
  });

  it('the read-back fails too: unknown, nothing more sent, nothing journaled', async ({ h, journal }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const held = heldPatch(HOLIDAYS, { drop: true, apply: true });
    h.standIn.fault(held.fault);
    const done = call(s, 'move_money', MOVE);
    await held.whileHeld(h, failReadBack(h));
    const result = await done;
    const r = out(result);
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(r.message).toMatch(
      /^Do not repeat this change yet: YNAB's answer to the change of Holidays was lost \(.+\), and avenir-mcp could not check what YNAB holds: YNAB 500.*: nothing more was sent\./,
    );
    expect(r.message).toContain(
      'Check Holidays and Restaurants in YNAB (get_category_balances) before doing anything else; do not repeat the move.',
    );
    expect(patches(h)).toEqual([source(190_000)]);
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([]);
    expect(r.operation_id).toBeNull();
  });
});

describe('move_money, the target lost and its read-back failing', () => {
  it('journals the whole move and says the target is not known', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const held = heldPatch(RESTAURANTS, { drop: true });
    h.standIn.fault(held.fault);
    const done = call(s, 'move_money', MOVE);
    await held.whileHeld(h, failReadBack(h));
    const result = await done;
    const r = out(result);
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(r.message).toMatch(
      /^Do not repeat this change yet: Holidays is now 190\.00, but YNAB's answer to the change of Restaurants was lost \(.+\), and avenir-mcp could not check what YNAB holds: .*YNAB 500/,
    );
    // each category's undo is judged on its own: the whole move is journaled, whatever the target holds
    expect(r.message).toContain(
      `undo_operation with operation_id ${String(r.operation_id)} puts back whatever of it landed (each category on its own).`,
    );
    expect(patches(h)).toEqual([source(190_000), target]);
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        kind: 'move',
        operation_id: r.operation_id,
        details: {
          month: '2026-09-01',
          changes: [
            { category_id: 'cat-holidays', from: 200_000, to: 190_000 },
            { category_id: 'cat-restaurants', from: 120_000, to: 130_000 },
          ],
        },
      }),
    ]);
    expect(pending(journal)).toEqual([expect.objectContaining({ operation_id: r.operation_id })]);
  });
});

describe('move_money, putting the source back', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('target refused, the put-back lost but landed: the refusal, nothing moved, nothing journaled', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const held = heldPatch(RESTAURANTS, { status: 409 });
    h.standIn.fault(held.fault);
    const done = call(s, 'move_money', MOVE);
    await held.whileHeld(h, () =>
      h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true, apply: true }),
    );
    const r = await done;
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('Holidays is back to 200.00: nothing was moved.');
    expect(patches(h)).toEqual([source(190_000), target, source(200_000)]);
    expect(budgeted(h)).toEqual([200_000, 120_000]);
    expect(lines(journal)).toEqual([]);
  });

  it('target refused, the put-back lost and not landed: unknown, the source journaled', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const held = heldPatch(RESTAURANTS, { status: 409 });
    h.standIn.fault(held.fault);
    const done = call(s, 'move_money', MOVE);
    await held.whileHeld(h, () => h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true }));
    const r = out(await done);
    expect(r.status).toBe('unknown');
    expect(r.message).toContain('then putting Holidays back failed too (');
    expect(r.message).toContain(
      `undo_operation with operation_id ${String(r.operation_id)} puts Holidays back.`,
    );
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({ kind: 'budget', operation_id: r.operation_id }),
    ]);
  });

  it('target lost and not shown: no put-back is sent (it may still land), unknown, the move journaled', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const held = heldPatch(RESTAURANTS, { drop: true });
    h.standIn.fault(held.fault);
    const done = call(s, 'move_money', MOVE);
    // a put-back, were one sent, would be refused: none is
    await held.whileHeld(h, () => h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, status: 500 }));
    const result = await done;
    const r = out(result);
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(r.message).toMatch(
      /^Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show the change of Restaurants \(it still shows 120\.00\), while Holidays is already 190\.00\. /,
    );
    expect(r.message).toContain(
      'Holidays is left as it is: should Restaurants never change, the money is in Ready to Assign.',
    );
    expect(r.message).not.toContain('safe to ask again');
    expect(patches(h)).toEqual([source(190_000), target]);
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([expect.objectContaining({ kind: 'move', operation_id: r.operation_id })]);
    expect(pending(journal)).toEqual([expect.objectContaining({ operation_id: r.operation_id })]);
  });
});
