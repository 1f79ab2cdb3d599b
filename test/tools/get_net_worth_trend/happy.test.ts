/**
 * `get_net_worth_trend` through a real MCP client in both eras, on the demo plan served by the stand-in:
 * month-end figures computed here from the demo rows (the tracking-account history), requests and errors.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../../helpers/harness.js';
import { renderResult } from '../../../src/mcp/render.js';

const demo = buildDemoPlan();
/** The account types that count as debt; every other type is an asset. */
const DEBT_TYPES = new Set([
  'creditCard',
  'lineOfCredit',
  'otherLiability',
  'mortgage',
  'autoLoan',
  'studentLoan',
  'personalLoan',
  'medicalDebt',
  'otherDebt',
]);

/** Balance (milliunits) of an account at the end of a `YYYY-MM` month: every row dated before the next month. */
function balanceAtEnd(accountId: string, month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const bound = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return demo.transactions
    .filter((t) => t.account_id === accountId && !t.deleted && t.date < bound)
    .reduce((s, t) => s + t.amount, 0);
}

function monthsBack(today: string, count: number): string[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, i) => {
    const k = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

function expectedRow(month: string) {
  let assets = 0;
  let debts = 0;
  for (const a of demo.accounts) {
    if (DEBT_TYPES.has(a.type)) debts += balanceAtEnd(a.id, month);
    else assets += balanceAtEnd(a.id, month);
  }
  return {
    month: `${month}-01`,
    assets: assets / 1000,
    debts: debts / 1000,
    net_worth: (assets + debts) / 1000,
  };
}

interface Trend {
  message: string;
  months: { month: string; assets: number; debts: number; net_worth: number }[];
  first_net_worth: number;
  last_net_worth: number;
  change: number;
  accounts: string[];
}

it.beforeAll(({ h }) => {
  // freshness window off: each call here is counted on its own, the repeat as a delta of every list it
  // reads
  h.env.AVENIR_MCP_FRESH_SECONDS = '0';
});

describe.each(ERAS)('get_net_worth_trend, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    h.standIn.setToday('2026-09-25');
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it('rebuilds 12 month ends from the accounts and transactions, in 2 requests', async ({ h }) => {
    const r = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as Trend;
    const months = monthsBack('2026-09-25', 12);
    expect(months[0]).toBe('2025-10');
    const rows = months.map(expectedRow);
    expect(out.months).toHaveLength(12);
    out.months.forEach((row, i) => {
      const want = rows[i]!;
      expect(row.month).toBe(want.month);
      expect(row.assets).toBeCloseTo(want.assets, 6);
      expect(row.debts).toBeCloseTo(want.debts, 6);
      expect(row.net_worth).toBeCloseTo(want.net_worth, 6);
    });
    expect(out.first_net_worth).toBeCloseTo(rows[0]!.net_worth, 6);
    expect(out.last_net_worth).toBeCloseTo(rows[11]!.net_worth, 6);
    expect(out.change).toBeCloseTo(rows[11]!.net_worth - rows[0]!.net_worth, 6);
    // Every account: the closed ones still held money at some listed month end.
    expect(out.accounts).toEqual(demo.accounts.map((a) => a.name));
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it('shows the loans going down: the car loan month by month, the student loan at 0 from March 2026', async () => {
    const r = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', months_count: 24 });
    const out = r.structuredContent as Trend & { months_used: number; months_asked: number };
    // The demo loans: −24,750.00 on 2025-03-31, then each month −interest + 400.00 (student: + 250.00).
    // Nothing existed before those starting balances: the month ends start there, 19 of the 24 asked.
    const months = monthsBack('2026-09-25', 19);
    expect(months[0]).toBe('2025-03');
    expect(textOf(r).split('\n')[0]).toBe(
      `message: 19 of the 24 months asked (the accounts' history starts in 2025-03). Net worth ${out.last_net_worth.toFixed(2)} on 2026-09-25, up ${out.change.toFixed(2)} since the end of 2025-03.`,
    );
    expect(out).toMatchObject({ months_used: 19, months_asked: 24 });
    expect(out.months.map((m) => m.month)).toEqual(months.map((m) => `${m}-01`));
    const car = months.map((m) => balanceAtEnd('acc-car-loan', m));
    const student = months.map((m) => balanceAtEnd('acc-student-loan', m));
    expect(car[months.indexOf('2025-03')]).toBe(-24_750_000);
    expect(car[months.indexOf('2025-04')]).toBe(-24_750_000 - 92_810 + 400_000);
    expect(student[months.indexOf('2026-02')]).toBeLessThan(0);
    expect(student[months.indexOf('2026-03')]).toBe(0);
    out.months.forEach((row, i) => {
      expect(row.debts).toBeCloseTo((car[i]! + student[i]!) / 1000, 6);
      if (months[i]! >= '2026-03') expect(row.debts).toBeCloseTo(car[i]! / 1000, 6);
    });
    // Debts fall every month from April 2025 on.
    const fromApril = out.months.slice(months.indexOf('2025-04'));
    for (let i = 1; i < fromApril.length; i++)
      expect(fromApril[i]!.debts).toBeGreaterThan(fromApril[i - 1]!.debts);
  });

  it('takes a since from the start of the accounts history, before the plan first month, and none earlier', async ({
    h,
  }) => {
    const r = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', since: '2025-03' });
    expect(r.structuredContent).toMatchObject({ months_used: 19, months_asked: 19 });
    // every month asked is there: the first line is the conclusion alone
    expect(textOf(r).split('\n')[0]).toMatch(/^message: Net worth -?\d+\.\d\d on 2026-09-25, (up|down) /);
    h.standIn.clearRequests();
    const early = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', since: '2025-02' });
    expect(early.isError).toBe(true);
    expect(textOf(early)).toBe(
      "since (2025-02) is before the accounts' first transaction (2025-03): give 2025-03 or later.",
    );
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/accounts',
      'GET /plans/demo-budget/transactions',
    ]);
  });

  it.each([
    [6, ['Checking', 'Savings', 'Joint savings', 'Car loan', 'Former bank']],
    [5, ['Checking', 'Savings', 'Joint savings', 'Car loan']],
    [3, ['Checking', 'Savings', 'Joint savings', 'Car loan']],
  ])(
    'names a closed account only while it held money (former bank at 0 from May 2026), %i months',
    async (months_count, names) => {
      expect(balanceAtEnd('acc-former-bank', '2026-04')).not.toBe(0);
      expect(balanceAtEnd('acc-former-bank', '2026-05')).toBe(0);
      const r = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', months_count });
      expect((r.structuredContent as Trend).accounts).toEqual(names);
    },
  );

  it.for(['2026-04-15', '2025-06-10'])('works from another today, %s', async (today, { h }) => {
    h.standIn.setToday(today);
    const other = await connect(h, era, { env: { AVENIR_MCP_TODAY: today } });
    try {
      h.standIn.clearRequests();
      const r = await call(other, 'get_net_worth_trend', { plan_id: 'demo-budget', months_count: 4 });
      const out = r.structuredContent as Trend;
      const rows = monthsBack(today, 4).map(expectedRow);
      expect(out.months.map((m) => m.month)).toEqual(rows.map((m) => m.month));
      out.months.forEach((row, i) => expect(row.net_worth).toBeCloseTo(rows[i]!.net_worth, 6));
      expect(h.standIn.requests).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('gives each month its end date, marks the current month partial, and takes since', async ({ h }) => {
    const r = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', since: '2026-06' });
    const out = r.structuredContent as { months: { month: string; end: string; partial: boolean }[] };
    expect(out.months.map(({ month, end, partial }) => [month, end, partial])).toEqual([
      ['2026-06-01', '2026-06-30', false],
      ['2026-07-01', '2026-07-31', false],
      ['2026-08-01', '2026-08-31', false],
      ['2026-09-01', '2026-09-25', true],
    ]);
    const same = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', since: '2026-06-01' });
    expect(same.structuredContent).toEqual(r.structuredContent);
    h.standIn.clearRequests();
    const bad = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', since: '2026-10' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe('since (2026-10) is after the current month (2026-09): the latest is 2026-09.');
    expect((await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', since: '2026-13' })).isError).toBe(
      true,
    );
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('refuses an out-of-range months_count before any request', async ({ h }) => {
    for (const months_count of [0, 25, 1.5]) {
      const r = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', months_count });
      expect(r.isError).toBe(true);
    }
    const extra = await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget', extra: true });
    expect(extra.isError).toBe(true);
    expect(h.standIn.requests).toHaveLength(0);
  });

  it("reports YNAB's errors as client errors", async () => {
    const r = await call(s, 'get_net_worth_trend', { plan_id: 'no-such-plan' });
    expect(textOf(r)).toBe(
      "Error calling tool 'get_net_worth_trend': plan_id 'no-such-plan' is not a plan this token can read: pass one of 'demo-budget' (from list_plans).",
    );
    const bad = await call(s, 'get_net_worth_trend', { plan_id: 'my plan' });
    expect(textOf(bad)).toBe(
      "Error calling tool 'get_net_worth_trend': 'my plan' is not a YNAB id: use the ids returned by list_plans, list_accounts or the other tools.",
    );
  });

  it('reads the cached lists again as deltas: still 2 requests', async ({ h }) => {
    await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget' });
    h.standIn.clearRequests();
    await call(s, 'get_net_worth_trend', { plan_id: 'demo-budget' });
    expect(h.standIn.requests.map((r) => r.query.last_knowledge_of_server)).toEqual(['1', '1']);
  });
});
