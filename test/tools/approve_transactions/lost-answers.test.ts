/**
 * approve_transactions ends in a true state, through a real client against the stand-in: its one
 * bulk update is sent once, a lost answer (dropped, cut off, timed out, a page that is not YNAB's
 * JSON; landed or not) is read back over the settling window and reported transaction by transaction
 * as the stand-in then holds them — or, when no read shows any approved, as unknown (YNAB may still
 * approve them late) — an ignored `approved` is named and never counted, and no journal or pending
 * entry is written (approving has no undo, and is not confirmed).
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call, textOf } from '../../helpers/harness.js';
import { heldBack, until } from '../../helpers/pending.js';
import {
  approvedOf,
  LOST,
  open,
  out,
  PATCH,
  PENDING,
  planWithWork,
  sent,
} from '../../helpers/immediate-writes.js';

describe('approve_transactions', () => {
  it.beforeEach(({ h }) => h.standIn.reset(planWithWork()));
  const args = { plan_id: 'demo-budget', tx_ids: PENDING };

  it('an answered approval is verified from the answer, after one read of which were approved', async ({
    h,
    journal,
  }) => {
    const s = await open(h, journal);
    const result = await call(s, 'approve_transactions', args);
    const r = out(result);
    expect(r).toEqual({
      status: 'applied',
      message: 'Approved 2 transactions. 2 newly approved, 0 already were.',
      approved: 2,
      newly_approved: 2,
      already_approved: 0,
      not_approved_ids: [],
      unknown_ids: [],
    });
    expect(textOf(result).split('\n').slice(0, 5)).toEqual([
      'status: applied',
      'message: Approved 2 transactions. 2 newly approved, 0 already were.',
      'approved: 2',
      'newly_approved: 2',
      'already_approved: 0',
    ]);
    expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
    expect(existsSync(journal)).toBe(false);
  });

  it('counts apart the transactions it approved and those approved before', async ({ h, journal }) => {
    const s = await open(h, journal);
    const result = await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-001', 'tx-046'] });
    expect(out(result)).toMatchObject({
      status: 'applied',
      message: 'Approved 2 transactions. 1 newly approved, 1 already were.',
      approved: 2,
      newly_approved: 1,
      already_approved: 1,
    });
    // both are sent: approving again is harmless, and the answer judges what YNAB then holds
    expect(h.standIn.writes[0]?.body).toEqual({
      transactions: [
        { id: 'tx-001', approved: true },
        { id: 'tx-046', approved: true },
      ],
    });
  });

  it.for(LOST)('an answer $name is read back until it shows, never re-sent', async (lost, { h, journal }) => {
    const s = await open(h, journal, lost.timeoutMs);
    h.standIn.fault({ ...PATCH, ...lost.fault });
    const result = await call(s, 'approve_transactions', args);
    const r = out(result);
    expect(sent(h, PATCH)).toBe(1);
    const methods = h.standIn.requests.map((q) => q.method);
    if (lost.landed) {
      // the read of which were approved, then the first read-back shows it: no more reads
      expect(methods).toEqual(['GET', 'PATCH', 'GET']);
      expect(result.isError).toBeFalsy();
      expect(r).toMatchObject({ status: 'applied', approved: 2, not_approved_ids: [], unknown_ids: [] });
      expect(r.message).toBe(
        "Approved 2 transactions. YNAB's answer was lost, but a read-back shows them approved. 2 newly approved, 0 already were.",
      );
      expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    } else {
      // read again over the window, the PATCH never re-sent
      expect(methods.slice(0, 2)).toEqual(['GET', 'PATCH']);
      expect(methods.slice(2).every((m) => m === 'GET')).toBe(true);
      expect(methods.length).toBeGreaterThan(3);
      expect(result.isError).toBe(true);
      expect(r).toMatchObject({ status: 'unknown', approved: 0, not_approved_ids: [], unknown_ids: PENDING });
      expect(r.message).toBe(
        "Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s show none of the 2 transactions approved yet; YNAB may still apply it late. Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again).",
      );
      expect(approvedOf(h.standIn.state)).toEqual([false, false]);
    }
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(`${journal}.pending.json`)).toBe(false);
  });

  it.for([
    ['dropped', false],
    ['applied after the timeout', true],
  ] as const)(
    'a lost answer (%s) over one approved and one unapproved transaction: the unapproved one is unknown, never "not approved"',
    async ([, late], { h, journal }) => {
      const s = await open(h, journal, 300);
      // late: held past the server's wait, and applied when the test lets it
      const held = heldBack();
      h.standIn.fault({ ...PATCH, ...(late ? { hold: held.hold } : { drop: true }) });
      const result = await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-001', 'tx-052'] });
      const r = out(result);
      expect(result.isError).toBe(true);
      // tx-001 was approved before: a read-back showing it approved says nothing of the PATCH
      // the read before the PATCH tells: tx-001 was approved already, this call approved none yet
      expect(r).toMatchObject({
        status: 'unknown',
        approved: 1,
        newly_approved: 0,
        already_approved: 1,
        not_approved_ids: [],
        unknown_ids: ['tx-052'],
      });
      expect(r.message).toBe(
        "Do not repeat this change yet: YNAB's answer was lost; a read-back shows 1 of 2 transactions approved, and tx-052 not approved yet: YNAB may still apply it late. Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again). 0 newly approved, 1 already were.",
      );
      expect(sent(h, PATCH)).toBe(1);
      if (!late) return expect(approvedOf(h.standIn.state)).toEqual([false, false]);
      // YNAB applies it later: what the answer left open is what happened
      held.land();
      await until(() => h.standIn.state.transactions.find((t) => t.id === 'tx-052')?.approved === true);
    },
  );

  it('a lost answer no read shows leaves every id unknown, a missing one too', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, drop: true });
    const r = out(await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-046', 'tx-nope'] }));
    expect(r).toMatchObject({
      status: 'unknown',
      approved: 0,
      not_approved_ids: [],
      unknown_ids: ['tx-046', 'tx-nope'],
    });
    expect(r.message).toMatch(/^Do not repeat this change yet: /);
    h.standIn.fault({ ...PATCH, drop: true });
    const alone = await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-nope'] });
    expect(alone.isError).toBe(true);
    expect(out(alone)).toMatchObject({ status: 'unknown', unknown_ids: ['tx-nope'] });
    expect(out(alone).message).toBe(
      "Do not repeat this change yet: YNAB's answer was lost, and reads over 1 s show the transaction not approved yet; YNAB may still apply it late. Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again).",
    );
    expect(out(alone).message).not.toContain('safe to ask again');
    // an approval is not confirmed: nothing pending refuses the second one
    expect(sent(h, PATCH)).toBe(2);
    expect(existsSync(`${journal}.pending.json`)).toBe(false);
  });

  it('a long list of ignored approvals names five and counts the rest', async ({ h, journal }) => {
    const plan = planWithWork();
    const many = plan.transactions.slice(0, 7).map((t) => t.id);
    for (const t of plan.transactions.slice(0, 7)) t.approved = false;
    h.standIn.reset(plan);
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, ignoreFields: ['approved'] });
    const result = await call(s, 'approve_transactions', { ...args, tx_ids: many });
    expect(result.isError).toBe(true);
    const r = out(result);
    expect(r).toMatchObject({ status: 'not_applied', approved: 0, not_approved_ids: many });
    expect(r.message).toContain(`YNAB did not take approved of ${many.slice(0, 5).join(', ')} and 2 more`);
    expect(h.standIn.state.transactions.slice(0, 7).every((t) => !t.approved)).toBe(true);
  });

  it('an approved flag YNAB ignores is named, never claimed', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, ignoreFields: ['approved'] });
    const result = await call(s, 'approve_transactions', args);
    expect(result.isError).toBe(true);
    const r = out(result);
    expect(r).toMatchObject({
      status: 'not_applied',
      approved: 0,
      not_approved_ids: PENDING,
      unknown_ids: [],
    });
    expect(r.message).toBe(
      'YNAB answered, but holds none of the 2 transactions approved: YNAB did not take approved of tx-046, tx-052 (still unapproved).',
    );
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
  });

  it('an answer showing only some of them approved is partial', async ({ h, journal }) => {
    const s = await open(h, journal);
    const shown = (id: string) => h.standIn.state.transactions.find((t) => t.id === id);
    const body = { data: { transactions: [{ ...shown('tx-001') }, { ...shown('tx-052') }] } };
    h.standIn.fault({ ...PATCH, status: 200, body: JSON.stringify(body) });
    const result = await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-001', 'tx-052', 'tx-046'] });
    expect(result.isError).toBe(true);
    const r = out(result);
    expect(r).toMatchObject({
      status: 'partial',
      approved: 1,
      newly_approved: 0,
      already_approved: 1,
      not_approved_ids: ['tx-052', 'tx-046'],
    });
    expect(r.message).toBe(
      "1 of 3 transactions approved. Not approved: YNAB did not take approved of tx-052 (still unapproved); tx-046 not in YNAB's answer (no such transaction, or deleted). 0 newly approved, 1 already were.",
    );
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
  });

  it('a lost answer the pacer forbids reading back ends unknown, naming every id', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, drop: true, apply: true });
    // room for the read of which were approved and the PATCH, none for a read-back
    while ((await s.deps.pacer.sentLastHour()) < 178) await s.deps.pacer.take();
    const result = await call(s, 'approve_transactions', args);
    expect(result.isError).toBe(true);
    const r = out(result);
    expect(r).toMatchObject({ status: 'unknown', approved: 0, not_approved_ids: [], unknown_ids: PENDING });
    expect(r.message).toContain(
      'Do not repeat this change yet: the approval of 2 transactions may or may not be in YNAB',
    );
    expect(r.message).toContain('avenir-mcp could not check what YNAB holds');
    expect(r.message).toContain('approving them again then is harmless');
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
    expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    expect(existsSync(journal)).toBe(false);
  });

  it('a refusal is an error that says nothing changed, and is not read back', async ({ h, journal }) => {
    const s = await open(h, journal);
    h.standIn.fault({ ...PATCH, status: 500 });
    const r = await call(s, 'approve_transactions', args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('YNAB 500: internal error');
    expect(h.standIn.requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
    expect(approvedOf(h.standIn.state)).toEqual([false, false]);
  });

  it('an empty list sends nothing; a repeated id is sent once', async ({ h, journal }) => {
    const s = await open(h, journal);
    expect(out(await call(s, 'approve_transactions', { ...args, tx_ids: [] }))).toMatchObject({
      status: 'nothing_to_do',
      approved: 0,
      newly_approved: 0,
      already_approved: 0,
    });
    expect(h.standIn.requests).toHaveLength(0);
    const r = out(await call(s, 'approve_transactions', { ...args, tx_ids: ['tx-046', 'tx-046'] }));
    expect(r).toMatchObject({
      status: 'applied',
      approved: 1,
      message: 'Approved 1 transaction. 1 newly approved, 0 already were.',
    });
    expect(h.standIn.writes[0]?.body).toEqual({ transactions: [{ id: 'tx-046', approved: true }] });
  });
});
