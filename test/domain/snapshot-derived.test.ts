/**
 * The helpers that keep derived data per snapshot: `perSnapshot` (once per first argument and the same
 * other arguments) and the month index (rows of some months, always in the list's own order).
 */
import { describe, expect, it } from 'vitest';
import { perSnapshot } from '../../src/domain/memo.js';
import { firstMonthWhere, fromMonth, inMonths } from '../../src/domain/transactions/by-month.js';

describe('perSnapshot', () => {
  it('computes once per key and the same other arguments, again when either changes', () => {
    let runs = 0;
    const total = perSnapshot((rows: readonly number[], factor: number) => {
      runs += 1;
      return rows.reduce((sum, n) => sum + n * factor, 0);
    });
    const rows = Object.freeze([1, 2, 3]);
    expect([total(rows, 1), total(rows, 1)]).toEqual([6, 6]);
    expect(runs).toBe(1);
    expect(total(rows, 2)).toBe(12);
    expect(total(rows, 2)).toBe(12);
    expect(runs).toBe(2);
    // an equal but different array is another snapshot
    expect(total(Object.freeze([1, 2, 3]), 2)).toBe(12);
    expect(runs).toBe(3);
    // only the newest arguments are kept per key
    expect(total(rows, 1)).toBe(6);
    expect(runs).toBe(4);
  });

  it('tells NaN arguments alike and a different number of arguments apart', () => {
    let runs = 0;
    const count = perSnapshot((rows: readonly number[], ...extra: number[]) => {
      runs += 1;
      return rows.length + extra.length;
    });
    const rows: readonly number[] = [];
    expect([count(rows, NaN), count(rows, NaN)]).toEqual([1, 1]);
    expect(runs).toBe(1);
    expect(count(rows, NaN, 1)).toBe(2);
    expect(runs).toBe(2);
  });
});

describe('the month index', () => {
  // list order is not date order: deltas append changed rows at the end
  const rows = Object.freeze([
    { id: 'a', date: '2026-03-02' },
    { id: 'b', date: '2026-01-15' },
    { id: 'c', date: '2026-03-01' },
    { id: 'd', date: '2025-12-31' },
    { id: 'e', date: '2026-01-01' },
  ]);
  const ids = (picked: readonly { id: string }[]) => picked.map((r) => r.id).join('');

  it.each<[string, string[], string]>([
    ['one month', ['2026-03'], 'ac'],
    ['several months, in list order whatever order they are asked in', ['2026-03', '2026-01'], 'abce'],
    ['a month asked twice counts once', ['2026-01', '2026-01'], 'be'],
    ['a month without rows', ['2026-02'], ''],
    ['no month', [], ''],
  ])('inMonths: %s', (_name, months, expected) => {
    expect(ids(inMonths(rows, months))).toBe(expected);
  });

  it('fromMonth: the rows of that month and later, in list order', () => {
    expect(ids(fromMonth(rows, '2026-01'))).toBe('abce');
    expect(ids(fromMonth(rows, '2025-01'))).toBe('abcde');
    expect(ids(fromMonth(rows, '2026-04'))).toBe('');
  });

  it('firstMonthWhere: the oldest month holding an accepted row, or null', () => {
    expect(firstMonthWhere(rows, () => true)).toBe('2025-12');
    expect(firstMonthWhere(rows, (r) => r.id !== 'd')).toBe('2026-01');
    expect(firstMonthWhere(rows, (r) => r.id === 'a')).toBe('2026-03');
    expect(firstMonthWhere(rows, () => false)).toBeNull();
    expect(firstMonthWhere([], () => true)).toBeNull();
  });
});
