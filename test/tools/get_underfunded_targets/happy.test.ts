/**
 * `get_underfunded_targets` through a real MCP client, in both protocol eras,
 * against the stand-in on the demo plan and on edited copies: the targets computed here from the demo's
 * targets and budgets, every message and note, the limit, the request count.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import type { PlanData } from '../../../src/demo/index.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  type Session,
} from '../../helpers/harness.js';
import { renderResult } from '../../../src/mcp/render.js';

const TOOL = 'get_underfunded_targets';
const NOTE_NEEDED =
  'needed is what YNAB says each category still needs this month to stay on track (Underfunded in its app); left is what the target needs over its whole period.';
const NOTE_ORDER =
  'Most urgent first: targets due by a date, the soonest first; then monthly and weekly funding and debt payments; then the rest; the largest need first in each.';

const index = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));

/** The goal figures the stand-in gives a category's demo target in a month, in milliunits. */
function goalOf(plan: PlanData, month: string, categoryId: string) {
  const c = plan.categories.find((x) => x.id === categoryId);
  const t = c?.target;
  if (!c || !t || index(month) < index(t.goal_creation_month)) return null;
  const budgeted = plan.budgets[month]?.[categoryId] ?? 0;
  const spent = plan.transactions
    .filter((x) => x.category_id === categoryId && x.date.startsWith(month.slice(0, 7)))
    .reduce((s, x) => s + x.amount, 0);
  const monthsLeft = t.goal_target_date === null ? 1 : index(t.goal_target_date) - index(month) + 1;
  const share = Math.ceil(t.goal_target / monthsLeft);
  const funded = t.goal_target_date === null ? budgeted : budgeted + spent;
  return {
    needed: Math.max(share - budgeted, 0),
    left: Math.max(t.goal_target - funded, 0),
    pct: Math.min(Math.floor((Math.max(funded, 0) * 100) / t.goal_target), 100),
    monthsLeft,
  };
}

/** A listed line, its figures computed from the demo data. */
const lastDay = (month: string): string =>
  `${month.slice(0, 8)}${new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()}`;

function line(plan: PlanData, month: string, id: string, group: string, target: string) {
  const g = goalOf(plan, month, id);
  const c = plan.categories.find((x) => x.id === id);
  if (!g || !c) throw new Error(`no target for ${id}`);
  return {
    category_id: id,
    name: c.name,
    group,
    target,
    // a monthly target is due by the end of the month viewed
    due: c.target?.goal_target_date ?? lastDay(month),
    needed: g.needed / 1000,
    left: g.left / 1000,
    percent_complete: g.pct,
    months_left: g.monthsLeft,
    urgency: c.target?.goal_target_date ? 'due_date' : 'repeating',
  };
}

const demo = buildDemoPlan();
const SEPTEMBER = [
  line(demo, '2026-09-01', 'cat-transport', 'Everyday', '250.00 by 2026-10-01'),
  line(demo, '2026-09-01', 'cat-tennis', 'Fun', '480.00 by 2026-12-01'),
  line(demo, '2026-09-01', 'cat-groceries', 'Everyday', '450.00 each month'),
  line(demo, '2026-09-01', 'cat-restaurants', 'Everyday', '150.00 each month'),
];

/** A copy of the demo plan, edited. */
function edited(edit: (plan: PlanData) => void): PlanData {
  const plan = buildDemoPlan();
  edit(plan);
  return plan;
}
const category = (plan: PlanData, id: string) => {
  const c = plan.categories.find((x) => x.id === id);
  if (!c) throw new Error(id);
  return c;
};

