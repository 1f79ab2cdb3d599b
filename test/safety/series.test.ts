/**
 * The engine's series of one request per item, alone (outside a write, so settling reads once): all
 * applied and journaled once; stopped at the first item not applied, or not known, with the rest not
 * sent and what is done journaled; stopped by an item's follow-up; stopped by a request that throws
 * (journaled first, or nothing journaled when nothing was done); a lost answer shown applied goes on,
 * with its note.
 */
import { describe, expect, it } from 'vitest';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
import type { CheckedWrite } from '../../src/safety/outcome/checked-step.js';
import { inWrite, runWithin } from '../../src/safety/outcome/run.js';
import { runSeries, type Series } from '../../src/safety/outcome/series.js';

type Behaviour = 'applied' | 'ignored' | 'lost-shown' | 'lost-unseen' | 'refused';

/** A fake YNAB of items that are each deleted by one request, behaving as `how` says per item. */
function world(how: Record<string, Behaviour>) {
  const gone = new Set<string>();
  const land = (item: string) => gone.add(item);
  const sent: string[] = [];
  const recorded: string[][] = [];
  const write = (item: string): CheckedWrite => ({
    asked: [{ key: item, label: item, fields: { deleted: true } }],
    before: new Map([[item, { deleted: false }]]),
    send: async () => {
      sent.push(item);
      const b = how[item] ?? 'applied';
      if (b === 'refused') throw new Error('YNAB 400: refused');
      if (b === 'applied' || b === 'lost-shown') gone.add(item);
      if (b === 'lost-shown' || b === 'lost-unseen') throw new UnknownOutcome('no answer within 400 ms');
      return new Map([[item, { deleted: gone.has(item) }]]);
    },
    read: async () => new Map([[item, { deleted: gone.has(item) }]]),
  });
  const series = (items: string[], extra: Partial<Series<string>> = {}): Series<string> => ({
    items,
    write,
    checkedNote: (item) => `${item} checked`,
    record: async (done) => {
      recorded.push([...done]);
      return `op-${recorded.length}`;
    },
    ...extra,
  });
  return { series, sent, recorded, land };
}

describe('runSeries', () => {
  it('all applied: journaled once, with every item', async () => {
    const w = world({});
    const end = await runSeries(w.series(['a', 'b', 'c']));
    expect(end).toMatchObject({ end: 'applied', done: ['a', 'b', 'c'], id: 'op-1', notes: [] });
    expect(w.sent).toEqual(['a', 'b', 'c']);
    expect(w.recorded).toEqual([['a', 'b', 'c']]);
  });

  it('a lost answer that a read shows applied goes on, with its note', async () => {
    const w = world({ b: 'lost-shown' });
    const end = await runSeries(w.series(['a', 'b', 'c']));
    expect(end).toMatchObject({ end: 'applied', done: ['a', 'b', 'c'], notes: ['b checked'] });
  });

  it('an item not applied stops the rest; what is done is journaled', async () => {
    const w = world({ b: 'ignored' });
    const end = await runSeries(w.series(['a', 'b', 'c']));
    expect(end).toMatchObject({ end: 'stopped', at: 1, done: ['a'], id: 'op-1' });
    expect(end.end === 'stopped' && end.verdict.status).toBe('not_applied');
    expect(w.sent).toEqual(['a', 'b']);
    expect(w.recorded).toEqual([['a']]);
  });

  it('an item not known (it may land late) stops the rest, never called not applied', async () => {
    const w = world({ a: 'lost-unseen' });
    const end = await runSeries(w.series(['a', 'b']));
    expect(end).toMatchObject({ end: 'stopped', at: 0, done: [], id: null });
    expect(end.end === 'stopped' && end.verdict.status).toBe('unknown');
    expect(w.sent).toEqual(['a']);
    expect(w.recorded).toEqual([]);
  });

  it('an item not known is kept for the next call, which journals it alone once a read shows it', async () => {
    const w = world({ a: 'lost-unseen' });
    const run = runWithin({ windowMs: 0, sleep: async () => undefined });
    await inWrite(run, () => runSeries(w.series(['a', 'b'])));
    expect(await run.later?.settle(false)).toBe('waiting');
    expect(w.recorded).toEqual([]);
    w.land('a');
    expect(await run.later?.settle(false)).toBe('closed');
    expect(w.recorded).toEqual([['a']]);
  });

  it("an item's follow-up that leaves something unknown stops the rest, after journaling", async () => {
    const w = world({});
    const end = await runSeries(
      w.series(['a', 'b', 'c'], {
        after: async (item) =>
          item === 'b' ? { note: 'b had a side', stop: { failed: 'its side stayed', unknown: true } } : {},
      }),
    );
    expect(end).toMatchObject({
      end: 'followed',
      at: 1,
      failed: 'its side stayed',
      unknown: true,
      done: ['a', 'b'],
      notes: ['b had a side'],
      id: 'op-1',
    });
    expect(w.sent).toEqual(['a', 'b']);
  });

  it('a request that throws stops the rest: what is done journaled first, nothing when nothing is', async () => {
    const later = world({ b: 'refused' });
    const end = await runSeries(later.series(['a', 'b', 'c']));
    expect(end).toMatchObject({ end: 'threw', at: 1, done: ['a'], id: 'op-1' });
    expect(end.end === 'threw' && String(end.error)).toContain('YNAB 400: refused');
    expect(later.sent).toEqual(['a', 'b']);
    const first = world({ a: 'refused' });
    expect(await runSeries(first.series(['a', 'b']))).toMatchObject({ end: 'threw', at: 0, id: null });
    expect(first.recorded).toEqual([]);
  });
});
