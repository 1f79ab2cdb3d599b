/**
 * Undo of the scheduled-transaction writes when what they made is gone from YNAB since: a created or
 * updated schedule deleted by hand, and a deleted schedule whose account was deleted. Each undo says
 * so and sends nothing. A real client in both eras against the stand-in.
 */
import { describe, expect } from 'vitest';
import { SCHEDULE_ACCOUNT_GONE, SCHEDULE_GONE } from '../../../src/safety/undo/scheduled.js';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, type Harness, out } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';

const deleteByHand = (h: Harness, id: string) =>
  fetch(`${h.standIn.url}/plans/demo-budget/scheduled_transactions/${id}`, {
    method: 'DELETE',
    headers: { Authorization: 'Bearer t' },
  });

describe.each(ERAS)('an undo of a schedule write whose result is gone, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const session = (h: Harness, journal: string) =>
    connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: answering(ACCEPT).handler });

  it.for([
    [
      'create_scheduled_transaction',
      {
        account_id: 'acc-checking',
        date: '2026-10-01',
        frequency: 'monthly',
        amount: -35,
        payee_name: 'GYM CLUB',
        category_id: 'cat-tennis',
      },
    ],
    ['update_scheduled_transaction', { scheduled_transaction_id: 'sch-rent', amount: -980 }],
  ] as const)('%s, then deleted by hand: nothing to undo', async ([tool, args], { h, journal }) => {
    const s = await session(h, journal);
    const applied = out(await call(s, tool, { plan_id: 'demo-budget', ...args }));
    expect(applied.status).toBe('applied');
    const id = (applied.scheduled_transaction_id as string | undefined) ?? 'sch-rent';
    expect((await deleteByHand(h, id)).status).toBe(200);
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toMatchObject({ status: 'nothing_to_do', message: SCHEDULE_GONE, conflicts: [id] });
    expect(h.standIn.writes).toEqual([]);
  });

  it('delete, then its account deleted: nothing recreated', async ({ h, journal }) => {
    const s = await session(h, journal);
    const deleted = out(
      await call(s, 'delete_scheduled_transaction', {
        plan_id: 'demo-budget',
        scheduled_transaction_id: 'sch-rent',
      }),
    );
    expect(deleted.status).toBe('applied');
    // YNAB keeps a deleted account as a record marked deleted, which lists leave out.
    const { state } = h.standIn;
    const checking = state.accounts.find((a) => a.id === 'acc-checking')!;
    checking.deleted = true;
    state.knowledge += 1;
    state.stamps.accounts.set('acc-checking', state.knowledge);
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toMatchObject({
      status: 'nothing_to_do',
      message: SCHEDULE_ACCOUNT_GONE,
      conflicts: ['sch-rent'],
    });
    expect(h.standIn.writes).toEqual([]);
  });
});
