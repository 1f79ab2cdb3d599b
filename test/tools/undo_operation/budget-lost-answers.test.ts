/**
 * An undo of budgeted amounts whose write answers are lost, through a real client against the
 * stand-in: each lost answer is checked by reading the month over the settling window (never sent
 * again), and the undo ends in a state it names truly — done, not known yet (never "not applied":
 * YNAB may still apply it late), or halfway with the rest kept for the next undo.
 */
import { describe, expect } from 'vitest';
import { pendingText } from '../../../src/domain/write-outcome.js';
import { readMoments } from '../../../src/safety/outcome/settle.js';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, type Harness } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { HOLIDAYS, MONTH_PATH, MOVE, RESTAURANTS, lines, out } from '../../helpers/move.js';
import { pendingEntries as pending } from '../../helpers/pending.js';

const budgeted = (h: Harness) => {
  const month = h.standIn.state.budgets['2026-09-01'];
  return [month?.['cat-holidays'], month?.['cat-restaurants']];
};
const sent = (h: Harness) => h.standIn.requests.map((q) => `${q.method} ${q.path}`);
/** How many times a lost write is read back over the harness's settling window. */
const reads = (h: Harness) => readMoments(Number(h.env.AVENIR_MCP_SETTLE_MS)).length;

/** A move of 10.00 from Holidays (200.00) to Restaurants (120.00), applied: its session and journal. */
async function moved(h: Harness, era: (typeof ERAS)[number], journal: string) {
  h.standIn.reset();
  const s = await connect(h, era, {
    env: { AVENIR_MCP_JOURNAL: journal },
    elicit: answering(ACCEPT).handler,
  });
  const move = out(await call(s, 'move_money', MOVE));
  expect(move.status).toBe('applied');
  expect(budgeted(h)).toEqual([190_000, 130_000]);
  h.standIn.clearRequests();
  return { s, move };
}

describe.each(ERAS)('an undo of a move whose answers are lost, %s era', (era) => {
  it('a lost first answer that landed is read back and the undo goes on: done', async ({ h, journal }) => {
    const { s } = await moved(h, era, journal);
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true });
    const undo = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.status).toBe('applied');
    expect(budgeted(h)).toEqual([200_000, 120_000]);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([
      `PATCH ${RESTAURANTS}`,
      `PATCH ${HOLIDAYS}`,
    ]);
    expect(sent(h)).toContain(`GET ${MONTH_PATH}`);
  });

  it('a lost first answer that did not land stops the undo before anything changed: unknown', async ({
    h,
    journal,
  }) => {
    const { s, move } = await moved(h, era, journal);
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true });
    const result = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    const undo = out(result);
    expect(undo.status).not.toBe('applied');
    expect(undo.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(undo.message).toMatch(/lost|answer/i);
    expect(undo.message).toMatch(
      /^Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s do not show Restaurants back at 120\.00\. YNAB may still apply it late\./,
    );
    expect(undo.message).not.toContain('safe to ask again');
    expect(budgeted(h)).toEqual([190_000, 130_000]);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(lines(journal).some((l) => l.undone === move.operation_id)).toBe(false);
    // the undo stays pending: it may still land
    expect(pending(journal)).toEqual([expect.objectContaining({ tool: 'undo_operation' })]);
    expect(undo.message).toContain(`pending operation ${pending(journal)[0]?.operation_id}:`);
  });

  it('a lost second answer no read shows: unknown halfway, the rest kept for the next undo', async ({
    h,
    journal,
  }) => {
    const { s, move } = await moved(h, era, journal);
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true });
    const result = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    const half = out(result);
    // no read shows Holidays back: not known yet (YNAB may still apply it late), never "failed"
    expect(half.status).toBe('unknown');
    expect(result.isError).toBe(true);
    const rest = lines(journal).find((l) => l.kind === 'budget') as { operation_id: string };
    expect(half.message).toBe(
      `Do not repeat this change yet: Undo done halfway: Restaurants is back to 120.00; YNAB's answer to setting Holidays back to 200.00 was lost, and reads over 1 s do not show it yet (YNAB may still apply it late). Check in YNAB (get_category_balances) first; then undo_operation (operation_id ${rest.operation_id}) finishes it. ${pendingText(rest.operation_id)}`,
    );
    expect(rest).toMatchObject({
      kind: 'budget',
      details: { month: '2026-09-01', category_id: 'cat-holidays', from: 200_000, to: 190_000 },
    });
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([
      `PATCH ${RESTAURANTS}`,
      `PATCH ${HOLIDAYS}`,
    ]);
    expect(lines(journal).some((l) => l.undone === move.operation_id)).toBe(true);
    // Holidays' write may still land: what is left stays pending, and its undo is refused meanwhile
    expect(pending(journal).map((p) => p.operation_id)).toEqual([rest.operation_id]);
    const early = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(early.isError).toBe(true);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toHaveLength(2);
  });

  it('a lost second answer that cannot be checked: unknown, naming the half restored', async ({
    h,
    journal,
  }) => {
    const { s } = await moved(h, era, journal);
    // The undo's own two reads of the month pass; the read-back after the lost answer fails.
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, times: 2 });
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500, times: 10 });
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true, apply: true });
    const half = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(half.status).toBe('unknown');
    expect(half.message).toContain(
      "Restaurants is back to 120.00; YNAB's answer to setting Holidays back to 200.00 was lost, and it could not be checked (",
    );
    expect(budgeted(h)).toEqual([200_000, 120_000]);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([
      `PATCH ${RESTAURANTS}`,
      `PATCH ${HOLIDAYS}`,
    ]);
  });
});

