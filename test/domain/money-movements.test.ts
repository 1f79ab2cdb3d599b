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
