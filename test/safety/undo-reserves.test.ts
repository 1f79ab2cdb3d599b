/**
 * What an undo reserves of the hourly YNAB allowance before its first write: exactly the requests
 * its apply then sends (at least one), so that pacing never stops an undo halfway. Checked against
 * the writes the stand-in records for the undo of a reconciliation (a PATCH, a DELETE, or both)
 * and of created transactions (one DELETE each).
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { planUndo } from '../../src/safety/undo/handlers.js';
import type { Harness } from '../helpers/harness.js';
import { journalEntry } from '../helpers/writes.js';
import { twoDecimals } from '../helpers/money.js';

it.beforeEach(({ h }) => h.standIn.reset());

const entryFor = (kind: string, details: Record<string, unknown>) =>
  journalEntry('ffffffffffff', kind, details);

/** Ids of live, non-transfer transactions of one account, made reconciled in the stand-in. */
function reconciled(h: Harness, n: number): { account: string; ids: string[] } {
  const live = h.standIn.state.transactions.filter((t) => !t.deleted && t.transfer_account_id == null);
  const account = live[0]!.account_id;
  const mine = live.filter((t) => t.account_id === account).slice(0, n);
  for (const t of mine) t.cleared = 'reconciled';
  return { account, ids: mine.map((t) => t.id) };
}

async function undo(h: Harness, kind: string, details: Record<string, unknown>) {
  const deps = createDeps(loadConfig(h.env), silentLog);
  const plan = await planUndo(
    deps.ynab,
    'demo-budget',
    entryFor(kind, details),
    kind as 'reconcile',
    twoDecimals,
    deps.rules,
  );
  expect(plan.fullConflict).toBeNull();
  h.standIn.clearRequests();
  await plan.apply();
  return { sends: plan.sends, writes: h.standIn.writes.map((w) => w.method) };
}

describe('an undo reserves the requests it sends', () => {
  it('a reconciliation with transactions to mark back and an adjustment to delete: two', async ({ h }) => {
    const { account, ids } = reconciled(h, 3);
    const r = await undo(h, 'reconcile', {
      account_id: account,
      reconciled_ids: ids.slice(0, 2),
      adjustment_id: ids[2],
    });
    expect(r).toEqual({ sends: 2, writes: ['PATCH', 'DELETE'] });
  });

  it('a reconciliation with transactions only, or an adjustment only: one', async ({ h }) => {
    const { account, ids } = reconciled(h, 3);
    expect(
      await undo(h, 'reconcile', { account_id: account, reconciled_ids: ids, adjustment_id: null }),
    ).toEqual({
      sends: 1,
      writes: ['PATCH'],
    });
    h.standIn.reset();
    const again = reconciled(h, 1);
    expect(
      await undo(h, 'reconcile', {
        account_id: again.account,
        reconciled_ids: [],
        adjustment_id: again.ids[0],
      }),
    ).toEqual({ sends: 1, writes: ['DELETE'] });
  });

  it('created transactions: one per transaction still there', async ({ h }) => {
    const ids = h.standIn.state.transactions
      .filter((t) => !t.deleted)
      .slice(0, 3)
      .map((t) => t.id);
    expect(await undo(h, 'create', { transaction_ids: ids })).toEqual({
      sends: 3,
      writes: ['DELETE', 'DELETE', 'DELETE'],
    });
  });
});
