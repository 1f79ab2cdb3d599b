/**
 * The two sides of a transfer, through a real client against the stand-in, under both behaviours
 * YNAB's API might have (it does not document which): a DELETE of one side removes both (the
 * stand-in's default, as YNAB's app does), or only that side (the `keepTransferSide` fault).
 * - The undo of create_transfer deletes the side sent, reads the other, and deletes it by a second
 *   request when YNAB kept it; it says "both sides" only once both are seen gone.
 * - It compares every field a user can change, on both sides, and leaves a transfer changed since
 *   alone, naming the field; an entry recorded before the sides were is checked on what it has.
 * - delete_transactions of one side deletes the other too when YNAB keeps it, and its undo
 *   recreates exactly one linked pair (one POST through the transfer payee).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { TransactionRow } from '../../../src/demo/plan-data.js';
import { SIDE_STILL_THERE, TRANSFER_UNCHECKED } from '../../../src/safety/undo/transaction-edits.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness, out } from '../../helpers/harness.js';
import { ACCEPT, answering } from '../../helpers/writes.js';
import { pendingEntries } from '../../helpers/pending.js';
import { req } from '../../requirements.js';

const PLAN = 'demo-budget';
const TX = `/plans/${PLAN}/transactions`;
const ARGS = {
  plan_id: PLAN,
  from_account_id: 'acc-checking',
  to_account_id: 'acc-savings',
  amount: 213.57,
  date: '2026-09-25',
  memo: 'rent share',
};
const KEEP = { method: 'DELETE', path: `${TX}/tx-226`, keepTransferSide: true };

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');
const live = (h: Harness, amount = 213_570): TransactionRow[] =>
  h.standIn.state.transactions.filter((t) => !t.deleted && Math.abs(t.amount) === amount);
const writes = (h: Harness) => h.standIn.writes.map((w) => `${w.method} ${w.path}`);

/** An edit made in YNAB meanwhile (by its app, or another client). */
async function editInYnab(h: Harness, id: string, fields: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${h.standIn.url}${TX}/${id}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ transaction: fields }),
  });
  expect(r.status).toBe(200);
}

/** A session that made the transfer (tx-226 sent on Checking, tx-227 made by YNAB on Savings). */
async function transferred(h: Harness, journal: string) {
  h.standIn.reset();
  const a = answering(ACCEPT);
  const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
  const made = out(await call(s, 'create_transfer', ARGS));
  expect(made).toMatchObject({ status: 'applied', transaction_id: 'tx-226' });
  expect(live(h).map((t) => t.id)).toEqual(['tx-226', 'tx-227']);
  h.standIn.clearRequests();
  return { s, a, id: String(made.operation_id) };
}

