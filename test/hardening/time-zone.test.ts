/**
 * The user's today, through a real client against the stand-in with the machine's instant fixed on
 * the last day of a month: with `AVENIR_MCP_TIME_ZONE`, `current`, the month under way and the dates
 * a write may take follow the user's date, not the machine's (UTC here, as on most remote hosts) nor
 * YNAB's own (UTC: the stand-in's today stands for it). The server sends explicit months only;
 * `AVENIR_MCP_TODAY` still wins; without a zone, the machine's zone is used.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, requestLines, textOf, type Harness } from '../helpers/harness.js';

const P = 'demo-budget';

interface User {
  who: string;
  zone: string;
  /** The machine's instant. */
  instant: string;
  /** The date in UTC at that instant: YNAB's, and the machine's. */
  utc: string;
  /** The user's date, and what follows from it. */
  today: string;
  month: string;
  daysLeft: number;
  /** The last date a transaction may take (today + 1), and the first a schedule may take. */
  tomorrow: string;
  /** Two days on: refused for a transaction. */
  dayAfter: string;
}

const USERS: User[] = [
  {
    // 20:00 on 31 August in Los Angeles (UTC−7 in summer, UTC−8 in winter): UTC is in September
    who: 'Los Angeles, behind UTC',
    zone: 'America/Los_Angeles',
    instant: '2026-09-01T03:00:00Z',
    utc: '2026-09-01',
    today: '2026-08-31',
    month: '2026-08-01',
    daysLeft: 0,
    tomorrow: '2026-09-01',
    dayAfter: '2026-09-02',
  },
  {
    // 02:00 on 1 September in Kiritimati (UTC+14): UTC is still on 31 August
    who: 'Kiritimati, UTC+14',
    zone: 'Pacific/Kiritimati',
    instant: '2026-08-31T12:00:00Z',
    utc: '2026-08-31',
    today: '2026-09-01',
    month: '2026-09-01',
    daysLeft: 29,
    tomorrow: '2026-09-02',
    dayAfter: '2026-09-03',
  },
];

/** A session whose machine time is fixed, with YNAB (the stand-in) on its own UTC date. */
async function session(h: Harness, era: (typeof ERAS)[number], user: User, env: Record<string, string> = {}) {
  h.standIn.reset();
  h.standIn.setToday(user.utc);
  return connect(h, era, {
    env: { AVENIR_MCP_TODAY: '', AVENIR_MCP_TIME_ZONE: user.zone, ...env },
    overrides: { instant: () => new Date(user.instant) },
  });
}

const MONTH_READS = [
  'get_monthly_summary',
  'get_category_balances',
  'get_budget_vs_actual',
  'get_underfunded_targets',
  'get_money_movements',
];

const monthPaths = (h: Harness): string[] => requestLines(h.standIn).filter((l) => l.includes('/months/'));

