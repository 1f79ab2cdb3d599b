/**
 * `get_digest` through a real client in both eras, against the stand-in: what needs the person on the
 * demo plan (each item checked against the demo's own rows), planted items (a bank link in error, a
 * payment the balance does not cover, a transaction to approve, a subscription's new price, a charge
 * newly recurring), the tools named with writes on and off, and the requests it costs.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf } from '../../helpers/harness.js';
import { renderResult } from '../../../src/mcp/render.js';

const PLAN = 'demo-budget';
const demo = buildDemoPlan();

interface Need {
  kind: string;
  what: string;
  tool: string | null;
  ids: string[];
}
interface Digest {
  message: string;
  changes: { since: string | null; counts: Record<string, number>; lines: string[] };
  needs_you: Need[];
  omitted: string | null;
}

const READS = [
  `GET /plans/${PLAN}/accounts`,
  `GET /plans/${PLAN}/transactions`,
  `GET /plans/${PLAN}/scheduled_transactions`,
  `GET /plans/${PLAN}/categories`,
  `GET /plans/${PLAN}/months`,
  `GET /plans/${PLAN}/months/2026-09-01`,
];

const FIRST = [...READS, `GET /plans/${PLAN}/money_movements`];

/** The demo's transactions waiting for a category, computed from its rows: newest first. */
const pending = demo.transactions
  .filter(
    (t) =>
      !t.deleted &&
      !t.category_id &&
      !t.transfer_account_id &&
      (t.subtransactions ?? []).length === 0 &&
      ['acc-checking', 'acc-savings'].includes(t.account_id),
  )
  .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));