describe(`${req('transfer-sides')} the undo of create_transfer`, () => {
  it('when YNAB deletes both sides itself: one DELETE, both seen gone', async ({ h, journal }) => {
    const { s, a, id } = await transferred(h, journal);
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(a.questions[1]).toBe('Undo: delete the transfer this operation created (both sides)?');
    expect(r).toMatchObject({
      status: 'applied',
      message: 'Transfer deleted (both sides): YNAB removed tx-227 with tx-226.',
    });
    expect(writes(h)).toEqual([`DELETE ${TX}/tx-226`]);
    expect(live(h)).toEqual([]);
    expect(lines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
  });

  it('when YNAB keeps the other side: it is read, then deleted by a second request', async ({
    h,
    journal,
  }) => {
    const { s, id } = await transferred(h, journal);
    h.standIn.fault(KEEP);
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(r).toMatchObject({
      status: 'applied',
      message:
        'Transfer deleted (both sides): tx-226, then tx-227, which YNAB had kept, by a second request.',
    });
    expect(writes(h)).toEqual([`DELETE ${TX}/tx-226`, `DELETE ${TX}/tx-227`]);
    expect(live(h)).toEqual([]);
    expect(lines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
  });

  it.for([
    ['tx-226', { memo: 'rent share, half' }, 'memo'],
    ['tx-227', { memo: 'rent share, half' }, 'memo'],
    ['tx-227', { memo: null }, 'memo'],
    ['tx-226', { date: '2026-09-24' }, 'date'],
    ['tx-227', { date: '2026-09-24' }, 'date'],
    ['tx-226', { cleared: 'cleared' }, 'cleared status'],
    ['tx-227', { cleared: 'cleared' }, 'cleared status'],
    ['tx-226', { flag_color: 'red' }, 'flag'],
    ['tx-227', { flag_color: 'blue' }, 'flag'],
    ['tx-227', { approved: false }, 'approval'],
    ['tx-227', { amount: 150_000 }, 'amount'],
  ] as const)(
    'a %s edited in YNAB since (%j) is a conflict: nothing deleted',
    async ([side, fields, named], { h, journal }) => {
      const { s, id } = await transferred(h, journal);
      await editInYnab(h, side, fields);
      h.standIn.clearRequests();
      const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
      expect(r).toMatchObject({
        status: 'nothing_to_do',
        message: `The transfer changed since (the ${named} of ${side}): left alone.`,
        conflicts: ['tx-226', 'tx-227'],
      });
      expect(h.standIn.writes).toEqual([]);
      const both = h.standIn.state.transactions.filter((t) => t.id === 'tx-226' || t.id === 'tx-227');
      expect(both.filter((t) => !t.deleted)).toHaveLength(2);
      expect(lines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
    },
  );

  it('a second delete YNAB refuses: partial, and the next undo deletes only the side left', async ({
    h,
    journal,
  }) => {
    const { s } = await transferred(h, journal);
    h.standIn.fault(KEEP);
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-227`, status: 400 });
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(r.status).toBe('partial');
    expect(String(r.message)).toMatch(
      /^Undo done halfway: tx-226 is deleted, but its other side tx-227 may still be in YNAB \(.+\)\. undo_operation \(operation_id \w+\) finishes it\.$/,
    );
    expect(live(h).map((t) => t.id)).toEqual(['tx-227']);
    h.standIn.clearRequests();
    const a2 = answering(ACCEPT);
    const s2 = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a2.handler });
    const rest = out(await call(s2, 'undo_operation', { plan_id: PLAN }));
    expect(a2.questions[0]).toBe(
      'Undo: delete tx-227, the side of the transfer this operation created still in YNAB (no other side of it is there)?',
    );
    expect(rest).toMatchObject({
      status: 'applied',
      message: 'Transfer deleted: tx-227; no other side of it was in YNAB.',
    });
    expect(writes(h)).toEqual([`DELETE ${TX}/tx-227`]);
    expect(live(h)).toEqual([]);
  });

  it('a second delete whose answer is lost: unknown, kept for the next undo', async ({ h, journal }) => {
    const { s } = await transferred(h, journal);
    h.standIn.fault(KEEP);
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-227`, drop: true });
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(r.status).toBe('unknown');
    expect(String(r.message)).toContain('tx-226 is deleted, but its other side tx-227 may still be in YNAB');
    expect(String(r.message)).toContain('Check in YNAB (find_transactions) first');
    expect(live(h).map((t) => t.id)).toEqual(['tx-227']);
  });

  // a read shows the side sent gone: it landed, and the undo goes on to the other side when YNAB kept it
  it.for([
    ['YNAB deleting both', {}, [`DELETE ${TX}/tx-226`]],
    [
      'YNAB keeping the other side',
      { keepTransferSide: true },
      [`DELETE ${TX}/tx-226`, `DELETE ${TX}/tx-227`],
    ],
  ] as const)(
    'a first answer lost that landed, %s, is read back, never re-sent, and the undo is done',
    async ([, fault, sent], { h, journal }) => {
      const { s } = await transferred(h, journal);
      h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-226`, drop: true, apply: true, ...fault });
      const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
      expect(r.status).toBe('applied');
      expect(r.message).toMatch(
        sent.length === 1
          ? /^YNAB's answer was lost, but a read-back shows the undo in place\. Transfer deleted \(both sides\)/
          : /^YNAB's answer to deleting tx-226 was lost, but a read-back shows it deleted\. Transfer deleted \(both sides\): tx-226, then tx-227/,
      );
      expect(writes(h)).toEqual(sent);
      expect(live(h)).toEqual([]);
      expect(pendingEntries(journal)).toEqual([]);
    },
  );

  it('a first answer lost that did not land: nothing changed', async ({ h, journal }) => {
    const { s } = await transferred(h, journal);
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-226`, drop: true });
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(r.status).not.toBe('applied');
    expect(live(h).map((t) => t.id)).toEqual(['tx-226', 'tx-227']);
  });

  it('the other side deleted alone meanwhile: only the side sent is left to delete', async ({
    h,
    journal,
  }) => {
    const { s, a } = await transferred(h, journal);
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-227`, keepTransferSide: true });
    await fetch(`${h.standIn.url}${TX}/tx-227`, { method: 'DELETE', headers: { Authorization: 'Bearer t' } });
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(a.questions[1]).toContain('Undo: delete tx-226, the side of the transfer');
    expect(r).toMatchObject({
      status: 'applied',
      message: 'Transfer deleted: tx-226; no other side of it was in YNAB.',
    });
    expect(writes(h)).toEqual([`DELETE ${TX}/tx-226`]);
    expect(live(h)).toEqual([]);
  });

  it('an entry recorded before the sides were: both deleted, the question says what was not compared', async ({
    h,
    journal,
  }) => {
    const { s, a } = await transferred(h, journal);
    const [entry] = lines(journal);
    const old = JSON.parse(entry!) as { details: Record<string, unknown> };
    delete old.details['sides'];
    writeFileSync(journal, `${JSON.stringify(old)}\n`);
    h.standIn.fault(KEEP);
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(a.questions[1]).toBe(
      `Undo: delete the transfer this operation created (both sides)?\n${TRANSFER_UNCHECKED}`,
    );
    expect(r.status).toBe('applied');
    expect(writes(h)).toEqual([`DELETE ${TX}/tx-226`, `DELETE ${TX}/tx-227`]);
    expect(live(h)).toEqual([]);
  });

  it('a read of the sides that fails after the create journals it without them', async ({ h, journal }) => {
    h.standIn.reset();
    const a = answering(ACCEPT);
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    h.standIn.fault({ method: 'GET', path: TX, status: 400, times: 5 });
    const made = out(await call(s, 'create_transfer', ARGS));
    expect(made.status).toBe('applied');
    const entry = JSON.parse(lines(journal)[0]!) as { details: Record<string, unknown> };
    expect(entry.details).toEqual({
      transaction_id: 'tx-226',
      account_id: 'acc-checking',
      date: '2026-09-25',
      amount: -213570,
    });
  });
});

describe(`${req('transfer-sides')} delete_transactions of one side of a transfer`, () => {
  const deleted = async (h: Harness, journal: string, keep: boolean) => {
    const { s } = await transferred(h, journal);
    if (keep) h.standIn.fault(KEEP);
    const r = out(await call(s, 'delete_transactions', { plan_id: PLAN, transaction_ids: ['tx-226'] }));
    return { s, r };
  };

  it.for([
    ['deletes both', false, [`DELETE ${TX}/tx-226`], ''],
    [
      'keeps the other side',
      true,
      [`DELETE ${TX}/tx-226`, `DELETE ${TX}/tx-227`],
      'YNAB kept tx-227, the other side of the transfer tx-226: deleted by a second request. ',
    ],
  ] as const)(
    'when YNAB %s: both gone, one record, and undo recreates one pair',
    async ([, keep, sent, note], { h, journal }) => {
      const { s, r } = await deleted(h, journal, keep);
      expect(r).toMatchObject({ status: 'applied' });
      expect(String(r.message)).toMatch(
        new RegExp(`^${note.replace(/[.()]/g, '\\$&')}Deleted\\. undo_operation`),
      );
      expect(writes(h)).toEqual(sent);
      expect(live(h)).toEqual([]);
      const entry = JSON.parse(lines(journal).at(-1)!) as {
        details: { transactions: { transaction_id: string }[] };
      };
      expect(entry.details.transactions.map((t) => t.transaction_id)).toEqual(['tx-226']);
      h.standIn.clearRequests();
      const undone = out(await call(s, 'undo_operation', { plan_id: PLAN }));
      expect(undone.status).toBe('applied');
      // one POST of one transaction through the transfer payee: YNAB makes the pair
      expect(h.standIn.writes.map((w) => [w.method, w.path])).toEqual([['POST', TX]]);
      expect(h.standIn.writes[0]?.body).toMatchObject({
        transactions: [
          { account_id: 'acc-checking', amount: -213570, payee_id: 'pay-039', memo: 'rent share' },
        ],
      });
      expect(live(h).map((t) => [t.account_id, t.amount, t.transfer_account_id])).toEqual([
        ['acc-checking', -213570, 'acc-savings'],
        ['acc-savings', 213570, 'acc-checking'],
      ]);
    },
  );

  it('the other side kept and its delete refused: partial, and undo will not make it twice', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const { s } = await transferred(h, journal);
    h.standIn.fault(KEEP);
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-227`, status: 400 });
    const r = out(await call(s, 'delete_transactions', { plan_id: PLAN, transaction_ids: ['tx-226'] }));
    expect(r.status).toBe('partial');
    expect(String(r.message)).toMatch(
      /^Deleted 1 of 1 \(tx-226\), but YNAB kept tx-227, the other side of the transfer tx-226, and deleting it failed \(.+\): it is still there\. undo_operation with operation_id \w+ recreates those deleted \(a transfer once its other side is gone\)\.$/,
    );
    expect(live(h).map((t) => t.id)).toEqual(['tx-227']);
    h.standIn.clearRequests();
    const undone = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect(undone).toMatchObject({
      status: 'nothing_to_do',
      message: SIDE_STILL_THERE,
      conflicts: ['tx-226'],
    });
    expect(h.standIn.writes).toEqual([]);
    expect(live(h).map((t) => t.id)).toEqual(['tx-227']);
  });

  it('the other side kept and its delete lost: unknown, naming it', async ({ h, journal }) => {
    const { s } = await transferred(h, journal);
    h.standIn.fault(KEEP);
    h.standIn.fault({ method: 'DELETE', path: `${TX}/tx-227`, drop: true });
    const r = out(await call(s, 'delete_transactions', { plan_id: PLAN, transaction_ids: ['tx-226'] }));
    expect(r.status).toBe('unknown');
    expect(String(r.message)).toContain(
      'YNAB kept tx-227, the other side of the transfer tx-226, and its delete: ',
    );
  });

  it('a read of the other side that fails: unknown, and nothing more sent', async ({ h, journal }) => {
    await transferred(h, journal);
    // after the yes (a 2025-era client is asked during the call), the check before the DELETE reads
    // as usual, and every read after it fails
    const elicit = () => {
      h.standIn.fault({ method: 'GET', path: TX });
      h.standIn.fault({ method: 'GET', path: TX, status: 400, times: 5 });
      return Promise.resolve(ACCEPT);
    };
    const s = await connect(h, 'legacy', { env: { AVENIR_MCP_JOURNAL: journal }, elicit });
    const r = out(await call(s, 'delete_transactions', { plan_id: PLAN, transaction_ids: ['tx-226'] }));
    expect(writes(h)).toEqual([`DELETE ${TX}/tx-226`]);
    expect(r.status).toBe('unknown');
    expect(String(r.message)).toContain(
      'whether YNAB deleted tx-227, the other side of the transfer tx-226, could not be read',
    );
  });
});
