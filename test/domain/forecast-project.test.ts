/** The projection of forecast_balance, and its properties checked on random plans. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstShortfall, project, spread } from '../../src/domain/analytics/forecast-project.js';
import type { ProjectionInput } from '../../src/domain/analytics/forecast-project.js';
import { addMonths, daysInMonth } from '../../src/domain/plan-facts.js';

describe('spread (floor division toward −∞, so negative totals keep every cent)', () => {
  it.each([
    [-68_700, 31, [...Array<number>(12).fill(-2_210), ...Array<number>(19).fill(-2_220)]],
    [5_000, 31, [...Array<number>(4).fill(170), ...Array<number>(27).fill(160)]],
    [1_234, 3, [410, 410, 410]],
    [-1_234, 3, [-410, -410, -420]],
    [-7, 2, [0, -10]],
    [0, 4, [0, 0, 0, 0]],
    [-30_000, 0, []],
    [-30_000, -2, []],
  ])('spread(%i, %i)', (total, days, want) => {
    expect(spread(total, days)).toEqual(want);
  });

  it('keeps every whole cent; shares are multiples of 10 milliunits, at most a cent apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 31 }), (total, days) => {
        const shares = spread(total, days);
        expect(shares).toHaveLength(days);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.floor(total / 10) * 10);
        for (const s of shares) expect(Math.abs(s % 10)).toBe(0);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('project: the month-by-month walk', () => {
  const base: ProjectionInput = {
    today: '2026-09-25',
    until: '2026-09',
    start: 100_000,
    variable: 0,
    income: 0,
    spent: 0,
    received: 0,
    recurring: [],
    oneOffs: [],
  };

  it('counts recurring items on their day, clamped to the month, from tomorrow on', () => {
    const months = project({
      ...base,
      until: '2026-11',
      recurring: [
        { day: 31, amount: -10_000 },
        { day: 20, amount: -1_000 },
      ],
    });
    expect(months.map((m) => [m.month, m.outflows, m.end])).toEqual([
      ['2026-09', -10_000, 90_000],
      ['2026-10', -11_000, 79_000],
      ['2026-11', -11_000, 68_000],
    ]);
  });

  it('nets same-day recurring items and one-offs, and ignores one-offs up to today', () => {
    const [sep, oct] = project({
      ...base,
      until: '2026-10',
      recurring: [{ day: 28, amount: -5_000 }],
      oneOffs: [
        { date: '2026-09-28', amount: 3_000 },
        { date: '2026-09-25', amount: -50_000 },
        { date: '2026-09-01', amount: -50_000 },
        { date: '2026-11-01', amount: -50_000 },
        { date: '2026-10-02', amount: 7_000 },
      ],
    });
    expect(sep).toEqual({
      month: '2026-09',
      start: 100_000,
      inflows: 0,
      outflows: -2_000,
      end: 98_000,
      lowest: 98_000,
      // the balance at the end of each day walked, for the chart
      days: [
        { date: '2026-09-26', balance: 100_000 },
        { date: '2026-09-27', balance: 100_000 },
        { date: '2026-09-28', balance: 98_000 },
        { date: '2026-09-29', balance: 98_000 },
        { date: '2026-09-30', balance: 98_000 },
      ],
    });
    expect(oct).toMatchObject({ inflows: 7_000, outflows: -5_000, end: 100_000, lowest: 98_000 });
  });

  it('in the current month, spends only what is left of the usual, and receives what is still due', () => {
    const [sep] = project({ ...base, variable: -30_000, income: 5_000, spent: -10_000, received: 1_000 });
    expect(sep).toMatchObject({ inflows: 4_000, outflows: -20_000, end: 84_000 });
    const [over] = project({ ...base, variable: -30_000, income: 5_000, spent: -40_000, received: 9_000 });
    expect(over).toMatchObject({ inflows: 0, outflows: 0, end: 100_000 });
  });

  it('on the last day of a month walks no day of it: a recurring item may show without moving the balance', () => {
    const [sep, oct] = project({
      ...base,
      today: '2026-09-30',
      until: '2026-10',
      variable: -31_000,
      recurring: [{ day: 31, amount: -10_000 }],
    });
    expect(sep).toEqual({
      month: '2026-09',
      start: 100_000,
      inflows: 0,
      outflows: -10_000,
      end: 100_000,
      lowest: 100_000,
      days: [],
    });
    expect(oct).toMatchObject({ outflows: -41_000, end: 59_000, lowest: 59_000 });
    expect(oct?.days.slice(0, 2)).toEqual([
      { date: '2026-10-01', balance: 99_000 },
      { date: '2026-10-02', balance: 98_000 },
    ]);
  });

  it('names the first month whose lowest is below zero', () => {
    const months = project({
      ...base,
      until: '2026-12',
      oneOffs: [
        { date: '2026-11-10', amount: -150_000 },
        { date: '2026-11-20', amount: 200_000 },
      ],
    });
    expect(months.map((m) => m.lowest)).toEqual([100_000, 100_000, -50_000, 150_000]);
    expect(firstShortfall(months)).toBe('2026-11');
    expect(firstShortfall(months.slice(0, 2))).toBeNull();
  });

  it('holds its properties on random plans', () => {
    const amount = fc.integer({ min: -5_000_000, max: 5_000_000 });
    const input = fc.record({
      year: fc.integer({ min: 2000, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 27 }),
      ahead: fc.integer({ min: 0, max: 24 }),
      start: amount,
      variable: amount,
      income: amount,
      spent: fc.integer({ min: -5_000_000, max: 0 }),
      received: fc.integer({ min: 0, max: 5_000_000 }),
      recurring: fc.array(fc.record({ day: fc.integer({ min: 1, max: 31 }), amount }), { maxLength: 6 }),
      oneOffs: fc.array(fc.record({ after: fc.integer({ min: 0, max: 760 }), amount }), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(input, (g) => {
        const today = `${g.year}-${String(g.month).padStart(2, '0')}-${String(g.day).padStart(2, '0')}`;
        const until = addMonths(today, g.ahead);
        const day0 = Date.UTC(g.year, g.month - 1, g.day);
        const oneOffs = g.oneOffs.map((o) => ({
          date: new Date(day0 + o.after * 86_400_000).toISOString().slice(0, 10),
          amount: o.amount,
        }));
        const months = project({ ...g, today, until, oneOffs });
        expect(months).toHaveLength(g.ahead + 1);
        months.forEach((m, i) => {
          expect(m.month).toBe(addMonths(today, i));
          expect(m.end).toBe(m.start + m.inflows + m.outflows);
          expect(m.lowest).toBeLessThanOrEqual(Math.min(m.start, m.end));
          expect(m.inflows).toBeGreaterThanOrEqual(0);
          expect(m.outflows).toBeLessThanOrEqual(0);
          if (i > 0) expect(m.start).toBe(months[i - 1]?.end);
          else expect(m.start).toBe(g.start);
          expect(daysInMonth(m.month)).toBeGreaterThanOrEqual(28);
        });
        const first = months.find((m) => m.lowest < 0);
        expect(firstShortfall(months)).toBe(first?.month ?? null);
      }),
      { numRuns: 200 },
    );
  });
});
