/**
 * The money-movement edges hand-made movements reach and the demo plan does not: a movement with
 * neither month nor time, one between two Ready to Assign sides, a top-up without a time (dated by
 * its month), and a category moved in only one of two months.
 */
import { describe, expect, it } from 'vitest';
import { moneyMovements } from '../../src/domain/months/money-movements.js';

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
    expect(out.message).toBe('Alpha needed topping up in 1 of 3 month(s); 1 top-up(s) over 3 months in all.');
  });
});
