/**
 * `get_age_of_money` through a real MCP client, in both protocol eras, against the stand-in with
 * several "today"s: YNAB's own figures (computed by the stand-in as YNAB defines them) relayed,
 * every message and note, and one request each.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, computeFigures } from '../../../src/demo/index.js';
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

const TOOL = 'get_age_of_money';
const NOTE_DEFINITION =
  "Age of Money is YNAB's own figure: for the latest payments out of the budget accounts, how many days passed since that money came in, the oldest money spent first, averaged.";
const NOTE_CURRENT =
  "The current month's figure moves with each payment; a past month's is the one YNAB keeps for it.";
const NO_JUNE = 'No figure for 2026-06: YNAB did not have enough history of money in and out yet.';
const OVER = "Over 30 days: you are living on last month's income, the buffer YNAB aims for.";
const UNDER =
  'Under 30 days: money is spent within a month of coming in; the older it gets, the bigger the buffer between pay and bills.';
const head = (days: number, asOf: string): string =>
  `Your money is ${days} days old (${asOf}, YNAB's Age of Money): what you spend came in ${days} days before, on average. `;

/** YNAB's figure per month (`YYYY-MM`), as the stand-in computes it from the demo data. */
const ages = new Map(
  [...computeFigures(buildDemoPlan()).summaries.values()].map((m) => [m.month.slice(0, 7), m.age_of_money]),
);
const age = (month: string): number => {
  const days = ages.get(month);
  if (typeof days !== 'number') throw new Error(`no figure for ${month}`);
  return days;
};

/** What a message starts with when the plan holds fewer months than the default 12 asked. */
const short = (n: number): string => `${n} of the 12 months asked (YNAB holds no earlier month). `;

describe.each(ERAS)('get_age_of_money, %s era', (era) => {
  let s: Session;
  const open = async (h: Harness, today: string): Promise<void> => {
    h.standIn.reset();
    h.standIn.setToday(today);
    s = await connect(h, era, { env: { AVENIR_MCP_TODAY: today } });
    h.standIn.clearRequests();
  };
  it.beforeEach(async ({ h }) => open(h, '2026-09-25'));
  afterEach(async () => s.close());

  it('on 2026-09-25: YNAB figures of the 4 months, oldest first, up since July', async ({ h }) => {
    expect([...ages.values()]).toEqual([null, 17, 48, 47]);
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    const change = age('2026-09') - age('2026-07');
    expect(r.structuredContent).toEqual({
      message: `${short(4)}${head(age('2026-09'), '2026-09')}${OVER} It went up by ${change} days since 2026-07.`,
      months_used: 4,
      months_asked: 12,
      days: age('2026-09'),
      as_of: '2026-09',
      months: [
        { month: '2026-06', end: '2026-06-30', partial: false, days: null, change: null },
        { month: '2026-07', end: '2026-07-31', partial: false, days: age('2026-07'), change: null },
        {
          month: '2026-08',
          end: '2026-08-31',
          partial: false,
          days: age('2026-08'),
          change: age('2026-08') - age('2026-07'),
        },
        {
          month: '2026-09',
          end: '2026-09-25',
          partial: true,
          days: age('2026-09'),
          change: age('2026-09') - age('2026-08'),
        },
      ],
      change,
      trend: 'up',
      notes: [
        NOTE_DEFINITION,
        NOTE_CURRENT,
        NO_JUNE,
        'YNAB holds only 4 months up to 2026-09: all are shown.',
      ],
    });
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
    expect(textOf(r).split('\n')[0]).toMatch(
      /^message: 4 of the 12 months asked \(YNAB holds no earlier month\)\. Your money is/,
    );
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/months']);
  });

  it('over the last 2 months: down by 1 day, all asked months held', async ({ h }) => {
    const r = await call(s, TOOL, { plan_id: 'demo-budget', months_count: 2 });
    expect(r.structuredContent).toMatchObject({
      message: `${head(47, '2026-09')}${OVER} It went down by 1 days since 2026-08.`,
      months_used: 2,
      months_asked: 2,
      change: -1,
      trend: 'down',
      notes: [NOTE_DEFINITION, NOTE_CURRENT],
    });
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/months']);
  });

  it.for<[string, Record<string, unknown>]>([
    [
      '2026-08-15',
      {
        message: `${short(3)}${head(48, '2026-08')}${OVER} It went up by 31 days since 2026-07.`,
        days: 48,
        trend: 'up',
        notes: [
          NOTE_DEFINITION,
          NOTE_CURRENT,
          NO_JUNE,
          'YNAB holds only 3 months up to 2026-08: all are shown.',
        ],
      },
    ],
    [
      '2026-07-20',
      {
        message: `${short(2)}${head(17, '2026-07')}${UNDER}`,
        days: 17,
        change: null,
        trend: null,
        notes: [
          NOTE_DEFINITION,
          NOTE_CURRENT,
          NO_JUNE,
          'YNAB holds only 2 months up to 2026-07: all are shown.',
        ],
      },
    ],
    [
      '2026-06-10',
      {
        message: `${short(1)}YNAB gives no Age of Money for the last 1 months: it shows one once the plan has enough history of money in and out.`,
        days: null,
        as_of: null,
        months: [{ month: '2026-06', days: null, change: null }],
        change: null,
        trend: null,
        notes: [
          NOTE_DEFINITION,
          NOTE_CURRENT,
          NO_JUNE,
          'YNAB holds only 1 months up to 2026-06: all are shown.',
        ],
      },
    ],
    [
      '2026-05-20',
      {
        message: `${short(0)}YNAB returned no month up to 2026-05: no Age of Money to give.`,
        months_used: 0,
        months_asked: 12,
        days: null,
        as_of: null,
        months: [],
        notes: [NOTE_DEFINITION, NOTE_CURRENT, 'YNAB holds only 0 months up to 2026-05: all are shown.'],
      },
    ],
    [
      '2026-11-05',
      {
        days: 47,
        as_of: '2026-09',
        notes: [
          NOTE_DEFINITION,
          NOTE_CURRENT,
          NO_JUNE,
          'YNAB holds only 4 months up to 2026-11: all are shown.',
          'YNAB has no month 2026-11 yet: the latest is 2026-09.',
        ],
      },
    ],
  ])('on %s', async ([today, want], { h }) => {
    await s.close();
    await open(h, today);
    const r = await call(s, TOOL, { plan_id: 'demo-budget' });
    expect(r.structuredContent).toMatchObject(want);
    expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/months']);
  });

  it('refuses months_count out of 1–24 before any request', async ({ h }) => {
    for (const months_count of [0, 25, 1.5]) {
      expect((await call(s, TOOL, { plan_id: 'demo-budget', months_count })).isError).toBe(true);
    }
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('reports an unknown plan with the client error text', async () => {
    const r = await call(s, TOOL, { plan_id: 'no-such-plan' });
    expect(textOf(r)).toBe(
      `Error calling tool '${TOOL}': plan_id 'no-such-plan' is not a plan this token can read: pass one of 'demo-budget' (from list_plans).`,
    );
  });
});
