/**
 * move_money and its undo end in a known, true state, through a real client against the stand-in:
 * a dropped target write that reached YNAB is read back (never "nothing was moved" over a landed
 * write), one that no read shows is unknown — never not_applied, the source never put back, since
 * YNAB may still apply it late — an undo that stops halfway is finished by the next undo, an undo
 * YNAB applies late is finished by the next undo alone, pacing sends both writes or none
 * (and never calls its own limit "YNAB refused"), an amount that rounds to 0 asks nothing.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, textOf, type Harness } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { HOLIDAYS, MONTH_PATH, MOVE, RESTAURANTS, lines, out } from '../../helpers/move.js';
import { lateOptions } from '../../helpers/late-session.js';
import { heldBack, movableClock, pendingEntries as pending, until } from '../../helpers/pending.js';
import { req } from '../../requirements.js';

const MOVE_DETAILS = {
  month: '2026-09-01',
  changes: [
    { category_id: 'cat-holidays', from: 200_000, to: 190_000 },
    { category_id: 'cat-restaurants', from: 120_000, to: 130_000 },
  ],
};
const requestsOf = (h: Harness) => h.standIn.requests.map((q) => `${q.method} ${q.path}`);
const patchLines = (h: Harness) => requestsOf(h).filter((l) => l.startsWith('PATCH'));
/** The distinct requests sent after `line` (its last occurrence). */
const readsAfter = (h: Harness, line: string) => {
  const sent = requestsOf(h);
  return [...new Set(sent.slice(sent.lastIndexOf(line) + 1))];
};

