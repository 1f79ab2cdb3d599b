/**
 * Every read tool's default answer stays within 16,384 bytes on both generated plans, as the client
 * receives it (the whole JSON-RPC message: the text block and the structured content), in both
 * protocol eras; and a page cut by that byte budget loses nothing: following its cursor (or, for
 * list_scheduled_transactions, the since_date its `omitted` names) reaches every row once.
 *
 * The plans are the benchmark's, at full size (about 60,000 transactions; a whole run of this file
 * takes a few seconds): the heavy plan (bench/heavy-plan.mjs, short tidy names) and the raw-label plan
 * (bench/raw-plan.mjs: raw card labels, long and repeated category names, targets, memos, splits).
 * Without the byte budget three default answers of the raw-label plan are over 16 kB
 * (get_category_balances about 22.7 kB, list_scheduled_transactions 18 kB, forecast_balance 17 kB);
 * with it none is, and the tests below check that the budget, not the row limit, ended those pages,
 * and that the lists without a cursor (list_payees, get_underfunded_targets) keep their first rows
 * and count the others.
 * The cursor is followed on a tenth of the raw-label plan (6,000 transactions, the same labels, so the
 * same weight a row): every page costs YNAB requests, and a session may send 180 an hour.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { BENCH_ORDERS, BENCH_RECEIPT, BENCH_STATEMENT } from '../../bench/calls.mjs';
import { buildHeavyPlan, HEAVY_PLAN_ID } from '../../bench/heavy-plan.mjs';
import { buildRawPlan, RAW_PLAN_ID } from '../../bench/raw-plan.mjs';
import type { PlanData } from '../../src/demo/index.js';
import { readTools } from '../../src/tools/index.js';
import { ERAS, connect, textOf, type Harness, type Session } from '../helpers/harness.js';

const BUDGET = 16_384;
/** What a tool needs beyond the plan: forecast_balance's last month (it has no default), an id. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  forecast_balance: { until: '2027-03' },
  compare_statement: { account_id: 'acc-01', statement: BENCH_STATEMENT },
  itemize_transaction: BENCH_RECEIPT,
  match_orders: { account_id: 'acc-01', orders: BENCH_ORDERS },
  get_transaction: { transaction_id: 'tx-000100' },
};
const BY_BYTES = '(a page stops at 16 kB).';

const SMALL = 'raw-plan, a tenth';
const PLANS: [string, () => PlanData][] = [
  [HEAVY_PLAN_ID, () => buildHeavyPlan()],
  [RAW_PLAN_ID, () => buildRawPlan()],
  [SMALL, () => buildRawPlan({ transactions: 6_000 })],
];
const built = new Map<string, PlanData>();
const plan = (id: string): PlanData => {
  if (!built.has(id)) built.set(id, PLANS.find(([name]) => name === id)![1]());
  return built.get(id)!;
};

/** A session whose every answer's size, as the client received it, is kept. */
async function measured(h: Harness, era: (typeof ERAS)[number]) {
  const s: Session = await connect(h, era);
  const transport = s.client.transport as unknown as {
    onmessage: (message: JSONRPCMessage, ...rest: never[]) => void;
  };
  const seen = { bytes: 0 };
  const deliver = transport.onmessage;
  transport.onmessage = (message, ...rest) => {
    if ('result' in message) seen.bytes = Buffer.byteLength(JSON.stringify(message));
    deliver.call(transport, message, ...rest);
  };
  const read = async (name: string, args: Record<string, unknown>) => {
    const r = await s.client.callTool({ name, arguments: args });
    expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
    return { out: r.structuredContent as Record<string, unknown>, bytes: seen.bytes };
  };
  return { s, read };
}

describe.each([HEAVY_PLAN_ID, RAW_PLAN_ID])('default answers on %s', (planId) => {
  it.for(ERAS)('every read tool answers within 16,384 bytes, %s era', async (era, { h }) => {
    h.standIn.reset(plan(planId));
    const { read } = await measured(h, era);
    const sizes: Record<string, number> = {};
    for (const tool of readTools) {
      h.standIn.clearRequests();
      const args = tool.name === 'list_plans' ? {} : { plan_id: planId, ...REQUIRED[tool.name] };
      sizes[tool.name] = (await read(tool.name, args)).bytes;
      // each answer only read the plan (within the freshness window, from what an earlier call synced)
      expect(h.standIn.requests.every((r) => r.method === 'GET')).toBe(true);
    }
    const over = Object.entries(sizes).filter(([, bytes]) => bytes > BUDGET);
    expect(over).toEqual([]);
    expect(Object.keys(sizes)).toHaveLength(readTools.length);
  });
});

