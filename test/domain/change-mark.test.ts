/** The mark's bounds: the days and rows it keeps, and how a move merges what changed. */
import { describe, expect, it } from 'vitest';
import { MARK_ROWS, markOf, moveMark } from '../../src/domain/changes/mark.js';
import type { YnabTransaction } from '../../src/domain/model.js';

const tx = (id: string, date: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date,
  amount: -1000,
  cleared: 'cleared',
  approved: true,
  account_id: 'acc-1',
  deleted: false,
  ...extra,
});
const lists = {
  knowledge: 5,
  at: '2026-09-25T10:00:00.000Z',
  today: '2026-09-25',
  scheduled: [],
  groups: [],
  movements: [],
};

describe('a change mark', () => {
  it('keeps the transactions of its last 62 days, a memo as a digest only', () => {
    const m = markOf({
      ...lists,
      transactions: [tx('old', '2026-07-01'), tx('new', '2026-09-01', { memo: 'secret words' })],
    });
    expect(m.from).toBe('2026-07-25');
    expect(m.transactions.map((r) => r[0])).toEqual(['new']);
    expect(JSON.stringify(m)).not.toContain('secret');
  });

  it('cuts at a whole date when over its row bound', () => {
    const many = Array.from({ length: MARK_ROWS + 5 }, (_, i) =>
      tx(`t${i}`, i < 10 ? '2026-08-01' : '2026-09-10'),
    );
    const m = markOf({ ...lists, transactions: many });
    expect(m.from).toBe('2026-08-02');
    expect(m.transactions).toHaveLength(MARK_ROWS - 5);
  });

  it('merges what changed when it moves: edits replace, deletions leave', () => {
    const m = markOf({ ...lists, transactions: [tx('a', '2026-09-01'), tx('b', '2026-09-02')] });
    const moved = moveMark(m, {
      ...lists,
      knowledge: 9,
      transactions: [tx('a', '2026-09-01', { amount: -2000 }), tx('b', '2026-09-02', { deleted: true })],
    });
    expect(moved.knowledge).toBe(9);
    expect(moved.transactions.map((r) => [r[0], r[2]])).toEqual([['a', -2000]]);
  });
});