describe.each(ERAS)('move_money outcomes, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const budgeted = (h: { standIn: { state: { budgets: Record<string, Record<string, number>> } } }) => [
    h.standIn.state.budgets['2026-09-01']?.['cat-holidays'],
    h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'],
  ];

  it('a dropped target write that reached YNAB is read back: applied, journaled, undoable', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true });
    const r = out(await call(s, 'move_money', MOVE));
    expect(budgeted(h)).toEqual([190_000, 130_000]);
    expect(r.status).toBe('applied');
    expect(r.message).toContain(
      "Moved: YNAB's answer to the change of Restaurants was lost, and a read-back shows Holidays 190.00 and Restaurants 130.00.",
    );
    expect(r.message).not.toContain('nothing was moved');
    // one PATCH each, never re-sent, no compensation: one read-back of the month
    const sent = h.standIn.requests.map((q) => `${q.method} ${q.path}`);
    expect(sent.filter((l) => l.startsWith('PATCH'))).toEqual([`PATCH ${HOLIDAYS}`, `PATCH ${RESTAURANTS}`]);
    expect(sent.at(-1)).toBe(`GET ${MONTH_PATH}`);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        operation_id: r.operation_id,
        kind: 'move',
        details: {
          month: '2026-09-01',
          changes: [
            { category_id: 'cat-holidays', from: 200_000, to: 190_000 },
            { category_id: 'cat-restaurants', from: 120_000, to: 130_000 },
          ],
        },
      }),
    ]);
    const undo = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.status).toBe('applied');
    expect(budgeted(h)).toEqual([200_000, 120_000]);
  });

  it('a dropped target write that no read shows: unknown, Holidays left as it is, the move journaled', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true });
    const result = await call(s, 'move_money', MOVE);
    const r = out(result);
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    const id = String(r.operation_id);
    expect(r.message).toBe(
      `Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show the change of Restaurants (it still shows 120.00), while Holidays is already 190.00. YNAB may still apply it late. Check with get_category_balances in a few minutes: repeating it now may make it twice. Holidays is left as it is: should Restaurants never change, the money is in Ready to Assign. undo_operation with operation_id ${id} puts back whatever of it landed (each category on its own). avenir-mcp keeps it as pending operation ${id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
    );
    expect(r.message).not.toContain('safe to ask again');
    // no compensation: Holidays keeps its new amount (Restaurants may still change late)
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    // one PATCH each, never re-sent, Holidays never put back: after the lost answer, reads of the month only
    expect(patchLines(h)).toEqual([`PATCH ${HOLIDAYS}`, `PATCH ${RESTAURANTS}`]);
    expect(readsAfter(h, `PATCH ${RESTAURANTS}`)).toEqual([`GET ${MONTH_PATH}`]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({ operation_id: id, kind: 'move', details: MOVE_DETAILS }),
    ]);
    expect(pending(journal)).toEqual([expect.objectContaining({ operation_id: id, tool: 'move_money' })]);
  });

  it('a lost target answer the pacer forbids reading back journals the move and says what is known', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const code = out(await call(s, 'move_money', MOVE)) as unknown as { confirmation: string };
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true });
    // the pacer leaves room for the preview's read and the two reserved writes, not for a read-back
    while ((await s.deps.pacer.sentLastHour()) < 180 - 3) await s.deps.pacer.take();
    const result = await call(s, 'move_money', { ...MOVE, confirmation: code.confirmation });
    const r = out(result);
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(r.message).toMatch(
      /^Do not repeat this change yet: Holidays is now 190\.00, but YNAB's answer to the change of Restaurants was lost/,
    );
    expect(r.message).toContain(
      'avenir-mcp could not check what YNAB holds: avenir-mcp sent 180 requests to YNAB in the last hour',
    );
    expect(r.message).toContain(
      'Check Restaurants in YNAB (get_category_balances) before anything else; do not repeat the move.',
    );
    expect(r.message).toContain(
      `undo_operation with operation_id ${String(r.operation_id)} puts back whatever of it landed (each category on its own).`,
    );
    // no read left: nothing was sent after the lost write
    expect(h.standIn.requests.at(-1)).toMatchObject({ method: 'PATCH', path: RESTAURANTS });
    expect(budgeted(h)).toEqual([190_000, 130_000]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({ operation_id: r.operation_id, kind: 'move', details: MOVE_DETAILS }),
    ]);
    expect(pending(journal)).toEqual([expect.objectContaining({ operation_id: r.operation_id })]);
  });

  it('a 2xx target answer that is not JSON is an unknown outcome, read back, never "not JSON"', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, status: 200, body: '<html>proxy</html>' });
    const result = await call(s, 'move_money', MOVE);
    const r = out(result);
    // the fault answered without applying: no read shows Restaurants changed, which is not "not applied"
    expect(r.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(JSON.stringify(r)).not.toContain('not JSON');
    expect(r.message).toMatch(/^Do not repeat this change yet: /);
    expect(r.message).not.toContain('safe to ask again');
    // Holidays is not put back: the lost write may still land
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(patchLines(h)).toEqual([`PATCH ${HOLIDAYS}`, `PATCH ${RESTAURANTS}`]);
    expect(lines(journal)).toEqual([expect.objectContaining({ operation_id: r.operation_id, kind: 'move' })]);
    expect(pending(journal)).toEqual([expect.objectContaining({ operation_id: r.operation_id })]);
  });

  it('a 200 answer that shows another amount is reported, not claimed applied', async ({ h, journal }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const ignoring = JSON.stringify({ data: { category: { id: 'cat-restaurants', budgeted: 120_000 } } });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, status: 200, body: ignoring });
    const r = out(await call(s, 'move_money', MOVE));
    expect(r.status).toBe('unknown');
    expect(r.message).toContain(
      'YNAB answered both changes, but Restaurants shows 120.00 instead of 130.00: check Holidays and Restaurants in YNAB',
    );
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([expect.objectContaining({ kind: 'move', operation_id: r.operation_id })]);
  });

  it('set_category_budget: a 200 answer that shows another amount is reported too', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const ignoring = JSON.stringify({ data: { category: { id: 'cat-restaurants', budgeted: 120_000 } } });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, status: 200, body: ignoring });
    const budget = {
      plan_id: 'demo-budget',
      month: '2026-09-01',
      category_id: 'cat-restaurants',
      amount: 150,
    };
    const r = out(await call(s, 'set_category_budget', budget));
    expect(r.status).toBe('unknown');
    expect(r.message).toContain('YNAB answered the change but shows 120.00 instead of 150.00');
    expect(budgeted(h)).toEqual([200_000, 120_000]);
  });

  it('177 reads then a move: both writes are sent or none, and the message names avenir-mcp', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    for (let i = 0; i < 177; i++) await s.deps.pacer.take();
    const r = await call(s, 'move_money', MOVE); // the preview read is the 178th
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /^Error calling tool 'move_money': avenir-mcp sent \d+ requests to YNAB in the last hour, close to YNAB's limit of 200 per hour\. Nothing was sent: nothing was changed; the 2 requests this change needs \(sent together or not at all\) can leave in \d+ minutes?\./,
    );
    expect(textOf(r)).not.toContain('YNAB refused');
    expect(h.standIn.writes).toEqual([]);
    expect(budgeted(h)).toEqual([200_000, 120_000]);
    expect(lines(journal)).toEqual([]);
  });

  it('176 reads then a move: the preview and both writes fit exactly, all sent', async ({ h, journal }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    for (let i = 0; i < 177 - 1; i++) await s.deps.pacer.take();
    const r = out(await call(s, 'move_money', MOVE));
    expect(r.status).toBe('applied');
    expect(await s.deps.pacer.sentLastHour()).toBe(180);
    expect(budgeted(h)).toEqual([190_000, 130_000]);
  });

  it.for([1e-9, 0.0004])(
    'refuses %s, which rounds to 0, before any request or question',
    async (amount, { h, journal }) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
      const r = await call(s, 'move_money', { ...MOVE, amount });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(
        `amount ${amount} rounds to 0: YNAB keeps amounts to 3 decimals, 0.001 the smallest. Give the amount meant.`,
      );
      expect(a.questions).toEqual([]);
      expect(h.standIn.requests).toEqual([]);
      expect(lines(journal)).toEqual([]);
    },
  );
});

describe.each(ERAS)(`${req('undo-halfway')} an undo of a move that stops halfway, %s era`, (era) => {
  it('says which half was restored, and the next undo finishes the other', async ({ h, journal }) => {
    h.standIn.reset();
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const moved = out(await call(s, 'move_money', MOVE));
    expect(moved.status).toBe('applied');
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, status: 500 });
    const half = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(half.status).toBe('partial');
    const rest = lines(journal).find((l) => l.kind === 'budget') as { operation_id: string };
    expect(half.message).toBe(
      `Undo done halfway: Restaurants is back to 120.00; setting Holidays back to 200.00 failed (YNAB 500: internal error). undo_operation (operation_id ${rest.operation_id}) finishes it.`,
    );
    const state = h.standIn.state.budgets['2026-09-01'];
    expect([state?.['cat-holidays'], state?.['cat-restaurants']]).toEqual([190_000, 120_000]);
    expect(rest).toMatchObject({
      kind: 'budget',
      details: { month: '2026-09-01', category_id: 'cat-holidays', from: 200_000, to: 190_000 },
    });
    expect(lines(journal).some((l) => l.undone === moved.operation_id)).toBe(true);
    const done = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(done.status).toBe('applied');
    const after = h.standIn.state.budgets['2026-09-01'];
    expect([after?.['cat-holidays'], after?.['cat-restaurants']]).toEqual([200_000, 120_000]);
  });
});

describe('an undo of a move that YNAB applies late', () => {
  it('is unknown, never not_applied; once YNAB shows it, the next undo puts Holidays back alone', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const a = answering(ACCEPT);
    const clock = movableClock();
    // the server stops waiting for the answer the stand-in holds, and reads back over 40 ms; the
    // stand-in applies the write when the test lets it, after those reads
    const s = await connect(h, 'modern', { ...lateOptions(h, journal, clock), elicit: a.handler });
    const budgeted = () => [
      h.standIn.state.budgets['2026-09-01']?.['cat-holidays'],
      h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'],
    ];
    const undone = () => lines(journal).flatMap((l) => (l.undone === undefined ? [] : [l.undone]));
    const moved = out(await call(s, 'move_money', MOVE));
    expect(moved.status).toBe('applied');
    expect(budgeted()).toEqual([190_000, 130_000]);
    h.standIn.clearRequests();

    // the undo's first write (Restaurants back to 120.00) is answered too late, and applied late
    const late = heldBack();
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, hold: late.hold, drop: true, apply: true });
    const undo = { plan_id: 'demo-budget', operation_id: moved.operation_id };
    const first = await call(s, 'undo_operation', undo);
    const r = out(first);
    expect(r.status).toBe('unknown');
    expect(first.isError).toBe(true);
    expect(r.message).toMatch(
      /^Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show Restaurants back at 120\.00\. YNAB may still apply it late\./,
    );
    expect(r.message).toContain(
      'The operation is still in the journal: undo_operation re-reads the month first and puts back only what is still to put back.',
    );
    expect(r.message).not.toContain('safe to ask again');
    // it stopped at its first write: Holidays not sent, the move still in effect
    expect(patchLines(h)).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(readsAfter(h, `PATCH ${RESTAURANTS}`)).toEqual([`GET ${MONTH_PATH}`]);
    expect(budgeted()).toEqual([190_000, 130_000]);
    expect(undone()).toEqual([]);

    // YNAB applies it late
    late.land();
    await until(() => budgeted()[1] === 120_000);
    expect(budgeted()).toEqual([190_000, 120_000]);

    // a minute later, the next undo of the move sees Restaurants back and puts Holidays back alone
    clock.forward(60_000);
    const second = await call(s, 'undo_operation', undo);
    // (a refusal, e.g. "still pending", has no structured content: its text is shown instead)
    expect(out(second)?.status ?? textOf(second)).toBe('applied');
    expect(a.questions.at(-1)).toBe(
      'Undo: set Holidays for 2026-09-01 back to 200.00 (Restaurants is already back at 120.00)?',
    );
    expect(out(second)).toMatchObject({
      status: 'applied',
      message: 'Holidays restored; the other amount was already back.',
    });
    // the books end whole, and each write was sent once
    expect(budgeted()).toEqual([200_000, 120_000]);
    expect(patchLines(h)).toEqual([`PATCH ${RESTAURANTS}`, `PATCH ${HOLIDAYS}`]);
    expect(undone()).toEqual([moved.operation_id]);
    expect(pending(journal)).toEqual([]);
  });
});
