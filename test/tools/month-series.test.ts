/**
 * Every series of months through a real MCP client on the demo plan (today 2026-09-25, first month
 * 2026-06): rows that say which day their figures are at and whether the month is still under way,
 * `since` as the alternative to `months_count` (the same rows, one shared set of errors), and the
 * spending trends' default answer against a detailed one, with what its chart draws from it.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect, requestLines, textOf, type Harness } from '../helpers/harness.js';
import { chartData, chartOf } from '../../views/chart-data.js';
import { CHART_META_KEY } from '../../src/mcp/app-views.js';
import { checkSinceInPlan, firstMonthOf } from '../../src/tools/shared/month-series.js';

const PLAN = { plan_id: 'demo-budget' };
const open = async (h: Harness) => {
  const s = await connect(h, 'modern');
  h.standIn.clearRequests();
  return s;
};

/** Each series tool, and the months_count that `since: 2026-06` stands for (complete months: one fewer). */
const SERIES: [string, number][] = [
  ['get_net_worth_trend', 4],
  ['get_age_of_money', 4],
  ['get_spending_trends', 4],
  ['get_savings_rate', 3],
  ['get_runway', 3],
];

/**
 * The series bound by the plan's first month; net worth's month ends are bound by the accounts'
 * history instead, which starts before it (test/tools/get_net_worth_trend/happy.test.ts).
 */
const PLAN_BOUND = SERIES.filter(([tool]) => tool !== 'get_net_worth_trend');

/** The series of complete months, which end with the month before today's. */
const COMPLETE = new Set(['get_savings_rate', 'get_runway']);

type Row = { month: string; end?: string; partial?: boolean };
const monthsOf = (r: { structuredContent?: unknown }) => (r.structuredContent as { months: Row[] }).months;

describe('month rows', () => {
  it('month-end series give each month its last day, and today for the current month, marked partial', async ({
    h,
  }) => {
    const s = await open(h);
    const want = [
      ['2026-06-30', false],
      ['2026-07-31', false],
      ['2026-08-31', false],
      ['2026-09-25', true],
    ];
    for (const tool of ['get_net_worth_trend', 'get_age_of_money']) {
      const r = await call(s, tool, { ...PLAN, months_count: 4 });
      expect(monthsOf(r).map((m) => [m.end, m.partial])).toEqual(want);
    }
    const text = textOf(await call(s, 'get_age_of_money', { ...PLAN, months_count: 2 }));
    expect(text).toContain('months (2 rows): month | end | partial | days | change');
    expect(text).toContain('2026-09 | 2026-09-25 | true |');
  });

  it('per-month totals mark the month under way; complete-month series leave it out and say so', async ({
    h,
  }) => {
    const s = await open(h);
    const trends = await call(s, 'get_spending_trends', PLAN);
    expect(monthsOf(trends).map((m) => [m.month, m.partial])).toEqual([
      ['2026-07-01', false],
      ['2026-08-01', false],
      ['2026-09-01', true],
    ]);
    const moves = await call(s, 'get_money_movements', { ...PLAN, since: '2026-08' });
    expect(monthsOf(moves).map((m) => [m.month, m.partial])).toEqual([
      ['2026-08', false],
      ['2026-09', true],
    ]);
    for (const tool of ['get_savings_rate', 'get_runway']) {
      const out = (await call(s, tool, PLAN)).structuredContent as { notes: string[]; months: unknown[] };
      expect(out.notes).toContain(
        'The current month, still under way, is not counted: only complete months are.',
      );
      expect(JSON.stringify(out.months)).not.toContain('2026-09');
    }
  });
});

