/**
 * The approval card applies only the change it showed: when the user approves, the tool runs again
 * with the same arguments, and if YNAB changed meanwhile so that the re-run plans another change,
 * the fingerprint the card's secret binds no longer matches and nothing is written. Here the change
 * would have grown: a reconciliation shown with a 10.00 adjustment must not book another one.
 *
 * test/apps/approval-flow.test.ts covers the card protocol; this file sits with the safety tests so
 * that the mutation run (vitest.mutation.config.ts, which leaves test/apps out) also fails when the
 * fingerprint check of answer_approval (src/mcp/register-apps.ts) is removed.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness, type Session, writeLines } from '../helpers/harness.js';
import { E_PLAN_CHANGED } from '../../src/safety/confirm.js';
import { SECRET_META_KEY, TICKET_META_KEY } from '../../src/mcp/register-apps.js';
import { req } from '../requirements.js';

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const RECONCILE = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 590, adjust: true };

const savings = (h: Harness) => h.standIn.state.transactions.filter((t) => t.account_id === 'acc-savings');

/** Previews the reconciliation as a card and opens it: the secret the card would answer with. */
async function openCard(s: Session): Promise<{ adjustment: unknown; secret: string }> {
  const shown = await call(s, 'reconcile_account', RECONCILE);
  const { status, adjustment } = shown.structuredContent as { status: string; adjustment: unknown };
  expect(status).toBe('confirmation_required');
  const ticket = (shown._meta?.[TICKET_META_KEY] as { ticket: string }).ticket;
  const opened = await call(s, 'open_approval', { ticket });
  const secret = (opened._meta?.[SECRET_META_KEY] as { secret: string }).secret;
  expect(secret).toMatch(/^[\w-]{43}$/);
  return { adjustment, secret };
}

/** Another app records a cleared charge of 4.00 on Savings, straight through YNAB's API. */
async function chargeElsewhere(h: Harness): Promise<void> {
  const added = await fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer other-app', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      transaction: { account_id: 'acc-savings', date: '2026-09-24', amount: -4000, cleared: 'cleared' },
    }),
  });
  expect(added.status).toBe(201);
}

describe(`${req('yes-bound')} the approval card applies only the change it showed`, () => {
  it('refuses, writing nothing, when the re-run at approval plans another change', async ({ h }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', { capabilities: APPS });
    const card = await openCard(s);
    expect(card.adjustment).toBe(-10);
    await chargeElsewhere(h);
    const before = structuredClone(savings(h));
    h.standIn.clearRequests();

    const answered = await call(s, 'answer_approval', { secret: card.secret, approve: true });
    expect(answered.isError).toBe(true);
    expect(textOf(answered)).toBe(E_PLAN_CHANGED);
    // no adjustment booked, nothing marked reconciled
    expect(writeLines(h)).toEqual([]);
    expect(savings(h)).toEqual(before);
    expect(before.some((t) => t.cleared === 'reconciled')).toBe(false);

    // the same arguments now show the change that would really be made, for a new approval
    h.standIn.clearRequests();
    const again = await call(s, 'reconcile_account', RECONCILE);
    expect(again.structuredContent).toMatchObject({ status: 'confirmation_required', adjustment: -6 });
    expect(writeLines(h)).toEqual([]);
  });
});
