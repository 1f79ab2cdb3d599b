/**
 * reconcile_account without an adjustment whose reconcile PATCH answer is lost: read back over the
 * settling window, it ends unknown and pending when no read shows it (YNAB may still apply it late)
 * and when the read-back itself fails — never "reconciled" over what YNAB does not hold, never "not
 * applied" over what may still land, and never sent twice.
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, type Harness, out } from '../../helpers/harness.js';
import { pendingEntries as pending } from '../../helpers/pending.js';

const TRANSACTIONS = '/plans/demo-budget/transactions';
type Out = { status: string; message: string; operation_id: string | null; confirmation: string };
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
    const preview = out<Out>(await call(s, 'reconcile_account', args));
    expect(preview.status).toBe('confirmation_required');
    const before = reconciled(h);
    h.standIn.clearRequests();
    const during = faults();
    const result = await call(s, 'reconcile_account', { ...args, confirmation: preview.confirmation });
    await during;
    const patches = h.standIn.requests.filter((q) => q.method === 'PATCH');
    return {
      result,
      r: out<Out>(result),
      before,
      patches,
      posts: h.standIn.requests.filter((q) => q.method === 'POST'),
    };
  }

  it('a lost answer no read shows: unknown, pending, never re-sent, nothing journaled', async ({
    h,
    journal,
  }) => {
    const { result, r, before, patches, posts } = await confirmed(h, journal, () =>
      h.standIn.fault({ method: 'PATCH', path: TRANSACTIONS, drop: true }),
    );
    expect(result.isError).toBe(true);
    expect(r).toMatchObject({ status: 'unknown', operation_id: null });
    expect(r.message).toMatch(
      /^Do not repeat this change yet: marking the transactions reconciled got no answer \(.+\), and reads over 1 s show none of them reconciled yet \(YNAB may still apply it late\): check the account in YNAB before anything else; do not repeat it\. avenir-mcp keeps it as pending operation \w+: /,
    );
    expect(r.message).not.toContain('safe to ask again');
    expect(reconciled(h)).toBe(before);
    expect(patches).toHaveLength(1);
    expect(posts).toHaveLength(0);
    // read again over the window: more than one read, and no other write
    expect(h.standIn.requests.filter((q) => q.method === 'GET').length).toBeGreaterThan(1);
    expect(h.standIn.requests.filter((q) => q.method !== 'GET')).toHaveLength(1);
    expect(existsSync(journal)).toBe(false);
    const entries = pending(journal);
    expect(entries).toEqual([expect.objectContaining({ plan_id: 'demo-budget', tool: 'reconcile_account' })]);
    expect(r.message).toContain(`pending operation ${entries[0]?.operation_id}: `);
  });

  it('a lost answer whose read-back fails: unknown, told not to repeat it', async ({ h, journal }) => {
    const { result, r, patches } = await confirmed(h, journal, async () => {
      // The PATCH lands slowly and its answer is lost; the read-back after it fails.
      h.standIn.fault({ method: 'PATCH', path: TRANSACTIONS, drop: true, apply: true, delayMs: 300 });
      while (!h.standIn.requests.some((q) => q.method === 'PATCH'))
        await new Promise((r) => setTimeout(r, 5));
      h.standIn.fault({ method: 'GET', path: TRANSACTIONS, status: 500, times: 10 });
    });
    expect(result.isError).toBe(true);
    expect(r).toMatchObject({ status: 'unknown', operation_id: null });
    expect(r.message).toMatch(/^Do not repeat this change yet: /);
    expect(r.message).toContain('marking the transactions reconciled got no answer (');
    expect(r.message).toContain(', and avenir-mcp could not check what YNAB holds: ');
    expect(r.message).toMatch(
      /check the account in YNAB before anything else; do not repeat it\. avenir-mcp keeps it as pending operation \w+: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first\.$/,
    );
    expect(patches).toHaveLength(1);
    expect(pending(journal)).toEqual([expect.objectContaining({ tool: 'reconcile_account' })]);
  });
});