describe.each(ERAS)('%s era', (era) => {
  describe.each(USERS)('a user in $who', (user) => {
    it("reads and writes the user's month for 'current', and sends YNAB that month, never 'current'", async ({
      h,
    }) => {
      const s = await session(h, era, user);
      const read: Record<string, unknown> = {};
      for (const tool of MONTH_READS) {
        const r = await call(s, tool, { plan_id: P, month: 'current' });
        expect(r.isError, `${tool}: ${textOf(r)}`).toBeFalsy();
        read[tool] = r.structuredContent;
      }
      expect(read.get_monthly_summary).toMatchObject({ month: user.month });
      expect(read.get_underfunded_targets).toMatchObject({ month: user.month });
      expect(read.get_money_movements).toMatchObject({
        months: [expect.objectContaining({ month: user.month.slice(0, 7), partial: true })],
      });
      const budget = await call(s, 'set_category_budget', {
        plan_id: P,
        month: 'current',
        category_id: 'cat-restaurants',
        amount: 150,
      });
      expect(budget.structuredContent).toMatchObject({ status: 'confirmation_required', month: user.month });
      const move = await call(s, 'move_money', {
        plan_id: P,
        month: 'current',
        from_category_id: 'cat-holidays',
        to_category_id: 'cat-restaurants',
        amount: 5,
      });
      expect(move.structuredContent).toMatchObject({ status: 'confirmation_required', month: user.month });

      const paths = monthPaths(h);
      expect(paths.filter((l) => l.includes('current'))).toEqual([]);
      // the month read once and kept for the other month tools (src/ynab/month-cache.ts), two for the
      // money movements (and their groups), one per preview (a write reads YNAB itself)
      expect(paths).toHaveLength(1 + 2 + 2);
      for (const l of paths) expect(l).toContain(`/months/${user.month}`);
      expect(h.standIn.writes).toEqual([]);
    });

    it("counts the month under way and the days left from the user's today", async ({ h }) => {
      const s = await session(h, era, user);
      const forecast = (await call(s, 'forecast_balance', { plan_id: P, until: '2026-10' }))
        .structuredContent as {
        assumptions: { current_month: { days_left: number } };
        months: { month: string }[];
      };
      expect(forecast.assumptions.current_month.days_left).toBe(user.daysLeft);
      expect(forecast.months[0]?.month).toBe(user.month.slice(0, 7));
      const trend = (await call(s, 'get_net_worth_trend', { plan_id: P, months_count: 2 }))
        .structuredContent as {
        months: { month: string; end: string; partial: boolean }[];
      };
      expect(trend.months.at(-1)).toMatchObject({ month: user.month, end: user.today, partial: true });
    });

    it("bounds the dates of a write by the user's today", async ({ h }) => {
      const s = await session(h, era, user);
      const tx = (date: string) => ({
        plan_id: P,
        account_id: 'acc-checking',
        transactions: [{ date, amount: -4.5, payee_name: 'Bakery' }],
      });
      const ok = await call(s, 'create_transactions', tx(user.tomorrow));
      expect(ok.structuredContent, textOf(ok)).toMatchObject({ status: 'confirmation_required' });
      const late = await call(s, 'create_transactions', tx(user.dayAfter));
      expect(late.isError).toBe(true);
      expect(textOf(late)).toContain(
        `${user.dayAfter} is in the future: YNAB only records transactions that happened, dated ${user.tomorrow} at the latest (today, ${user.today}, and a day more for time zones).`,
      );
      const schedule = (date: string) => ({
        plan_id: P,
        account_id: 'acc-checking',
        date,
        frequency: 'monthly',
        amount: -35,
        payee_name: 'Gym',
      });
      const past = await call(s, 'create_scheduled_transaction', schedule(user.today));
      expect(past.isError).toBe(true);
      expect(textOf(past)).toContain(`${user.today} is not after today (${user.today})`);
      const next = await call(s, 'create_scheduled_transaction', schedule(user.tomorrow));
      expect(next.structuredContent, textOf(next)).toMatchObject({ status: 'confirmation_required' });
      expect(h.standIn.writes).toEqual([]);
    });
  });

  it('AVENIR_MCP_TODAY wins over the zone', async ({ h }) => {
    const user = USERS[1]!;
    const s = await session(h, era, user, { AVENIR_MCP_TODAY: '2026-08-15' });
    const summary = await call(s, 'get_monthly_summary', { plan_id: P, month: 'current' });
    expect((summary.structuredContent as { month: string }).month).toBe('2026-08-01');
    const forecast = (await call(s, 'forecast_balance', { plan_id: P, until: '2026-10' }))
      .structuredContent as {
      assumptions: { current_month: { days_left: number } };
    };
    expect(forecast.assumptions.current_month.days_left).toBe(16);
    expect(monthPaths(h)).toEqual([`GET /plans/${P}/months/2026-08-01`]);
  });

  it("without AVENIR_MCP_TIME_ZONE, dates in the machine's zone", async ({ h }) => {
    const before = process.env.TZ;
    try {
      for (const user of USERS) {
        // the machine itself is in the user's zone (a desktop client), then in UTC (a remote host)
        process.env.TZ = user.zone;
        const own = await session(h, era, user, { AVENIR_MCP_TIME_ZONE: '' });
        const mine = await call(own, 'get_monthly_summary', { plan_id: P, month: 'current' });
        expect((mine.structuredContent as { month: string }).month).toBe(user.month);
        process.env.TZ = 'UTC';
        const remote = await session(h, era, user, { AVENIR_MCP_TIME_ZONE: '' });
        const utc = await call(remote, 'get_monthly_summary', { plan_id: P, month: 'current' });
        expect((utc.structuredContent as { month: string }).month).toBe(`${user.utc.slice(0, 7)}-01`);
        expect(monthPaths(h)).toEqual([`GET /plans/${P}/months/${user.utc.slice(0, 7)}-01`]);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
      h.standIn.reset();
    }
  });
});

describe('the YNAB layer', () => {
  it("refuses to send a month that is not a first day, 'current' above all", async ({ h }) => {
    const s = await session(h, 'modern', USERS[0]!);
    const { ynab } = s.deps;
    for (const month of ['current', '2026-08-31', '2026-8-01']) {
      await expect(ynab.months.get(P, month)).rejects.toThrow(
        `/plans/{plan_id}/months/{month}: {month} must be YYYY-MM-01, resolved before sending, got ${month}`,
      );
      await expect(ynab.months.setBudgeted(P, month, 'cat-restaurants', 1000)).rejects.toThrow(
        '{month} must be',
      );
      await expect(ynab.moneyMovements.list(P, month)).rejects.toThrow('{month} must be');
      await expect(ynab.moneyMovements.groups(P, month)).rejects.toThrow('{month} must be');
    }
    expect(h.standIn.requests).toEqual([]);
    expect(await ynab.months.get(P, '2026-08-01')).toMatchObject({ month: '2026-08-01' });
  });
});
