/**
 * `forecast_balance` through a real MCP client, in both protocol eras, against the stand-in: the
 * assumptions and the months computed here from the demo data (today 2026-09-25, and another day), the
 * four YNAB requests, every error text.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import { ERAS, call, connect, requestLines, textOf } from '../../helpers/harness.js';
import type { Session } from '../../helpers/harness.js';
import {
  BUDGET,
  SCHEDULED,
  labelled,
  milli,
  monthsBefore,
  recurring,
  isFixed,
  simulate,
  startBalance,
  units,
  upcoming,
  usable,
} from './expected.js';
import type { Forecast } from './expected.js';
import { renderResult } from '../../../src/mcp/render.js';

const demo = buildDemoPlan();
const PLAN = 'demo-budget';
const REQUESTS = ['accounts', 'transactions', 'scheduled_transactions', 'categories'].map(
  (p) => `GET /plans/${PLAN}/${p}`,
);
describe.each(ERAS)('forecast_balance, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const forecast = async (session: Session, args: Record<string, unknown>) => {
    const r = await call(session, 'forecast_balance', { plan_id: PLAN, ...args });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    return r.structuredContent as Forecast;
  };

  it('projects the demo to December from 2026-09-25, in four requests', async ({ h }) => {
    const out = await forecast(s, { until: '2026-12', detail: true });
    const today = '2026-09-25';
    const RECURRING = [
      recurring('MARKET FRESH', 'MARKET FRESH', today),
      recurring('RAIL CO', 'RAIL CO', today),
      recurring('STREAMFLIX', 'STREAMFLIX', today),
      recurring('TENNIS CLUB - PRELEV', 'TENNIS', today),
    ];
    const known = [...SCHEDULED, 'MARKET FRESH', 'RAIL CO', 'STREAMFLIX', 'TENNIS'];
    const other = demo.transactions.filter(
      (t) => BUDGET.includes(t.account_id) && usable(t) && t.amount < 0 && !labelled(t, known),
    );
    const variable = Math.round(
      other
        .filter((t) => monthsBefore(today, 3).includes(t.date.slice(0, 7)))
        .reduce((a, t) => a + t.amount, 0) / 3,
    );
    const spent = other.filter((t) => t.date.startsWith('2026-09')).reduce((a, t) => a + t.amount, 0);
    const scheduled = upcoming('2026-09-26', '2026-12-31');
    expect(out.accounts).toEqual(['Checking', 'Savings']);
    expect(out.start_balance).toBe(units(startBalance));
    // the groceries, several charges a month, apart from the fixed charges
    const fixed = [true, isFixed('RAIL CO', today), isFixed('STREAMFLIX', today), isFixed('TENNIS', today)];
    expect(isFixed('MARKET FRESH', today)).toBe(false);
    expect(out.assumptions.recurring).toEqual(RECURRING.filter((_, i) => i > 0 && fixed[i]));
    expect(out.assumptions.recurring_variable).toEqual(RECURRING.filter((_, i) => i === 0 || !fixed[i]));
    expect(out.assumptions.recurring.map((r) => r.payee)).toEqual([
      'RAIL CO',
      'STREAMFLIX',
      'TENNIS CLUB - PRELEV',
    ]);
    expect(RECURRING[0]).toEqual({ payee: 'MARKET FRESH', amount: -182.58, day: 14, months_seen: 3 });
    expect(out.assumptions.variable_monthly).toBe(units(variable));
    expect(out.assumptions.variable_monthly).toBe(-68.7);
    expect(out.assumptions.income_outside_schedules).toBe(0);
    expect(out.assumptions.one_offs).toEqual([]);
    expect(
      out.assumptions.scheduled.flatMap((g) => g.occurrences).map((o) => [o.scheduled_id, o.date, o.amount]),
    ).toEqual(scheduled.map((o) => [o.s.id, o.date, units(o.s.amount)]));
    const insurance = out.assumptions.scheduled
      .flatMap((g) => g.occurrences)
      .find((o) => o.payee === 'HOMESAFE INSURANCE');
    expect(insurance).toMatchObject({
      date: '2026-10-20',
      amount: -420,
      frequency: 'yearly',
      account: 'Checking',
    });
    // by month, the yearly insurance marked in October (the transfer to Savings, projected too, is left out)
    expect(out.assumptions.scheduled.map((g) => [g.month, g.occurrences.length, g.yearly])).toEqual([
      ['2026-09', 1, []],
      ['2026-10', 6, ['HOMESAFE INSURANCE']],
      ['2026-11', 5, []],
      ['2026-12', 5, []],
    ]);
    // the 5 days left of September count what is left of the average after September's spending
    expect(out.assumptions.current_month).toEqual({
      days_left: 5,
      spending_left: units(Math.min(0, variable - spent)),
      income_left: 0,
    });
    const months = simulate({
      today,
      until: '2026-12',
      start: startBalance,
      variable,
      income: 0,
      spent,
      received: 0,
      recurring: RECURRING.map((r) => ({ day: r.day, amount: milli(r.amount) })),
      events: scheduled.map((o) => ({ date: o.date, amount: o.s.amount })),
    });
    expect(out.months).toEqual(months);
    expect(out.months[0]).toEqual({
      month: '2026-09',
      start: 3928.5,
      inflows: 3200,
      outflows: 0,
      end: 7128.5,
      lowest: 3928.5,
    });
    expect(out.months[1]).toMatchObject({ month: '2026-10', outflows: -1815.95, lowest: 5321.43 });
    expect(out.first_shortfall).toBeNull();
    expect(out.message).toBe(
      'The balance stays above zero through 2026-12. This rests on the assumptions listed: check them with the user.',
    );
    expect(requestLines(h.standIn)).toEqual(REQUESTS);
  });

  it('sums each schedule into one line by default, the dated occurrences only with detail', async ({ h }) => {
    const detail = await forecast(s, { until: '2026-12', detail: true });
    h.standIn.clearRequests();
    const out = await forecast(s, { until: '2026-12' });
    const occurrences = detail.assumptions.scheduled.flatMap((g) => g.occurrences);
    expect(occurrences).toHaveLength(17);
    // every figure but the dated list is the same with or without detail
    const { scheduled, ...assumptions } = detail.assumptions;
    expect(scheduled).not.toEqual([]);
    expect(out).toEqual({
      ...detail,
      assumptions: { ...assumptions, scheduled: [] },
      omitted: '17 scheduled occurrences by date (summed per schedule above): pass detail true.',
    });
    expect(detail.omitted).toBeNull();
    // one line per schedule, by first date then payee, from the occurrences the stand-in expands
    const upcomingRows = upcoming('2026-09-26', '2026-12-31');
    const ids = [...new Set(upcomingRows.map((o) => o.s.id))];
    const lines = ids.map((id) => {
      const dated = upcomingRows.filter((o) => o.s.id === id);
      const first = occurrences.find((o) => o.scheduled_id === id)!;
      return {
        scheduled_id: id,
        payee: first.payee,
        amount: units(dated[0]!.s.amount),
        next_date: dated[0]!.date,
        count: dated.length,
        total: units(dated.reduce((sum, o) => sum + o.s.amount, 0)),
      };
    });
    lines.sort((a, b) =>
      a.next_date < b.next_date ? -1 : a.next_date > b.next_date ? 1 : a.payee < b.payee ? -1 : 1,
    );
    expect(out.assumptions.schedules).toMatchObject(lines);
    expect(out.assumptions.schedules).toHaveLength(lines.length);
    expect(out.assumptions.schedules.find((l) => l.payee === 'HOMESAFE INSURANCE')).toMatchObject({
      next_date: '2026-10-20',
      count: 1,
      total: -420,
      frequency: 'yearly',
      account: 'Checking',
    });
    // the repeat, within the freshness window, reuses the lists the first call synced
    expect(requestLines(h.standIn)).toEqual([]);
  });

  it('projects from another today (2026-08-15), with the history it then has', async ({ h }) => {
    h.standIn.setToday('2026-08-15');
    const other = await connect(h, era, { env: { AVENIR_MCP_TODAY: '2026-08-15' } });
    try {
      h.standIn.clearRequests();
      const out = await forecast(other, { until: '2026-10', detail: true });
      const today = '2026-08-15';
      // Only June and July fall in the window April–July: nothing recurs three months.
      expect(out.assumptions.recurring).toEqual([]);
      expect(out.assumptions.recurring_variable).toEqual([]);
      const outside = demo.transactions.filter(
        (t) => BUDGET.includes(t.account_id) && usable(t) && t.amount < 0 && !labelled(t, SCHEDULED),
      );
      const variable = Math.round(
        outside
          .filter((t) => monthsBefore(today, 3).includes(t.date.slice(0, 7)))
          .reduce((a, t) => a + t.amount, 0) / 3,
      );
      const spent = outside.filter((t) => t.date.startsWith('2026-08')).reduce((a, t) => a + t.amount, 0);
      const scheduled = upcoming('2026-08-16', '2026-10-31');
      expect(out.assumptions.variable_monthly).toBe(units(variable));
      expect(out.assumptions.variable_monthly).toBe(-211.15);
      expect(
        out.assumptions.scheduled.flatMap((g) => g.occurrences).map((o) => [o.scheduled_id, o.date]),
      ).toEqual(scheduled.map((o) => [o.s.id, o.date]));
      expect(out.months).toEqual(
        simulate({
          today,
          until: '2026-10',
          start: startBalance,
          variable,
          income: 0,
          spent,
          received: 0,
          recurring: [],
          events: scheduled.map((o) => ({ date: o.date, amount: o.s.amount })),
        }),
      );
      expect(out.months.map((m) => m.month)).toEqual(['2026-08', '2026-09', '2026-10']);
      expect(requestLines(h.standIn)).toEqual(REQUESTS);
    } finally {
      await other.close();
    }
  });

  it('takes the caller’s income, spending and one-offs, and names the first shortfall', async () => {
    const oneOffs = [
      { date: '2026-11-15', amount: -15000, label: 'New car\n\u202eplanted' },
      { date: '2026-09-25', amount: -99999, label: 'today: ignored' },
    ];
    const out = await forecast(s, {
      until: '2027-01',
      monthly_income: 2500,
      variable_monthly: -300,
      one_offs: oneOffs,
    });
    const today = '2026-09-25';
    const scheduled = upcoming('2026-09-26', '2027-01-31', false);
    expect(out.assumptions.scheduled.flatMap((g) => g.occurrences).map((o) => o.scheduled_id)).not.toContain(
      'sch-salary',
    );
    expect(out.assumptions).toMatchObject({
      variable_monthly: -300,
      income_outside_schedules: 2500,
      one_offs: [
        { date: '2026-11-15', amount: -15000, label: 'New car planted' },
        { date: '2026-09-25', amount: -99999, label: 'today: ignored' },
      ],
    });
    const spent = demo.transactions
      .filter(
        (t) =>
          BUDGET.includes(t.account_id) &&
          usable(t) &&
          t.amount < 0 &&
          t.date.startsWith('2026-09') &&
          !labelled(t, [...SCHEDULED, 'MARKET FRESH', 'RAIL CO', 'STREAMFLIX', 'TENNIS']),
      )
      .reduce((a, t) => a + t.amount, 0);
    const months = simulate({
      today,
      until: '2027-01',
      start: startBalance,
      variable: -300_000,
      income: 2_500_000,
      spent,
      received: 0,
      recurring: [...out.assumptions.recurring, ...out.assumptions.recurring_variable].map((r) => ({
        day: r.day,
        amount: milli(r.amount),
      })),
      events: [
        ...oneOffs.map((o) => ({ date: o.date, amount: milli(o.amount) })),
        ...scheduled.map((o) => ({ date: o.date, amount: o.s.amount })),
      ],
    });
    expect(out.months).toEqual(months);
    expect(out.first_shortfall).toBe('2026-11');
    expect(out.message).toBe(
      'The balance goes below zero in 2026-11. This rests on the assumptions listed: check them with the user.',
    );
  });

  it('projects the accounts given, a tracking one included', async () => {
    const out = await forecast(s, { until: '2026-09', account_ids: ['acc-joint-savings'] });
    const balance = demo.transactions
      .filter((t) => t.account_id === 'acc-joint-savings')
      .reduce((a, t) => a + t.amount, 0);
    expect(out.accounts).toEqual(['Joint savings']);
    expect(out.start_balance).toBe(units(balance));
    expect(out.assumptions.scheduled).toEqual([]);
    expect(out.months).toHaveLength(1);
    const [only] = out.months;
    expect(only?.end).toBe((only?.start ?? 0) + (only?.inflows ?? 0) + (only?.outflows ?? 0));
  });

  it.for([
    ['abc', "until must be a month as YYYY-MM, got 'abc'."],
    ['2026-13', "until must be a month as YYYY-MM, got '2026-13'."],
    ['2026-12-01', "until must be a month as YYYY-MM, got '2026-12-01'."],
    ['2026-08', 'until must be the current month or later.'],
    ['2028-10', 'until must be at most 24 months ahead.'],
  ])('refuses until %j before any request', async ([until, text], { h }) => {
    const r = await call(s, 'forecast_balance', { plan_id: PLAN, until });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(text);
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('takes an empty account list as the open budget accounts', async () => {
    const out = await forecast(s, { until: '2026-10', account_ids: [] });
    expect(out.accounts).toEqual(['Checking', 'Savings']);
  });

  it('accepts the current month and 24 months ahead', async () => {
    expect((await forecast(s, { until: '2026-09' })).months).toHaveLength(1);
    expect((await forecast(s, { until: '2028-09' })).months).toHaveLength(25);
  });

  it('refuses unknown accounts, all named and sorted, after the accounts request', async ({ h }) => {
    const r = await call(s, 'forecast_balance', {
      plan_id: PLAN,
      until: '2026-12',
      account_ids: ['zz-acc', 'acc-checking', 'aa-acc'],
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('Unknown account(s) aa-acc, zz-acc: use ids from list_accounts.');
    expect(requestLines(h.standIn)).toEqual([REQUESTS[0]]);
  });

  it('refuses malformed one-offs and amounts before any request', async ({ h }) => {
    for (const args of [
      { one_offs: [{ date: '2026-10-01', amount: -1, label: 'x', note: 'extra' }] },
      { one_offs: [{ date: '2026-10-32', amount: -1, label: 'x' }] },
      { monthly_income: 2e9 },
      { variable_monthly: -1e10 },
    ]) {
      const r = await call(s, 'forecast_balance', { plan_id: PLAN, until: '2026-12', ...args });
      expect(r.isError, JSON.stringify(args)).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });
});