describe('since', () => {
  it.for(SERIES)('%s: since 2026-06 gives the rows of months_count %i', async ([tool, count], { h }) => {
    const s = await open(h);
    const counted = await call(s, tool, { ...PLAN, months_count: count });
    const since = await call(s, tool, { ...PLAN, since: '2026-06' });
    expect(counted.isError).toBeFalsy();
    expect(since.structuredContent).toEqual(counted.structuredContent);
    expect(JSON.stringify(since.structuredContent)).toContain('2026-06');
  });

  it.for(SERIES)(
    '%s: refuses since with months_count, or in the future, before any request, naming the latest',
    async ([tool], { h }) => {
      const s = await open(h);
      const both = await call(s, tool, { ...PLAN, since: '2026-07', months_count: 2 });
      expect(both.isError).toBe(true);
      expect(textOf(both)).toContain(
        'Give months_count or since, not both: keep since (2026-07) to start at that month, or months_count (2) to count back from',
      );
      const latest = COMPLETE.has(tool) ? '2026-08' : '2026-09';
      const future = await call(s, tool, { ...PLAN, since: '2026-10' });
      expect(textOf(future)).toBe(
        `since (2026-10) is after the current month (2026-09): the latest is ${latest}.`,
      );
      expect((await call(s, tool, { ...PLAN, since: 'June' })).isError).toBe(true);
      expect(h.standIn.requests).toHaveLength(0);
    },
  );

  it.for(PLAN_BOUND)(
    '%s: a since far back names the plan first month, the earliest that works',
    async ([tool], { h }) => {
      const s = await open(h);
      const far = await call(s, tool, { ...PLAN, since: '2023-01-01' });
      expect(far.isError).toBe(true);
      expect(textOf(far)).toBe(
        "since (2023-01-01) is before the plan's first month (2026-06): give 2026-06 or later.",
      );
      expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/months']);
    },
  );

  it.for(PLAN_BOUND)('%s: refuses a since before the plan first month, naming it', async ([tool], { h }) => {
    const s = await open(h);
    const r = await call(s, tool, { ...PLAN, since: '2026-05' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(
      "since (2026-05) is before the plan's first month (2026-06): give 2026-06 or later.",
    );
    expect(requestLines(h.standIn)[0]).toBe('GET /plans/demo-budget/months');
  });

  it('a complete-month series refuses the current month as since', async ({ h }) => {
    const s = await open(h);
    for (const tool of ['get_savings_rate', 'get_runway']) {
      const r = await call(s, tool, { ...PLAN, since: '2026-09' });
      expect(textOf(r)).toContain(
        'since (2026-09) is the current month, still under way: this tool counts complete months only, so give 2026-08 or earlier.',
      );
    }
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('a series asked more months than the plan holds says so on its first line, with both numbers', async ({
    h,
  }) => {
    const s = await open(h);
    const r = await call(s, 'get_spending_trends', { ...PLAN, months_count: 6 });
    expect(textOf(r).split('\n')[0]).toBe(
      'message: 4 of the 6 months asked (YNAB holds no earlier month). Spending per category, 2026-06 to 2026-09 (2026-09 under way, to 2026-09-25; averages leave it out).',
    );
    expect(r.structuredContent).toMatchObject({ months_used: 4, months_asked: 6 });
    expect(monthsOf(r)).toHaveLength(4);
    const full = await call(s, 'get_spending_trends', { ...PLAN, months_count: 4 });
    expect(full.structuredContent).toMatchObject({ months_used: 4, months_asked: 4 });
    expect(textOf(full).split('\n')[0]).toMatch(/^message: Spending per category/);
  });

  it('since with a months_count left out reads only the months it covers', async ({ h }) => {
    const s = await open(h);
    const r = await call(s, 'get_spending_trends', { ...PLAN, since: '2026-08-01' });
    expect(monthsOf(r).map((m) => m.month)).toEqual(['2026-08-01', '2026-09-01']);
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-08-01',
      'GET /plans/demo-budget/months/2026-09-01',
    ]);
  });
});

interface Trends {
  message: string;
  months: { month: string; partial: boolean; spent: number }[];
  categories: { name: string; amounts: (number | null)[]; total: number; average: number | null }[];
  categories_count: number;
  left_out_spent: number;
}

describe('spending trends: the default answer and a detailed one', () => {
  it('lists the categories that spent most up to the limit, and accounts for the rest', async ({ h }) => {
    const s = await open(h);
    const full = (await call(s, 'get_spending_trends', PLAN)).structuredContent as Trends;
    const short = (await call(s, 'get_spending_trends', { ...PLAN, limit: 3 })).structuredContent as Trends;
    // the default lists every category of the demo plan, most spent first
    expect(full.categories).toHaveLength(full.categories_count);
    expect(full.left_out_spent).toBe(0);
    const totals = full.categories.map((c) => c.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(full.message).toBe(
      'Spending per category, 2026-07 to 2026-09 (2026-09 under way, to 2026-09-25; averages leave it out).',
    );
    // the short answer: the same first rows and months, the rest summed and named as such
    expect(short.categories).toEqual(full.categories.slice(0, 3));
    expect(short.months).toEqual(full.months);
    expect(short.categories_count).toBe(full.categories_count);
    const rest = full.categories.slice(3).reduce((sum, c) => sum + Math.round(c.total * 1000), 0) / 1000;
    expect(short.left_out_spent).toBe(rest);
    expect(short.message).toContain(
      `The 3 categories that spent most of ${full.categories_count} are listed; the other ${full.categories_count - 3} spent`,
    );
    expect(short.message).toContain(`call again with limit ${full.categories_count} to list them.`);
    // each month's spent counts every category, listed or not
    full.months.forEach((m, i) => {
      const sum = full.categories.reduce((acc, c) => acc + Math.round((c.amounts[i] ?? 0) * 1000), 0);
      expect(Math.round(m.spent * 1000)).toBe(sum);
    });
    // averages leave out the month under way
    for (const c of full.categories) {
      expect(c.average).toBe(Math.round((((c.amounts[0] ?? 0) + (c.amounts[1] ?? 0)) / 2) * 1000) / 1000);
    }
  });

  it('renders one line per category, and its chart draws the top categories from it', async ({ h }) => {
    const s = await open(h);
    const r = await call(s, 'get_spending_trends', { ...PLAN, months_count: 2 });
    const out = r.structuredContent as Trends;
    expect(textOf(r)).toContain(
      `categories (${out.categories.length} rows): name | amounts | total | average`,
    );
    const first = out.categories[0];
    if (!first) throw new Error('no category');
    expect(textOf(r)).toContain(
      `${first.name} | [${first.amounts.join('; ')}] | ${first.total} | ${first.average}`,
    );
    expect(chartOf({ [CHART_META_KEY]: 'spending' })).toBe('spending');
    // nothing named, or a name the view does not know: nothing drawn, never a guess from the shape
    expect(chartOf(undefined)).toBeNull();
    expect(chartOf({ [CHART_META_KEY]: 'pie' })).toBeNull();
    expect(chartOf({ [CHART_META_KEY]: 'toString' })).toBeNull();
    const chart = chartData('spending', out as unknown as Record<string, unknown>);
    expect(chart?.labels).toEqual(['2026-08', '2026-09 (so far)']);
    expect(chart?.series.map((line) => line.label)).toEqual(out.categories.slice(0, 8).map((c) => c.name));
    expect(chart?.series[0]?.values).toEqual(first.amounts);
  });

  it('refuses a limit out of 1 to 200 before any request', async ({ h }) => {
    const s = await open(h);
    for (const limit of [0, 201, 1.5]) {
      expect((await call(s, 'get_spending_trends', { ...PLAN, limit })).isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});

describe('the plan start check', () => {
  it('takes the first month YNAB lists, deleted months left out, and lets any since pass on a plan without one', () => {
    const months = [{ month: '2026-08-01' }, { month: '2026-05-01', deleted: true }, { month: '2026-06-01' }];
    expect(firstMonthOf(months)).toBe('2026-06');
    expect(firstMonthOf([])).toBeUndefined();
    expect(() => checkSinceInPlan('2025-01', undefined, '2026-09-25')).not.toThrow();
    expect(() => checkSinceInPlan('2026-06-01', '2026-06', '2026-09-25')).not.toThrow();
    expect(() => checkSinceInPlan('2026-05-01', '2026-06', '2026-09-25')).toThrow(
      "since (2026-05-01) is before the plan's first month (2026-06): give 2026-06 or later.",
    );
  });

  it('names the earliest month that works: the plan first month, or 24 months back when the plan is older', () => {
    // a plan older than 24 months: the bound is the count, one month later for complete months
    expect(() => checkSinceInPlan('2024-09', '2020-01', '2026-09-25')).toThrow(
      'since (2024-09) is 25 months back: give at most 24, the earliest is 2024-10.',
    );
    expect(() => checkSinceInPlan('2024-10', '2020-01', '2026-09-25')).not.toThrow();
    expect(() => checkSinceInPlan('2024-09', '2020-01', '2026-09-25', true)).not.toThrow();
    expect(() => checkSinceInPlan('2024-08', undefined, '2026-09-25', true)).toThrow(
      'since (2024-08) is 25 months back: give at most 24, the earliest is 2024-09.',
    );
    // a younger plan: its first month, whatever the count allows
    expect(() => checkSinceInPlan('2023-01', '2026-06', '2026-09-25')).toThrow(
      "since (2023-01) is before the plan's first month (2026-06): give 2026-06 or later.",
    );
    expect(() => checkSinceInPlan('2024-09', '2024-10', '2026-09-25')).toThrow(
      "since (2024-09) is before the plan's first month (2024-10): give 2024-10 or later.",
    );
  });
});
