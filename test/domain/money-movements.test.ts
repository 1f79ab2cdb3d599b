/** The money-movement sums and the top-up rule, on hand-made movements (the edges the demo lacks). */
import { describe, expect, it } from 'vitest';
import { moneyMovements, monthRange } from '../../src/domain/months/money-movements.js';

const categories = new Map([
  ['inflow', { name: 'Inflow: Ready to Assign', internal: true }],
  ['a', { name: 'Alpha', internal: false }],
  ['b', { name: 'Beta', internal: false }],
]);
const mv = (
  id: string,
  at: string | null,
  from: string | null,
  to: string | null,
  amount: number,
  group?: string,
) => ({
  id,
  month: '2026-05-01',
  moved_at: at,
  money_movement_group_id: group ?? null,
  from_category_id: from,
  to_category_id: to,
  amount,
});

describe('moneyMovements', () => {
  it('counts a later action into a category as a top-up, the first one and its group-mates not', () => {
    const out = moneyMovements({
      movements: [
        mv('3', '2026-05-20T00:00:00Z', 'b', 'a', 5000),
        mv('1', '2026-05-01T00:00:00Z', null, 'a', 100000, 'g1'),
        mv('2', '2026-05-01T00:00:00Z', 'inflow', 'a', 20000, 'g1'),
        mv('4', null, 'a', 'gone', 1000),
      ],
      groups: [{ id: 'g1', group_created_at: '2026-05-01T00:00:00Z', month: '2026-05-01', note: 'Plan' }],
      categories,
      months: ['2026-05-01'],
    });
    expect(out.months).toEqual([{ month: '2026-05', movements: 4, assigned: 120, moved_between: 6 }]);
    expect(out.top_ups).toEqual([
      { date: '2026-05-20', category: 'Alpha', from: 'Beta', amount: 5, note: null },
    ]);
    expect(out.categories.map((c) => c.name)).toEqual(['Alpha', 'Beta', 'gone (deleted)']);
    expect(out.categories[0]?.months[0]).toEqual({
      month: '2026-05',
      moved_in: 125,
      times_in: 3,
      moved_out: 1,
      times_out: 1,
      top_ups: 1,
    });
  });

  it('reads a negative amount as the same movement the other way, and leaves other months out', () => {
    const out = moneyMovements({
      movements: [
        mv('1', '2026-05-02T00:00:00Z', 'a', null, -7000),
        { ...mv('2', null, null, 'a', 1), month: null },
      ],
      groups: [],
      categories,
      months: ['2026-05-01'],
    });
    expect(out.months[0]).toMatchObject({ movements: 1, assigned: 7 });
    expect(out.message).toBe('No category needed topping up over the month: every budget held.');
  });

  it('spans months across a year end', () => {
    expect(monthRange('2025-11-01', '2026-02-01')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(monthRange('2026-03-01', '2026-02-01')).toEqual([]);
  });
});

/*
 * The money-movement edges hand-made movements reach and the demo plan does not: a movement with
 * neither month nor time, one between two Ready to Assign sides, a top-up without a time (dated by
 * its month), and a category moved in only one of two months.
 */
describe('beyond the demo plan', () => {
  const categories = new Map([
    ['inflow', { name: 'Inflow: Ready to Assign', internal: true }],
    ['a', { name: 'Alpha', internal: false }],
  ]);
  const mv = (id: string, extra: Record<string, unknown>) => ({
    id,
    month: '2026-05-01',
    moved_at: null,
    money_movement_group_id: null,
    from_category_id: null,
    to_category_id: 'a',
    amount: 1000,
    ...extra,
  });

  describe('moneyMovements, edges', () => {
    it('skips a movement with neither month nor time, and counts Ready to Assign to itself as nothing assigned', () => {
      const out = moneyMovements({
        movements: [
          mv('1', { month: null }),
          mv('2', { from_category_id: 'inflow', to_category_id: null, amount: 3000 }),
        ],
        groups: [],
        categories,
        months: ['2026-05-01'],
      });
      expect(out.months).toEqual([{ month: '2026-05', movements: 1, assigned: 0, moved_between: 0 }]);
      expect(out.categories).toEqual([]);
    });

    it('dates a top-up without a time by its month, after the timed ones, and lists only the months moved', () => {
      const out = moneyMovements({
        movements: [
          mv('late', {}),
          mv('first', { moved_at: '2026-05-03T10:00:00Z', amount: 50_000 }),
          mv('june', { month: '2026-06-01', moved_at: '2026-06-02T10:00:00Z' }),
        ],
        groups: [],
        categories,
        months: ['2026-04-01', '2026-05-01', '2026-06-01'],
      });
      expect(out.top_ups).toEqual([
        { date: '2026-05-01', category: 'Alpha', from: 'Ready to Assign', amount: 1, note: null },
      ]);
      expect(out.categories).toEqual([
        {
          category_id: 'a',
          name: 'Alpha',
          months: [
            { month: '2026-05', moved_in: 51, times_in: 2, moved_out: 0, times_out: 0, top_ups: 1 },
            { month: '2026-06', moved_in: 1, times_in: 1, moved_out: 0, times_out: 0, top_ups: 0 },
          ],
        },
      ]);
      expect(out.most_topped_up).toEqual([
        { category_id: 'a', name: 'Alpha', months_topped_up: 1, top_ups: 1, topped_up: 1 },
      ]);
      expect(out.message).toBe(
        'Alpha needed topping up in 1 of 3 month(s); 1 top-up(s) over 3 months in all.',
      );
    });
  });
});
