/**
 * Which transfer an undo of an entry recorded before the sides were (no `sides`) deletes: only one
 * still as created — same date, amount and account — and the question says what was not compared.
 * One whose amount or account changed since, or that is already gone, is left alone with its own
 * text naming the field, and nothing is sent to YNAB while the undo is planned.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { planUndo } from '../../src/safety/undo/handlers.js';
import {
  TRANSFER_GONE,
  TRANSFER_UNCHECKED,
  transferChanged,
} from '../../src/safety/undo/transaction-edits.js';
import type { Harness } from '../helpers/harness.js';
import { journalEntry } from '../helpers/writes.js';
import { isUnknownOutcome } from '../../src/domain/write-outcome.js';
import { readingAnew } from '../../src/ynab/freshness.js';
import { HalfUndone } from '../../src/safety/undo/types.js';
import { twoDecimals } from '../helpers/money.js';

const entryFor = (details: Record<string, unknown>) => journalEntry('eeeeeeeeeeee', 'transfer', details);

describe('the undo of a transfer', () => {
  it.for([
    ['as created', {}, null],
    ['whose amount changed', { amount: 1 }, 'amount'],
    ['whose account changed', { account_id: 'acc-elsewhere' }, 'account'],
    ['whose date changed', { date: '2001-01-01' }, 'date'],
    ['already deleted', { transaction_id: 'tx-never-made' }, TRANSFER_GONE],
  ] as const)('of a transfer %s', async ([, over, conflict], { h }) => {
    const tx = h.standIn.state.transactions.find((t) => !t.deleted && t.amount < 0)!;
    const details = {
      transaction_id: tx.id,
      account_id: tx.account_id,
      date: tx.date,
      amount: tx.amount + ('amount' in over ? over.amount : 0),
      ...('account_id' in over ? { account_id: over.account_id } : {}),
      ...('date' in over ? { date: over.date } : {}),
      ...('transaction_id' in over ? { transaction_id: over.transaction_id } : {}),
    };
    h.standIn.clearRequests();
    const deps = createDeps(loadConfig(h.env), silentLog);
    const plan = await planUndo(
      deps.ynab,
      'demo-budget',
      entryFor(details),
      'transfer',
      twoDecimals,
      deps.rules,
    );
    const text =
      conflict === null || conflict === TRANSFER_GONE ? conflict : transferChanged(conflict, tx.id);
    expect(plan.fullConflict).toBe(text);
    expect(plan.conflicts).toEqual(conflict === null ? [] : [details.transaction_id]);
    // an entry recorded before the sides were says what it could not compare
    if (conflict === null) expect(plan.question).toContain(TRANSFER_UNCHECKED);
    expect(h.standIn.writes).toEqual([]);
  });
});

describe('the undo of a transfer whose first delete answer is lost', () => {
  const TX = '/plans/demo-budget/transactions';

  /** The undo of the plan's first transfer, planned on a fresh stand-in: the side sent and the other. */
  async function planned(h: Harness) {
    h.standIn.reset();
    const tx = h.standIn.state.transactions.find(
      (t) => !t.deleted && t.transfer_account_id !== null && t.amount < 0,
    )!;
    const { id, account_id, date, amount } = tx;
    const deps = createDeps(loadConfig(h.env), silentLog);
    const details = { transaction_id: id, account_id, date, amount };
    const plan = await planUndo(
      deps.ynab,
      'demo-budget',
      entryFor(details),
      'transfer',
      twoDecimals,
      deps.rules,
    );
    expect(plan.fullConflict).toBeNull();
    const [, other] = (plan.subject as { items: string[] }).items;
    return { plan, id, other };
  }

  /** What the undo's apply throws, run as every write runs: reading YNAB itself, never the window. */
  const failureOf = (plan: Awaited<ReturnType<typeof planned>>['plan']): Promise<unknown> =>
    readingAnew(() => plan.apply()).then(
      () => null,
      (error: unknown) => error,
    );

  const sent = (h: Harness) => h.standIn.requests.map((q) => `${q.method} ${q.status}`);

  it('and whose one read fails: the loss is thrown as it is, for the settling reads to tell', async ({
    h,
  }) => {
    const { plan, id } = await planned(h);
    h.standIn.clearRequests();
    h.standIn.fault({ method: 'DELETE', path: `${TX}/${id}`, drop: true, apply: true });
    h.standIn.fault({ method: 'GET', path: TX, status: 400 });
    expect(isUnknownOutcome(await failureOf(plan))).toBe(true);
    // the delete landed (the stand-in recorded 200; the answer was cut) and was sent once; the one
    // read was refused; nothing more was sent
    expect(sent(h)).toEqual(['DELETE 200', 'GET 400']);
    expect(h.standIn.state.transactions.find((t) => t.id === id)?.deleted).toBe(true);
  });

  it('that landed late with the other side kept: a read-back says which side is left', async ({ h }) => {
    const { plan, id, other } = await planned(h);
    expect(await plan.readBack?.()).toBe(false);
    // YNAB applies the first delete later, and keeps the other side
    h.standIn.fault({ method: 'DELETE', path: `${TX}/${id}`, keepTransferSide: true });
    await fetch(`${h.standIn.url}${TX}/${id}`, { method: 'DELETE', headers: { Authorization: 'Bearer t' } });
    // as every write's reads, it reads YNAB itself, never the copy of the freshness window
    expect(await readingAnew(async () => plan.readBack?.())).toBe(
      `${id} is deleted, but ${other}, the other side of the transfer, is still there; the next undo_operation deletes it`,
    );
  });

  it('answered, whose read of the other side then fails: stopped halfway, the other side left to check', async ({
    h,
  }) => {
    const { plan, id, other } = await planned(h);
    h.standIn.clearRequests();
    h.standIn.fault({ method: 'GET', path: TX, status: 400 });
    const failed = await failureOf(plan);
    expect(failed).toBeInstanceOf(HalfUndone);
    expect((failed as HalfUndone).message).toContain(
      `${id} is deleted, but its other side ${other} may still be in YNAB`,
    );
    // nothing more was sent after the read failed
    expect(sent(h)).toEqual(['DELETE 200', 'GET 400']);
  });

  it('whose first delete YNAB refuses: the refusal as it is, no read, nothing more sent', async ({ h }) => {
    const { plan, id } = await planned(h);
    h.standIn.clearRequests();
    h.standIn.fault({ method: 'DELETE', path: `${TX}/${id}`, status: 409 });
    const failed = await failureOf(plan);
    expect(isUnknownOutcome(failed)).toBe(false);
    expect(String(failed)).toContain('409');
    expect(sent(h)).toEqual(['DELETE 409']);
    expect(h.standIn.state.transactions.find((t) => t.id === id)?.deleted).not.toBe(true);
  });
});