describe.each(ERAS)('get_digest, %s era', (era) => {
  it('lists what needs the person on the demo plan, the most pressing first, in seven requests the first time', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '0', AVENIR_MCP_JOURNAL: journal } });
    h.standIn.clearRequests();
    const r = await call(s, 'get_digest', { plan_id: PLAN });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    const out = r.structuredContent as Digest;
    const sent = requestLines(h.standIn);
    // the targets due within 14 days and still short, as get_underfunded_targets gives them
    const underfunded = (await call(s, 'get_underfunded_targets', { plan_id: PLAN })).structuredContent as {
      targets: { category_id: string; due: string | null; needed: number }[];
    };
    const due = underfunded.targets
      .filter((t) => t.due !== null && t.due <= '2026-10-09' && t.needed > 0)
      .map((t) => ['target_due', t.category_id]);
    expect(due.map(([, id]) => id)).toContain('cat-transport');
    expect(out.needs_you.map((n) => [n.kind, n.ids[0]])).toEqual([
      ['overspent', 'cat-restaurants'],
      ...due,
      ['duplicate', 'tx-055'],
      ['outsized_charge', 'tx-049'],
      ['categorize', pending[0]!.id],
      ['not_reconciled', 'acc-savings'],
    ]);
    expect(out.message).toBe(
      `First digest: changes are counted from now on. ${5 + due.length} item(s) need you: overspent, target due, duplicate, outsized charge, categorize, not reconciled. The most pressing first.`,
    );
    const byKind = (kind: string) => out.needs_you.find((n) => n.kind === kind)!;
    expect(byKind('overspent')).toEqual({
      kind: 'overspent',
      what: 'Restaurants (Everyday) is overspent by 22.50 this month.',
      tool: 'get_category_balances',
      ids: ['cat-restaurants'],
    });
    expect(byKind('duplicate').ids).toEqual(['tx-055', 'tx-056']);
    expect(byKind('categorize')).toEqual({
      kind: 'categorize',
      what: `${pending.length} transaction(s) wait for a category, the oldest from ${pending.at(-1)!.date}.`,
      tool: 'suggest_categories',
      ids: pending.map((t) => t.id),
    });
    // the restaurant's 88.00 against its earlier charges, each a quarter of it or less
    const lucie = demo.transactions.filter(
      (t) => (t.payee_name ?? '').includes('CHEZ LUCIE') && t.date < '2026-08-26',
    );
    expect(lucie.length).toBeGreaterThanOrEqual(3);
    expect(byKind('outsized_charge').what).toMatch(
      /^CB CHEZ LUCIE .* charged 88\.00 on 2026-09-10, against \d+\.\d\d usually\.$/,
    );
    // the first digest sets the mark from the lists it read: only the money movements besides
    expect(sent).toEqual(FIRST);
    expect(out.changes).toEqual({ since: null, counts: {}, lines: [] });

    // a repeat inside the freshness window asks YNAB nothing: the lists synced at the mark's knowledge
    // are fresh, so nothing changed since is to be seen
    h.standIn.clearRequests();
    const again = (await call(s, 'get_digest', { plan_id: PLAN })).structuredContent as Digest;
    expect(again.needs_you).toEqual(out.needs_you);
    expect(again.changes).toMatchObject({ since: expect.any(String), counts: {}, lines: [] });
    expect(again.message).toMatch(/^Since the last digest \(\d{4}-\d\d-\d\d\): no change\. /);
    expect(requestLines(h.standIn)).toEqual([]);
  });

  it('names a subscription whose price changed and a charge recurring since June, once each, in the same seven requests', async ({
    h,
    journal,
  }) => {
    const plan = buildDemoPlan();
    // September's STREAMFLIX at a new price, after 13.49 in June, July and August
    for (const t of plan.transactions) if (t.id === 'tx-052') t.amount = -15_990;
    // a gym charged each month since June on an account in use for over a year, never before
    const template = plan.transactions.find((t) => t.id === 'tx-007')!;
    const gym = ['06', '07', '08'].map((m) => ({
      ...template,
      id: `tx-gym-${m}`,
      date: `2026-${m}-10`,
      amount: -29_000,
      account_id: 'acc-joint-savings',
      account_name: 'Joint savings',
      payee_id: null,
      payee_name: 'NEWGYM',
    }));
    plan.transactions.push(...gym);
    h.standIn.reset(plan);
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '0', AVENIR_MCP_JOURNAL: journal } });
    h.standIn.clearRequests();
    const out = (await call(s, 'get_digest', { plan_id: PLAN })).structuredContent as Digest;
    const kinds = out.needs_you.map((n) => n.kind);
    expect(kinds.slice(kinds.indexOf('outsized_charge'), kinds.indexOf('outsized_charge') + 4)).toEqual([
      'outsized_charge',
      'price_change',
      'new_recurring',
      'categorize',
    ]);
    expect(out.needs_you.filter((n) => n.kind === 'price_change')).toEqual([
      {
        kind: 'price_change',
        what: 'STREAMFLIX now charges 15.99 a month, 13.49 before.',
        tool: 'find_recurring_charges',
        ids: ['tx-052'],
      },
    ]);
    expect(out.needs_you.filter((n) => n.kind === 'new_recurring')).toEqual([
      {
        kind: 'new_recurring',
        what: 'NEWGYM is charged every month since 2026-06 (29.00).',
        tool: 'find_recurring_charges',
        ids: gym.map((t) => t.id),
      },
    ]);
    expect(out.message).toContain('outsized charge, price change, new recurring, categorize');
    expect(requestLines(h.standIn)).toEqual(FIRST);
  });

  it('names a bank link in error, a payment the balance does not cover and a transaction to approve, with the write tools when writes are on', async ({
    h,
  }) => {
    const plan = buildDemoPlan();
    for (const a of plan.accounts) if (a.id === 'acc-checking') a.direct_import_in_error = true;
    for (const t of plan.transactions) if (t.id === 'tx-054') t.approved = false;
    plan.scheduled_transactions.push({
      ...plan.scheduled_transactions[0]!,
      id: 'sch-car',
      date_first: '2026-09-28',
      date_next: '2026-09-28',
      frequency: 'never',
      amount: -20_000_000,
      payee_id: null,
      payee_name: 'GARAGE',
      category_id: null,
      category_name: null,
    });
    h.standIn.reset(plan);
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '1' } });
    const out = (await call(s, 'get_digest', { plan_id: PLAN })).structuredContent as Digest;
    const kinds = out.needs_you.map((n) => n.kind);
    expect(kinds[0]).toBe('scheduled_short');
    // the garage bill and the monthly transfer to Savings leave Checking within the 7 days
    const transfer = plan.scheduled_transactions.find((t) => t.id === 'sch-savings')!;
    expect(transfer.date_next > '2026-09-25' && transfer.date_next <= '2026-10-02').toBe(true);
    expect(out.needs_you[0]!.ids).toEqual(['acc-checking', 'sch-car', 'sch-savings']);
    const total = (20_000_000 - transfer.amount) / 1000;
    expect(out.needs_you[0]!.what).toMatch(
      new RegExp(
        `^Checking holds \\d+\\.\\d\\d, short of the ${total.toFixed(2)} scheduled to leave it by 2026-10-02 \\(2 payment\\(s\\)\\)\\.$`,
      ),
    );
    expect(out.needs_you.find((n) => n.kind === 'bank_link')).toEqual({
      kind: 'bank_link',
      what: "Checking's bank link is in error: new transactions stop coming until it is reconnected in YNAB.",
      tool: null,
      ids: ['acc-checking'],
    });
    expect(out.needs_you.find((n) => n.kind === 'approve')).toEqual({
      kind: 'approve',
      what: '1 transaction(s) wait for approval, the oldest from 2026-09-18.',
      tool: 'approve_transactions',
      ids: ['tx-054'],
    });
    expect(out.needs_you.find((n) => n.kind === 'overspent')?.tool).toBe('move_money');
    expect(out.needs_you.find((n) => n.kind === 'duplicate')?.tool).toBe('delete_transactions');
    expect(out.needs_you.find((n) => n.kind === 'not_reconciled')?.tool).toBe('reconcile_account');
    expect(h.standIn.writes).toEqual([]);
  });
});