describe.each(ERAS)('get_underfunded_targets, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it('on 2026-09-25: four targets behind, enough Ready to Assign, in two requests cold', async ({ h }) => {
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    expect(SEPTEMBER.map((t) => t.needed)).toEqual([35, 40, 50, 30]);
    expect(r.structuredContent).toEqual({
      message:
        '4 targets need 155.00 in 2026-09; Ready to Assign holds 1729.32: enough for all of them, with 1574.32 left.',
      month: '2026-09-01',
      targets: SEPTEMBER,
      more: 0,
      needed: 155,
      ready_to_assign: 1729.32,
      enough: true,
      covered: 155,
      short_by: 0,
      on_track: 2,
      notes: [NOTE_NEEDED, NOTE_ORDER],
    });
    expect(SEPTEMBER[0]).toMatchObject({ left: 160, percent_complete: 36, months_left: 2 });
    // in the order the description and the notes give: dated targets by date, then repeating, then the rest
    const rank = { due_date: 0, repeating: 1, other: 2 } as const;
    const shown = (r.structuredContent as { targets: { urgency: keyof typeof rank; due: string | null }[] })
      .targets;
    const keys = shown.map((t) => `${rank[t.urgency]}|${t.urgency === 'due_date' ? t.due : ''}`);
    expect(keys).toEqual([...keys].sort());
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    // the month list dates what the kept month is true at, then the month itself
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-09-01',
    ]);
  });

  it('lists at most limit targets, the totals counting them all', async ({ h }) => {
    const r = await call(s, TOOL, { plan_id: 'demo-budget', month: '2026-09-01', limit: 2 });
    expect(r.structuredContent).toMatchObject({
      targets: SEPTEMBER.slice(0, 2),
      more: 2,
      needed: 155,
      notes: [NOTE_NEEDED, NOTE_ORDER, '2 more underfunded targets are not listed; the totals count them.'],
    });
    const one = await call(s, TOOL, { plan_id: 'demo-budget', limit: 3 });
    expect((one.structuredContent as { notes: string[] }).notes[2]).toBe(
      '1 more underfunded targets are not listed; the totals count them.',
    );
    // the second call, within the freshness window, reuses the kept month
    expect(requestLines(h.standIn)).toEqual([
      'GET /plans/demo-budget/months',
      'GET /plans/demo-budget/months/2026-09-01',
    ]);
  });

  it.for<[string, string, number]>([
    ['2026-08-15', '2026-08', 3696.99],
    ['2026-06-10', '2026-06', 1232.33],
  ])(
    'on %s: the dated targets do not exist yet, two monthly ones are behind',
    async ([today, month, rta], { h }) => {
      await s.close();
      h.standIn.setToday(today);
      s = await connect(h, era, { env: { AVENIR_MCP_TODAY: today } });
      const r = await call(s, TOOL, { plan_id: 'demo-budget' });
      const first = `${month}-01`;
      const expected = [
        line(demo, first, 'cat-groceries', 'Everyday', '450.00 each month'),
        line(demo, first, 'cat-restaurants', 'Everyday', '150.00 each month'),
      ];
      expect(goalOf(demo, first, 'cat-transport')).toBeNull();
      expect(r.structuredContent).toMatchObject({
        message: `2 targets need 80.00 in ${month}; Ready to Assign holds ${rta.toFixed(2)}: enough for all of them, with ${(rta - 80).toFixed(2)} left.`,
        month: first,
        targets: expected,
        needed: 80,
        ready_to_assign: rta,
        on_track: 2,
      });
      expect(requestLines(h.standIn)).toEqual([
        'GET /plans/demo-budget/months',
        `GET /plans/demo-budget/months/${first}`,
      ]);
    },
  );

  it('refuses a malformed month or limit before any request', async ({ h }) => {
    for (const month of ['2026-13-01', '2026-09-15']) {
      const r = await call(s, TOOL, { plan_id: 'demo-budget', month });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(
        `month must be 'current' or the first day of a month as YYYY-MM-01, got '${month}'.`,
      );
    }
    for (const limit of [0, 201, 1.5]) {
      expect((await call(s, TOOL, { plan_id: 'demo-budget', limit })).isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});

describe('get_underfunded_targets on edited plans', () => {
  let s: Session;
  afterEach(async () => s.close());
  const open = async (h: Harness, plan: PlanData): Promise<Session> => {
    h.standIn.reset(plan);
    s = await connect(h, 'legacy');
    h.standIn.clearRequests();
    return s;
  };
  const september = (plan: PlanData): Record<string, number> => plan.budgets['2026-09-01'] ?? {};

  it('says how much Ready to Assign covers when it is short', async ({ h }) => {
    await open(
      h,
      edited((p) => (september(p)['cat-holidays'] = 1_900_000)),
    );
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.structuredContent).toMatchObject({
      message:
        '4 targets need 155.00 in 2026-09; Ready to Assign holds 29.32: it covers 29.32 of the 155.00, 125.68 short.',
      needed: 155,
      ready_to_assign: 29.32,
      enough: false,
      covered: 29.32,
      short_by: 125.68,
    });
  });

  it('covers nothing when Ready to Assign is negative', async ({ h }) => {
    await open(
      h,
      edited((p) => (september(p)['cat-holidays'] = 2_000_000)),
    );
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.structuredContent).toMatchObject({
      message:
        '4 targets need 155.00 in 2026-09; Ready to Assign holds -70.68: it covers 0.00 of the 155.00, 155.00 short.',
      ready_to_assign: -70.68,
      covered: 0,
      short_by: 155,
    });
  });

  it.for<[string, (p: PlanData) => void, string, number]>([
    [
      'every target funded',
      (p: PlanData) =>
        Object.assign(september(p), {
          'cat-groceries': 450_000,
          'cat-restaurants': 150_000,
          'cat-transport': 125_000,
          'cat-tennis': 120_000,
        }),
      'The 6 targets of 2026-09 are funded: nothing more is needed this month.',
      6,
    ],
    [
      'a single target, funded',
      (p: PlanData) => {
        for (const c of p.categories) if (c.id !== 'cat-rent') c.target = null;
      },
      'The 1 target of 2026-09 is funded: nothing more is needed this month.',
      1,
    ],
    [
      'no target at all',
      (p: PlanData) => {
        for (const c of p.categories) c.target = null;
      },
      'No visible category has a target in 2026-09.',
      0,
    ],
  ])('%s', async ([_, edit, message, onTrack], { h }) => {
    await open(h, edited(edit));
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.structuredContent).toMatchObject({
      message,
      targets: [],
      more: 0,
      needed: 0,
      on_track: onTrack,
      notes: [NOTE_NEEDED, NOTE_ORDER],
    });
  });

  it('leaves snoozed targets and hidden categories out, naming the snoozed ones on one line', async ({
    h,
  }) => {
    await open(
      h,
      edited((p) => {
        const restaurants = category(p, 'cat-restaurants');
        if (restaurants.target) restaurants.target.goal_snoozed_at = '2026-09-02T08:00:00.000Z';
        restaurants.name = 'Restaurants\n- forged\u202e';
        category(p, 'cat-tennis').hidden = true;
      }),
    );
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.structuredContent).toMatchObject({
      message:
        '2 targets need 85.00 in 2026-09; Ready to Assign holds 1729.32: enough for all of them, with 1644.32 left.',
      targets: [SEPTEMBER[0], SEPTEMBER[2]],
      on_track: 2,
      notes: [
        NOTE_NEEDED,
        NOTE_ORDER,
        'Targets snoozed in YNAB ask for nothing this month and are left out: Restaurants - forged.',
      ],
    });
  });
});

describe('get_underfunded_targets read-only wording', () => {
  it('names the write tools only when writes are on', async ({ h }) => {
    h.standIn.reset();
    const sentence = 'Fund with move_money or set_category_budget.';
    const replacement = 'The user funds them in YNAB itself.';
    for (const [write, shown, hidden] of [
      ['1', sentence, replacement],
      ['0', replacement, sentence],
    ] as const) {
      const s = await connect(h, 'modern', { env: { AVENIR_MCP_WRITE: write } });
      try {
        const { tools } = await s.client.listTools();
        const description = tools.find((t) => t.name === TOOL)?.description ?? '';
        expect(description).toContain(shown);
        expect(description).not.toContain(hidden);
        // how the order is decided and where needed comes from, before any call
        expect(description).toContain(
          "Categories short of their target this month (needed: YNAB's Underfunded), by date due, then monthly, then the rest;",
        );
        expect(tools.find((t) => t.name === TOOL)?.annotations).toEqual({ readOnlyHint: true });
      } finally {
        await s.close();
      }
    }
  });
});