type Month = { data: { month: { categories: { id: string; budgeted: number }[] } } };

describe('an undo whose read-back shows neither amount', () => {
  it.for([
    [
      'someone else set Holidays to 150.00',
      (m: Month): void => {
        m.data.month.categories.find((c) => c.id === 'cat-holidays')!.budgeted = 150_000;
      },
    ],
    [
      'Holidays is missing from the month',
      (m: Month): void => {
        m.data.month.categories = m.data.month.categories.filter((c) => c.id !== 'cat-holidays');
      },
    ],
  ] as const)('says so when %s, and claims nothing about the rest', async ([, edit], { h, journal }) => {
    const { s } = await moved(h, 'legacy', journal);
    // What YNAB answers to the read-back after the lost write.
    const month = (await (
      await fetch(`${h.standIn.url}${MONTH_PATH}`, { headers: { authorization: 'Bearer test-token' } })
    ).json()) as Month;
    edit(month);
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, times: 2 });
    // every read of the settling window gets it
    h.standIn.fault({
      method: 'GET',
      path: MONTH_PATH,
      status: 200,
      body: JSON.stringify(month),
      times: reads(h),
    });
    h.standIn.fault({ method: 'PATCH', path: HOLIDAYS, drop: true });
    const result = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    const half = out(result);
    expect(half.status).toBe('unknown');
    expect(result.isError).toBe(true);
    expect(half.message).toContain(
      "Restaurants is back to 120.00; YNAB's answer to setting Holidays back to 200.00 was lost, and the amount is neither.",
    );
    expect(budgeted(h)).toEqual([190_000, 120_000]);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([
      `PATCH ${RESTAURANTS}`,
      `PATCH ${HOLIDAYS}`,
    ]);
  });
});

describe('an undo whose first answer is lost and cannot be checked', () => {
  it('is unknown, names both amounts still to set, and sends nothing more', async ({ h, journal }) => {
    const { s } = await moved(h, 'modern', journal);
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, times: 2 });
    h.standIn.fault({ method: 'GET', path: MONTH_PATH, status: 500, times: 10 });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true, apply: true });
    const undo = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.status).toBe('unknown');
    expect(undo.message).toContain(
      "YNAB's answer to setting Restaurants back to 120.00 and Holidays back to 200.00 was lost, and it could not be checked (",
    );
    expect(undo.message).not.toContain('is back to');
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(budgeted(h)).toEqual([190_000, 120_000]);
  });
});

describe('an undo whose first write YNAB refuses', () => {
  it('changes nothing, says why, and keeps the operation undoable', async ({ h, journal }) => {
    const { s, move } = await moved(h, 'legacy', journal);
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, status: 500 });
    const refused = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(JSON.stringify(refused.content)).toContain('YNAB 500');
    expect(budgeted(h)).toEqual([190_000, 130_000]);
    expect(sent(h).filter((l) => l.startsWith('PATCH'))).toEqual([`PATCH ${RESTAURANTS}`]);
    expect(lines(journal).some((l) => l.undone === move.operation_id)).toBe(false);
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' })).status).toBe('applied');
    expect(budgeted(h)).toEqual([200_000, 120_000]);
  });
});
