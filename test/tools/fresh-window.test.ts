/**
 * The freshness window through a real client against the stand-in, on a clock that moves only when
 * told: a repeat within AVENIR_MCP_FRESH_SECONDS asks YNAB nothing; after it, one delta per list; the
 * server's own write, and a write whose outcome is still pending, end it for the plan at once; 0 turns
 * it off. What is asserted is what the stand-in received, and that the answers hold what it holds.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call } from '../helpers/harness.js';
import { onClock, otherApp, PLAN, sentLines } from '../helpers/fresh.js';
import { approvedOf, PENDING, planWithWork } from '../helpers/immediate-writes.js';

const accounts = { plan_id: PLAN };
type Row = { id: string; balance: number };
type Match = { transaction_id: string; approved: boolean };
const rows = (r: { structuredContent?: unknown }): Row[] => (r.structuredContent as { result: Row[] }).result;
const balanceOf = (r: { structuredContent?: unknown }, id: string) =>
  rows(r).find((a) => a.id === id)?.balance;

describe('the freshness window', () => {
  it.beforeEach(({ h }) => h.standIn.reset(planWithWork()));

  it('a repeat within the window asks YNAB nothing; after it, one delta', async ({ h }) => {
    const { s, clock } = await onClock(h);
    const cold = await call(s, 'list_accounts', accounts);
    expect(sentLines(h)).toEqual(['GET /accounts']);
    h.standIn.clearRequests();
    clock.forward(9_999);
    const warm = await call(s, 'list_accounts', accounts);
    expect(warm.structuredContent).toEqual(cold.structuredContent);
    expect(h.standIn.requests).toEqual([]);
    clock.forward(1);
    await call(s, 'list_accounts', accounts);
    expect(sentLines(h)).toEqual(['GET /accounts @1']);
  });

  it("another app's change shows once the window is over", async ({ h }) => {
    const { s, clock } = await onClock(h);
    const before = balanceOf(await call(s, 'list_accounts', accounts), 'acc-checking');
    await otherApp(h, 'DELETE', '/transactions/tx-001');
    const tx = h.standIn.state.transactions.find((t) => t.id === 'tx-001')!;
    h.standIn.clearRequests();
    // within the window: the snapshot of a moment ago
    expect(balanceOf(await call(s, 'list_accounts', accounts), 'acc-checking')).toBe(before);
    expect(h.standIn.requests).toEqual([]);
    clock.forward(10_000);
    const after = balanceOf(await call(s, 'list_accounts', accounts), tx.account_id);
    expect(after).toBeCloseTo(Number(before) - tx.amount / 1000, 6);
    expect(sentLines(h)).toEqual(['GET /accounts @1']);
  });

  it('fresh: true reads anew a change another app made within the window', async ({ h }) => {
    const { s } = await onClock(h);
    const before = balanceOf(await call(s, 'list_accounts', accounts), 'acc-checking');
    await otherApp(h, 'DELETE', '/transactions/tx-001');
    const tx = h.standIn.state.transactions.find((t) => t.id === 'tx-001')!;
    h.standIn.clearRequests();
    const fresh = await call(s, 'list_accounts', { ...accounts, fresh: true });
    expect(balanceOf(fresh, tx.account_id)).toBeCloseTo(Number(before) - tx.amount / 1000, 6);
    expect(sentLines(h)).toEqual(['GET /accounts @1']);
    // and starts a new window
    h.standIn.clearRequests();
    expect((await call(s, 'list_accounts', accounts)).structuredContent).toEqual(fresh.structuredContent);
    expect(h.standIn.requests).toEqual([]);
  });

  it('fresh is a parameter of every read tool that takes a plan, and of no other', async ({ h }) => {
    const { s } = await onClock(h);
    const { tools } = await s.client.listTools();
    for (const t of tools) {
      const props = (t.inputSchema.properties ?? {}) as Record<string, unknown>;
      const takes = t.annotations?.readOnlyHint === true && 'plan_id' in props;
      expect('fresh' in props, t.name).toBe(takes);
      if (takes) expect(props.fresh, t.name).toEqual({ type: 'boolean' });
    }
    expect(tools.filter((t) => 'fresh' in (t.inputSchema.properties ?? {})).length).toBeGreaterThan(15);
  });

  it("the server's own write ends the window: the next read shows it", async ({ h, journal }) => {
    const { s } = await onClock(h, {}, journal);
    const find = () => call(s, 'find_transactions', { plan_id: PLAN, since_date: '2026-08-01', limit: 200 });
    const approved = (r: { structuredContent?: unknown }) =>
      PENDING.map(
        (id) =>
          (r.structuredContent as { transactions: Match[] }).transactions.find((t) => t.transaction_id === id)
            ?.approved,
      );
    await find();
    h.standIn.clearRequests();
    await find();
    expect(h.standIn.requests).toEqual([]);
    const r = await call(s, 'approve_transactions', { plan_id: PLAN, tx_ids: PENDING });
    expect(r.isError).toBeFalsy();
    expect(approvedOf(h.standIn.state)).toEqual([true, true]);
    h.standIn.clearRequests();
    const after = await find();
    // every list the search reads, as a delta since the knowledge before the write
    expect(sentLines(h).sort()).toEqual(['GET /accounts @1', 'GET /categories @1', 'GET /transactions @1']);
    expect(approved(after)).toEqual([true, true]);
  });

  it('a write whose outcome is still pending ends the window of its plan', async ({ h, journal }) => {
    const { s } = await onClock(h, {}, journal);
    await call(s, 'list_accounts', accounts);
    await s.deps.pending.open({
      operation_id: 'op-pending',
      plan_id: PLAN,
      tool: 'create_transactions',
      subject: ['transaction:new'],
      started_at: new Date(Date.parse('2026-09-25T12:00:00Z')).toISOString(),
      check_with: 'find_transactions',
    });
    h.standIn.clearRequests();
    await call(s, 'list_accounts', accounts);
    expect(sentLines(h)).toEqual(['GET /accounts @1']);
    // once the entry closes, the window holds again
    await s.deps.pending.close('op-pending');
    h.standIn.clearRequests();
    await call(s, 'list_accounts', accounts);
    expect(h.standIn.requests).toEqual([]);
  });

  it('AVENIR_MCP_FRESH_SECONDS=0 asks YNAB at every call; a longer window holds longer', async ({ h }) => {
    const off = await onClock(h, { AVENIR_MCP_FRESH_SECONDS: '0' });
    await call(off.s, 'list_accounts', accounts);
    await call(off.s, 'list_accounts', accounts);
    expect(sentLines(h)).toEqual(['GET /accounts', 'GET /accounts @1']);
    h.standIn.clearRequests();
    const long = await onClock(h, { AVENIR_MCP_FRESH_SECONDS: '60' });
    await call(long.s, 'list_accounts', accounts);
    long.clock.forward(59_000);
    await call(long.s, 'list_accounts', accounts);
    expect(sentLines(h)).toEqual(['GET /accounts']);
    // the guide says how old an answer may be, with the server's own window
    expect(long.s.client.getInstructions()).toContain('- Answers may be up to 60 s old');
    expect(off.s.client.getInstructions()).not.toContain('- Answers may be');
  });
});
