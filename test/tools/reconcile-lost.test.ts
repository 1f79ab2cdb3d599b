/**
 * reconcile_account without an adjustment whose reconcile PATCH answer is lost: read back once, it
 * ends not_applied (safe to ask again) when nothing landed, and unknown when the read-back itself
 * fails — never "reconciled" over what YNAB does not hold, and never sent twice.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, type Harness } from '../helpers/harness.js';

const TRANSACTIONS = '/plans/demo-budget/transactions';
type Out = { status: string; message: string; operation_id: string | null; confirmation: string };
const out = (r: { structuredContent?: unknown }) => r.structuredContent as Out;
const reconciled = (h: Harness) =>
  h.standIn.state.transactions.filter((t) => t.account_id === 'acc-savings' && t.cleared === 'reconciled')
    .length;

describe.each(ERAS)('reconcile_account at the cleared balance, lost answers, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  /** Previews at the cleared balance YNAB holds (no adjustment), injects `faults`, confirms. */
  async function confirmed(h: Harness, journal: string, faults: () => Promise<void> | void) {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    // Savings: cleared 600.00 in YNAB; a bank balance of 600.00 needs no adjustment.
    const args = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 600 };
    const preview = out(await call(s, 'reconcile_account', args));
    expect(preview.status).toBe('confirmation_required');
    const before = reconciled(h);
    h.standIn.clearRequests();
    const during = faults();
    const r = out(await call(s, 'reconcile_account', { ...args, confirmation: preview.confirmation }));
    await during;
    const patches = h.standIn.requests.filter((q) => q.method === 'PATCH');
    return { r, before, patches, posts: h.standIn.requests.filter((q) => q.method === 'POST') };
  }

  it('a lost answer that did not land: not_applied, safe to ask again, nothing journaled', async ({
    h,
    journal,
  }) => {
    const { r, before, patches, posts } = await confirmed(h, journal, () =>
      h.standIn.fault({ method: 'PATCH', path: TRANSACTIONS, drop: true }),
    );
    expect(r).toMatchObject({ status: 'not_applied', operation_id: null });
    expect(r.message).toMatch(
      /^marking the transactions reconciled got no answer \(.+\): nothing is reconciled\. It is safe to ask again\.$/,
    );
    expect(reconciled(h)).toBe(before);
    expect(patches).toHaveLength(1);
    expect(posts).toHaveLength(0);
  });

  it('a lost answer whose read-back fails: unknown, told not to repeat it', async ({ h, journal }) => {
    const { r, patches } = await confirmed(h, journal, async () => {
      // The PATCH lands slowly and its answer is lost; the read-back after it fails.
      h.standIn.fault({ method: 'PATCH', path: TRANSACTIONS, drop: true, apply: true, delayMs: 300 });
      while (!h.standIn.requests.some((q) => q.method === 'PATCH'))
        await new Promise((r) => setTimeout(r, 5));
      h.standIn.fault({ method: 'GET', path: TRANSACTIONS, status: 500, times: 10 });
    });
    expect(r).toMatchObject({ status: 'unknown', operation_id: null });
    expect(r.message).toContain('marking the transactions reconciled got no answer (');
    expect(r.message).toContain(', and avenir-mcp could not check what YNAB holds: ');
    expect(r.message).toMatch(/check the account in YNAB before anything else; do not repeat it\.$/);
    expect(patches).toHaveLength(1);
  });
});
