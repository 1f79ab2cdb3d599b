/**
 * The month cache's bounds, on its own: at most `limit` months per plan, the least recently read
 * first out, and a detail kept only under the knowledge it was read at. (What it saves in requests
 * is counted through a real client in test/tools/month-cache.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { MonthCache } from '../../src/ynab/month-cache.js';
import type { YnabMonthDetail } from '../../src/ynab/types.js';

const detail = (month: string): YnabMonthDetail => ({
  month,
  income: 0,
  budgeted: 0,
  activity: 0,
  to_be_budgeted: 0,
  deleted: false,
  categories: [],
});

describe('MonthCache', () => {
  it('keeps at most limit months per plan, the least recently read going first', () => {
    const cache = new MonthCache(2);
    cache.put('p', '2026-01-01', 5, detail('2026-01-01'));
    cache.put('p', '2026-02-01', 5, detail('2026-02-01'));
    expect(cache.get('p', '2026-01-01', 5)?.month).toBe('2026-01-01');
    cache.put('p', '2026-03-01', 5, detail('2026-03-01'));
    expect(cache.size('p')).toBe(2);
    expect(cache.get('p', '2026-02-01', 5)).toBeUndefined();
    expect(cache.get('p', '2026-01-01', 5)?.month).toBe('2026-01-01');
    expect(cache.get('p', '2026-03-01', 5)?.month).toBe('2026-03-01');
  });

  it('answers only at the knowledge its months are true at, and hands out frozen details', () => {
    const cache = new MonthCache();
    cache.put('p', '2026-01-01', 5, detail('2026-01-01'));
    expect(cache.get('p', '2026-01-01', 6)).toBeUndefined();
    expect(cache.get('q', '2026-01-01', 5)).toBeUndefined();
    expect(Object.isFrozen(cache.get('p', '2026-01-01', 5))).toBe(true);
    // read at another knowledge while months are kept: not kept
    cache.put('p', '2026-02-01', 6, detail('2026-02-01'));
    expect(cache.size('p')).toBe(1);
    cache.reset();
    expect(cache.size('p')).toBe(0);
  });

  it('drops every month of a plan when what changed cannot be read', async () => {
    const cache = new MonthCache();
    cache.put('p', '2026-01-01', 5, detail('2026-01-01'));
    const start = cache.started();
    await cache.synced('p', start, 5, { rows: [], knowledge: 5 }, () => Promise.reject(new Error('no')));
    expect(cache.size('p')).toBe(1);
    await cache.synced('p', cache.started(), 5, { rows: [], knowledge: 6 }, () =>
      Promise.reject(new Error('paced')),
    );
    expect(cache.size('p')).toBe(0);
  });
});
