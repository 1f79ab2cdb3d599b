/**
 * move_money when the answer to its *first* write (the source) is lost, and when putting the source
 * back fails or its answer is lost, through a real client against the stand-in: each ends in a state
 * the message tells truly, a write that may have landed is never re-sent, and what is known to be in
 * YNAB is journaled. The paths do not depend on the protocol era: one era is enough.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';
import { HOLIDAYS, MONTH_PATH, MOVE, RESTAURANTS, lines, out } from '../helpers/move.js';

const budgeted = (h: Harness) => [
  h.standIn.state.budgets['2026-09-01']?.['cat-holidays'],
  h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'],
];
const patches = (h: Harness) =>
  h.standIn.requests.filter((q) => q.method === 'PATCH').map((q) => [q.path, q.body]);
const source = (to: number) => [HOLIDAYS, { category: { budgeted: to } }];
const target = [RESTAURANTS, { category: { budgeted: 130_000 } }];

/**
 * Once the write to `path` arrived (its answer held back by a delay), sets the fault of what follows:
 * the put-back or the read-back, which the same rule would otherwise meet earlier in the call.
 */
async function whileHeld(h: Harness, path: string, then: () => void): Promise<void> {
  while (!h.standIn.requests.some((q) => q.method === 'PATCH' && q.path === path))
    await new Promise((resolve) => setTimeout(resolve, 5));
  then();
}
const whileTargetHeld = (h: Harness, then: () => void) => whileHeld(h, RESTAURANTS, then);
const failReadBack = (h: Harness) => () => h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500 });

describe('move_money, a lost answer to the source write', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('read back unchanged: nothing was moved, the target never sent, nothing journaled', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true });
    const r = out(await call(s, 'move_money', MOVE));
    expect(r).toMatchObject({
      status: 'not_applied',
      message:
        "YNAB's answer to the change of Holidays was lost; a read-back shows it still at 200.00: nothing was moved. It is safe to ask again.",
      operation_id: null,
    });
    expect(patches(h)).toEqual([source(190_000)]);
    expect(h.standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: MONTH_PATH });
    expect(budgeted(h)).toEqual([200_000, 120_000]);
    expect(lines(journal)).toEqual([]);
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
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true, apply: true, delayMs: 1_500 });
    const done = call(s, 'move_money', MOVE);
    await whileHeld(h, HOLIDAYS, failReadBack(h));
    const r = out(await done);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(
      /^YNAB's answer to the change of Holidays was lost \(.+\), and .+: nothing more was sent\./,
    );
    expect(r.message).toContain(
      'Check Holidays and Restaurants in YNAB (get_category_balances) before doing anything else; do not repeat the move.',
    );
    expect(patches(h)).toEqual([source(190_000)]);
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([]);
  });
});

describe('move_money, the target lost and its read-back failing', () => {
  it('journals the source alone and says the target is not known', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, delayMs: 1_500 });
    const done = call(s, 'move_money', MOVE);
    await whileTargetHeld(h, failReadBack(h));
    const r = out(await done);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(
      /^Holidays is now 190\.00, but YNAB's answer to the change of Restaurants was lost \(.+\), and .*YNAB 500/,
    );
    expect(patches(h)).toEqual([source(190_000), target]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({
        kind: 'budget',
        operation_id: r.operation_id,
        details: { month: '2026-09-01', category_id: 'cat-holidays', from: 200_000, to: 190_000 },
      }),
    ]);
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
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, status: 409, delayMs: 1_500 });
    const done = call(s, 'move_money', MOVE);
    await whileTargetHeld(h, () =>
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
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, status: 409, delayMs: 1_500 });
    const done = call(s, 'move_money', MOVE);
    await whileTargetHeld(h, () => h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true }));
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

  it('target lost and unchanged, the put-back refused: partial, says what to set by hand', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, delayMs: 1_500 });
    const done = call(s, 'move_money', MOVE);
    await whileTargetHeld(h, () => h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, status: 500 }));
    const r = out(await done);
    expect(r.status).toBe('partial');
    expect(r.message).toMatch(
      /^YNAB's answer to the change of Restaurants was lost; a read-back shows it still at 120\.00, then putting Holidays back failed \(YNAB 500: .*\): set Holidays back to 200\.00 in YNAB\. undo_operation with operation_id \S+ puts Holidays back\.$/,
    );
    expect(patches(h)).toEqual([source(190_000), target, source(200_000)]);
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(lines(journal)).toEqual([
      expect.objectContaining({ kind: 'budget', operation_id: r.operation_id }),
    ]);
  });
});