describe('the byte budget on the raw-label plan', () => {
  it('ends the pages whose rows weigh most before their row limit', async ({ h }) => {
    h.standIn.reset(plan(RAW_PLAN_ID));
    const { read } = await measured(h, 'modern');
    const balances = (await read('get_category_balances', { plan_id: RAW_PLAN_ID })).out;
    const rows = (balances.result as unknown[]).length;
    expect(rows).toBeLessThan(50);
    expect(balances.count).toBeGreaterThan(rows);
    expect(balances.omitted).toBe(
      `${(balances.count as number) - rows} more categories: pass next_cursor as cursor ${BY_BYTES}`,
    );
    const scheduled = (await read('list_scheduled_transactions', { plan_id: RAW_PLAN_ID })).out;
    expect(scheduled.omitted).toMatch(
      /^\d+ more occurrences from 2026-\d\d-\d\d: pass since_date 2026-\d\d-\d\d, until_date 2026-10-25\.$/,
    );
  });

  it('list_payees and get_underfunded_targets keep the first rows that fit, and count the rest', async ({
    h,
  }) => {
    const data = buildRawPlan();
    // nothing assigned this month: every target with a monthly need is short
    const month = Object.keys(data.budgets).sort().at(-1)!;
    for (const id of Object.keys(data.budgets[month]!)) data.budgets[month]![id] = 0;
    h.standIn.reset(data);
    const { read } = await measured(h, 'modern');
    const payees = await read('list_payees', { plan_id: RAW_PLAN_ID, limit: 200 });
    expect(payees.bytes).toBeLessThanOrEqual(BUDGET);
    const listed = payees.out.payees as { payee_id: string }[];
    expect(listed.length).toBeLessThan(200);
    // every payee but the transfer ones, which name an account
    const total = data.payees.filter((p) => p.transfer_account_id === null).length;
    expect(payees.out).toMatchObject({ total, shown: listed.length });
    // the most used first: the same as the first rows of a smaller page
    const fewer = (await read('list_payees', { plan_id: RAW_PLAN_ID, limit: 10 })).out.payees;
    expect(listed.slice(0, 10)).toEqual(fewer);

    const targets = await read('get_underfunded_targets', { plan_id: RAW_PLAN_ID });
    expect(targets.bytes).toBeLessThanOrEqual(BUDGET);
    const shown = (targets.out.targets as unknown[]).length;
    const more = targets.out.more as number;
    expect(more).toBeGreaterThan(0);
    expect(targets.out.notes).toContain(
      `${more} more underfunded targets are not listed; the totals count them.`,
    );
    // the totals are over every short target, listed or not
    const every = await read('get_underfunded_targets', { plan_id: RAW_PLAN_ID, limit: 1 });
    expect(every.out.needed).toBe(targets.out.needed);
    expect((every.out.more as number) + 1).toBe(shown + more);
  });

  it('suggest_categories and the month reads page to every row by cursor', async ({ h }) => {
    h.standIn.reset(plan(SMALL));
    for (const [tool, list, key, counted, extra] of [
      ['suggest_categories', 'items', 'transaction_id', 'pending_count', {}],
      ['get_category_balances', 'result', 'category_id', 'count', { include_empty: true }],
      ['get_budget_vs_actual', 'result', 'id', 'count', { include_empty: true }],
    ] as const) {
      const { read } = await measured(h, 'modern');
      const seen: string[] = [];
      let cursor: string | null = null;
      const counts = new Set<number>();
      let pages = 0;
      do {
        const page = await read(tool, { plan_id: RAW_PLAN_ID, limit: 200, cursor, ...extra });
        expect(page.bytes, tool).toBeLessThanOrEqual(BUDGET);
        const rows = page.out[list] as Record<string, string>[];
        seen.push(...rows.map((row) => row[key]!));
        counts.add(page.out[counted] as number);
        pages += 1;
        cursor = page.out.next_cursor as string | null;
        if (cursor !== null) expect(page.out.omitted, tool).toMatch(/\(a page stops at 16 kB\)\./);
      } while (cursor !== null);
      expect(new Set(seen).size, tool).toBe(seen.length);
      // the same count on every page, and as many rows as it says
      expect(counts.size, tool).toBe(1);
      const [count] = [...counts];
      expect(seen, tool).toHaveLength(count!);
      expect(pages, tool).toBeGreaterThan(1);
      // a month read lists every category of the plan but the inflow one
      if (tool !== 'suggest_categories') expect(count, tool).toBe(105);
    }
  });

  it('find_transactions pages to every match by cursor', async ({ h }) => {
    const data = plan(SMALL);
    h.standIn.reset(data);
    const { read } = await measured(h, 'modern');
    const since = '2025-01-01';
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await read('find_transactions', {
        plan_id: RAW_PLAN_ID,
        since_date: since,
        limit: 200,
        cursor,
      });
      expect(page.bytes).toBeLessThanOrEqual(BUDGET);
      pages += 1;
      const rows = page.out.transactions as { transaction_id: string }[];
      expect(rows.length).toBeLessThan(200);
      seen.push(...rows.map((row) => row.transaction_id));
      cursor = page.out.next_cursor as string | null;
      expect(page.out.truncated).toBe(cursor !== null);
    } while (cursor !== null);
    const expected = data.transactions.filter((t) => !t.deleted && t.date >= since).map((t) => t.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...expected].sort());
    expect(pages).toBeGreaterThan(1);
  });

  it('list_scheduled_transactions goes on from the since_date its omitted names, per occurrence and per schedule', async ({
    h,
  }) => {
    h.standIn.reset(plan(RAW_PLAN_ID));
    const { read } = await measured(h, 'modern');
    const until = '2027-09-25';
    const follow = async (per: 'occurrence' | 'schedule') => {
      const lines: Record<string, unknown>[] = [];
      let since: string | null = '2026-09-25';
      const sums = new Set<string>();
      while (since !== null) {
        const page = await read('list_scheduled_transactions', {
          plan_id: RAW_PLAN_ID,
          since_date: since,
          until_date: until,
          per,
        });
        expect(page.bytes).toBeLessThanOrEqual(BUDGET);
        const rows = page.out[per === 'occurrence' ? 'occurrences' : 'schedules'] as Record<
          string,
          unknown
        >[];
        lines.push(...rows);
        if (since === '2026-09-25') sums.add(`${String(page.out.inflows)} ${String(page.out.outflows)}`);
        const omitted = page.out.omitted as string | null;
        since = omitted === null ? null : /pass since_date (\d{4}-\d\d-\d\d)/.exec(omitted)![1]!;
      }
      return { lines, sums: [...sums] };
    };
    const occurrences = await follow('occurrence');
    const keys = occurrences.lines.map((o) => `${String(o.scheduled_id)} ${String(o.date)}`);
    expect(new Set(keys).size).toBe(keys.length);
    const dates = occurrences.lines.map((o) => String(o.date));
    expect(dates).toEqual([...dates].sort());
    // the whole year of 35 schedules, most monthly: far more than one page holds
    expect(occurrences.lines.length).toBeGreaterThan(300);
    // the sums over the period, not over the page, agree with every occurrence listed
    const [inflows, outflows] = occurrences.sums[0]!.split(' ').map(Number) as [number, number];
    const money = occurrences.lines
      .filter((o) => o.transfer === false)
      .map((o) => Math.round((o.amount as number) * 100));
    expect(money.filter((a) => a > 0).reduce((a, b) => a + b, 0)).toBe(Math.round(inflows * 100));
    expect(money.filter((a) => a < 0).reduce((a, b) => a + b, 0)).toBe(Math.round(outflows * 100));
    // per schedule, the first page names every schedule due first before the cut
    const schedules = await follow('schedule');
    const first = new Map<string, string>();
    for (const o of occurrences.lines)
      if (!first.has(String(o.scheduled_id))) first.set(String(o.scheduled_id), String(o.date));
    expect(new Set(schedules.lines.map((l) => l.scheduled_id))).toEqual(new Set(first.keys()));
  });
});
