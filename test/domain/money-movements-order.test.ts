/**
 * get_money_movements: the order movements happened in (which one is the first assignment and which
 * the top-ups), the notes of top-ups, money taken back to Ready to Assign, and the order of the lists.
 */
import { describe, expect, it } from 'vitest';
import { moneyMovements } from '../../src/domain/months/money-movements.js';

const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
const categories = new Map(names.map((n) => [n.toLowerCase(), { name: n, internal: false }]));
const mv = (
  id: string,
  at: string | null,
  from: string | null,
  to: string | null,
  amount: number,
  more: { group?: string; note?: string; month?: string | null } = {},
) => ({
  id,
  month: more.month === undefined ? '2026-05-01' : more.month,
  moved_at: at,
  money_movement_group_id: more.group ?? null,
  from_category_id: from,
  to_category_id: to,
  amount,
  note: more.note ?? null,
});
const run = (movements: ReturnType<typeof mv>[], groups: { id: string; note: string | null }[] = []) =>
  moneyMovements({
    movements,
    groups: groups.map((g) => ({ ...g, group_created_at: '2026-05-01T00:00:00Z', month: '2026-05-01' })),
    categories,
    months: ['2026-05-01'],
  });

describe('moneyMovements: which movement came first', () => {
  it('orders by time before id, and a movement without a time comes last', () => {
    const out = run([
      mv('a1', null, null, 'alpha', 1_000),
      mv('b1', '2026-05-09T00:00:00Z', null, 'alpha', 2_000),
      mv('z1', '2026-05-03T00:00:00Z', null, 'alpha', 3_000),
    ]);
    // z1 (3 May) is the first assignment; b1 (9 May) and then a1 (no time) are top-ups
    expect(out.top_ups.map((t) => [t.date, t.amount])).toEqual([
      ['2026-05-09', 2],
      ['2026-05-01', 1],
    ]);
  });

  it('takes the month from the time when YNAB gives no month, and skips zero movements', () => {
    const out = run([
      mv('1', '2026-05-03T10:00:00Z', null, 'alpha', 3_000, { month: null }),
      mv('2', '2026-05-04T10:00:00Z', null, 'beta', 0),
    ]);
    expect(out.months).toEqual([{ month: '2026-05', movements: 1, assigned: 3, moved_between: 0 }]);
  });

  it('counts the first action again as the same action when its rows come around once more', () => {
    const at = '2026-05-03T10:00:00Z';
    const out = run([
      mv('1', at, null, 'alpha', 1_000, { group: 'g1' }),
      mv('2', at, null, 'alpha', 2_000, { group: 'g2' }),
      mv('3', at, null, 'alpha', 4_000, { group: 'g1' }),
    ]);
    expect(out.top_ups.map((t) => t.amount)).toEqual([2]);
  });
});

describe('moneyMovements: what a top-up says', () => {
  it("gives a top-up its group's note before its own, cleaned, and its own when the group has none", () => {
    const out = run(
      [
        mv('1', '2026-05-01T00:00:00Z', null, 'alpha', 1_000),
        mv('2', '2026-05-02T00:00:00Z', 'beta', 'alpha', 2_000, { group: 'g-note' }),
        mv('3', '2026-05-03T00:00:00Z', 'beta', 'alpha', 3_000, { group: 'g-none', note: 'Own\nnote' }),
      ],
      [
        { id: 'g-note', note: 'Car\u200b repair' },
        { id: 'g-none', note: null },
      ],
    );
    expect(out.top_ups.map((t) => [t.from, t.amount, t.note])).toEqual([
      ['Beta', 2, 'Car repair'],
      ['Beta', 3, 'Own note'],
    ]);
  });

  it('counts money taken back to Ready to Assign against what was assigned', () => {
    const out = run([
      mv('1', '2026-05-01T00:00:00Z', null, 'alpha', 10_000),
      mv('2', '2026-05-02T00:00:00Z', 'alpha', null, 4_000),
    ]);
    expect(out.months[0]).toMatchObject({ movements: 2, assigned: 6, moved_between: 0 });
  });
});

describe('moneyMovements: the order of the lists', () => {
  it('ranks the 5 most topped-up categories: most months, then most top-ups, then by name', () => {
    const movements: ReturnType<typeof mv>[] = [];
    let n = 0;
    const topUps = (to: string, times: number, month = '2026-05-01') => {
      const day = month.slice(0, 7);
      movements.push(mv(`m${n++}`, `${day}-01T00:00:00Z`, null, to, 1_000, { month }));
      for (let i = 0; i < times; i++)
        movements.push(mv(`m${n++}`, `${day}-0${i + 2}T00:00:00Z`, null, to, 1_000, { month }));
    };
    topUps('zeta', 1);
    topUps('zeta', 1, '2026-06-01');
    topUps('epsilon', 1);
    topUps('delta', 3);
    topUps('gamma', 1);
    topUps('beta', 2);
    topUps('alpha', 1);
    const out = moneyMovements({ movements, groups: [], categories, months: ['2026-05-01', '2026-06-01'] });
    expect(out.most_topped_up.map((c) => [c.name, c.months_topped_up, c.top_ups])).toEqual([
      ['Zeta', 2, 2],
      ['Delta', 1, 3],
      ['Beta', 1, 2],
      ['Alpha', 1, 1],
      ['Epsilon', 1, 1],
    ]);
    expect(out.categories.map((c) => c.name)).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma', 'Zeta']);
  });
});
