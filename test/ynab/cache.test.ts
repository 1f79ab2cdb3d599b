/**
 * Delta merging (changed rows replaced by id, deleted ones removed, an empty delta keeping the list),
 * without HTTP: `mergeRows` and the two-level `mergeGroups` table by table, then `DeltaCache` with a
 * recording fetch (knowledge sent, keys, reset).
 */
import { describe, expect, it } from 'vitest';
import { DeltaCache, mergeGroups, mergeRows, type Fetched, type GroupRow } from '../../src/ynab/cache.js';
import type { YnabCategory, YnabCategoryGroup } from '../../src/ynab/types.js';
import { describeFailure, mayRetry } from '../../src/ynab/retry.js';

interface Row {
  id: string;
  v: number;
  deleted?: boolean;
}
const row = (id: string, v = 1): Row => ({ id, v });
const gone = (id: string): Row => ({ id, v: 0, deleted: true });
const ids = (rows: Iterable<Row>): string[] => [...rows].map((r) => `${r.id}${r.v}`);

describe('mergeRows', () => {
  const start = (): Map<string, Row> => new Map(['a', 'b', 'c'].map((id) => [id, row(id)]));

  it.each<[string, Row[], string[]]>([
    ['an empty delta keeps the list', [], ['a1', 'b1', 'c1']],
    ['an updated row keeps its position', [row('b', 2)], ['a1', 'b2', 'c1']],
    ['a new row is appended', [row('d')], ['a1', 'b1', 'c1', 'd1']],
    ['a deleted row is removed', [gone('b')], ['a1', 'c1']],
    ['a deleted row never seen changes nothing', [gone('z')], ['a1', 'b1', 'c1']],
    ['updates, deletions and additions together', [row('c', 2), gone('a'), row('e')], ['b1', 'c2', 'e1']],
    ['a row deleted then listed again comes back last', [gone('a'), row('a', 3)], ['b1', 'c1', 'a3']],
  ])('%s', (_name, delta, expected) => {
    const rows = start();
    mergeRows(rows, delta, (r) => r.id);
    expect(ids(rows.values())).toEqual(expected);
  });

  it('keys rows by the key given (months by their month)', () => {
    const rows = new Map<string, { month: string; income: number; deleted?: boolean }>();
    mergeRows(
      rows,
      [
        { month: '2026-09-01', income: 1 },
        { month: '2026-08-01', income: 2 },
      ],
      (m) => m.month,
    );
    mergeRows(rows, [{ month: '2026-09-01', income: 5 }], (m) => m.month);
    expect([...rows.values()]).toEqual([
      { month: '2026-09-01', income: 5 },
      { month: '2026-08-01', income: 2 },
    ]);
  });
});

const category = (id: string, group: string, fields: Partial<YnabCategory> = {}): YnabCategory => ({
  id,
  name: `name-${id}`,
  category_group_id: group,
  hidden: false,
  deleted: false,
  ...fields,
});
const group = (
  id: string,
  categories: YnabCategory[],
  fields: Partial<YnabCategoryGroup> = {},
): YnabCategoryGroup => ({ id, name: `name-${id}`, hidden: false, deleted: false, categories, ...fields });

/** Groups g1 [c1, c2], g2 [c3], g3 [c4], as the cache holds them. */
function cached(): Map<string, GroupRow> {
  const tree: [string, string[]][] = [
    ['g1', ['c1', 'c2']],
    ['g2', ['c3']],
    ['g3', ['c4']],
  ];
  return new Map(
    tree.map(([g, cats]) => [
      g,
      { ...group(g, []), categories: new Map(cats.map((c) => [c, category(c, g)])) },
    ]),
  );
}
const shape = (groups: Map<string, GroupRow>): [string, string[]][] =>
  [...groups.values()].map((g) => [g.id, [...g.categories.keys()]]);

describe('mergeGroups', () => {
  it.each<[string, YnabCategoryGroup[], [string, string[]][]]>([
    [
      'an empty delta keeps every group and category',
      [],
      [
        ['g1', ['c1', 'c2']],
        ['g2', ['c3']],
        ['g3', ['c4']],
      ],
    ],
    [
      'a changed category keeps its place; the group keeps the categories the delta leaves out',
      [group('g1', [category('c1', 'g1', { name: 'renamed' })])],
      [
        ['g1', ['c1', 'c2']],
        ['g2', ['c3']],
        ['g3', ['c4']],
      ],
    ],
    [
      'a new category is appended to its group',
      [group('g2', [category('c5', 'g2')])],
      [
        ['g1', ['c1', 'c2']],
        ['g2', ['c3', 'c5']],
        ['g3', ['c4']],
      ],
    ],
    [
      'a deleted category leaves its group',
      [group('g1', [category('c1', 'g1', { deleted: true })])],
      [
        ['g1', ['c2']],
        ['g2', ['c3']],
        ['g3', ['c4']],
      ],
    ],
    [
      'a category moved to another group leaves its old one',
      [group('g3', [category('c1', 'g3')])],
      [
        ['g1', ['c2']],
        ['g2', ['c3']],
        ['g3', ['c4', 'c1']],
      ],
    ],
    [
      'a category moved to a new group leaves its old one, the new group is appended',
      [group('g4', [category('c3', 'g4')])],
      [
        ['g1', ['c1', 'c2']],
        ['g2', []],
        ['g3', ['c4']],
        ['g4', ['c3']],
      ],
    ],
    [
      'a deleted group is removed with its categories',
      [group('g2', [], { deleted: true })],
      [
        ['g1', ['c1', 'c2']],
        ['g3', ['c4']],
      ],
    ],
    [
      'a renamed group keeps its position and its categories',
      [group('g1', [], { name: 'Bills' })],
      [
        ['g1', ['c1', 'c2']],
        ['g2', ['c3']],
        ['g3', ['c4']],
      ],
    ],
  ])('%s', (_name, delta, expected) => {
    const groups = cached();
    mergeGroups(groups, delta);
    expect(shape(groups)).toEqual(expected);
  });

  it('takes the new fields of a changed category and of a renamed group', () => {
    const groups = cached();
    mergeGroups(groups, [
      group('g1', [category('c2', 'g1', { name: 'Rent', hidden: true })], { name: 'Bills' }),
    ]);
    const g1 = groups.get('g1');
    expect(g1?.name).toBe('Bills');
    expect(g1?.categories.get('c2')).toMatchObject({ name: 'Rent', hidden: true });
    expect(g1?.categories.get('c1')?.name).toBe('name-c1');
  });
});

/** A fetch that answers the queued lists in turn and records the knowledge it was given. */
function recorder<T>(answers: Fetched<T>[]) {
  const sent: (number | undefined)[] = [];
  const fetch = async (knowledge: number | undefined): Promise<Fetched<T>> => {
    sent.push(knowledge);
    const next = answers.shift();
    if (next === undefined) throw new Error('no answer left');
    return next;
  };
  return { sent, fetch };
}
const key = (r: Row): string => r.id;
/** Lets every pending promise reaction run. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('DeltaCache', () => {
  it('loads in full, then sends the knowledge the last answer carried and merges the delta', async () => {
    const cache = new DeltaCache();
    const { sent, fetch } = recorder<Row>([
      { rows: [row('a'), row('b')], knowledge: 7 },
      { rows: [row('b', 2), row('c')], knowledge: 9 },
      { rows: [], knowledge: 9 },
      { rows: [gone('a')], knowledge: 12 },
    ]);
    expect(ids(await cache.list('p1', 'accounts', key, fetch))).toEqual(['a1', 'b1']);
    expect(ids(await cache.list('p1', 'accounts', key, fetch))).toEqual(['a1', 'b2', 'c1']);
    expect(ids(await cache.list('p1', 'accounts', key, fetch))).toEqual(['a1', 'b2', 'c1']);
    expect(ids(await cache.list('p1', 'accounts', key, fetch))).toEqual(['b2', 'c1']);
    expect(sent).toEqual([undefined, 7, 9, 9]);
  });

  it('keeps one copy per plan id and per list', async () => {
    const cache = new DeltaCache();
    const { sent, fetch } = recorder<Row>([
      { rows: [row('a')], knowledge: 3 },
      { rows: [row('x')], knowledge: 5 },
      { rows: [row('p')], knowledge: 4 },
      { rows: [], knowledge: 3 },
      { rows: [], knowledge: 5 },
    ]);
    await cache.list('p1', 'payees', key, fetch);
    await cache.list('p2', 'payees', key, fetch);
    await cache.list('p1', 'accounts', key, fetch);
    expect(ids(await cache.list('p1', 'payees', key, fetch))).toEqual(['a1']);
    expect(ids(await cache.list('p2', 'payees', key, fetch))).toEqual(['x1']);
    expect(sent).toEqual([undefined, undefined, undefined, 3, 5]);
  });

  it('starts cold again after reset()', async () => {
    const cache = new DeltaCache();
    const { sent, fetch } = recorder<Row>([
      { rows: [row('a')], knowledge: 3 },
      { rows: [row('b')], knowledge: 4 },
    ]);
    const groups = recorder<YnabCategoryGroup>([
      { rows: [group('g1', [category('c1', 'g1')])], knowledge: 3 },
      { rows: [group('g2', [category('c2', 'g2')])], knowledge: 4 },
    ]);
    await cache.list('p1', 'transactions', key, fetch);
    await cache.groups('p1', groups.fetch);
    cache.reset();
    expect(ids(await cache.list('p1', 'transactions', key, fetch))).toEqual(['b1']);
    expect((await cache.groups('p1', groups.fetch)).map((g) => g.id)).toEqual(['g2']);
    expect([sent, groups.sent]).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('leaves the copy as it was when a read fails', async () => {
    const cache = new DeltaCache();
    const { sent, fetch } = recorder<Row>([{ rows: [row('a')], knowledge: 3 }]);
    await cache.list('p1', 'months', key, fetch);
    await expect(cache.list('p1', 'months', key, fetch)).rejects.toThrow('no answer left');
    const again = recorder<Row>([{ rows: [row('b')], knowledge: 4 }]);
    expect(ids(await cache.list('p1', 'months', key, again.fetch))).toEqual(['a1', 'b1']);
    expect([...sent, ...again.sent]).toEqual([undefined, 3, 3]);
  });

  it('loads in full again, replacing the rows, after an answer without server knowledge', async () => {
    const cache = new DeltaCache();
    const { sent, fetch } = recorder<Row>([
      { rows: [row('a'), row('b')], knowledge: 0 },
      { rows: [row('b')], knowledge: 6 },
    ]);
    await cache.list('p1', 'scheduled', key, fetch);
    expect(ids(await cache.list('p1', 'scheduled', key, fetch))).toEqual(['b1']);
    expect(sent).toEqual([undefined, undefined]);
  });

  it('runs concurrent reads of one list in turn, each on the knowledge the previous stored', async () => {
    const cache = new DeltaCache();
    const gates: ((answer: Fetched<Row>) => void)[] = [];
    const sent: (number | undefined)[] = [];
    const fetch = (knowledge: number | undefined): Promise<Fetched<Row>> => {
      sent.push(knowledge);
      return new Promise((resolve) => gates.push(resolve));
    };
    const first = cache.list('p1', 'transactions', key, fetch);
    const second = cache.list('p1', 'transactions', key, fetch);
    const other = cache.list('p1', 'payees', key, fetch);
    await settled();
    expect(sent).toEqual([undefined, undefined]);
    gates[0]!({ rows: [row('a'), row('b')], knowledge: 5 });
    expect(ids(await first)).toEqual(['a1', 'b1']);
    await settled();
    expect(sent).toEqual([undefined, undefined, 5]);
    gates[2]!({ rows: [row('b', 2)], knowledge: 6 });
    gates[1]!({ rows: [row('p')], knowledge: 5 });
    expect(ids(await second)).toEqual(['a1', 'b2']);
    expect(ids(await other)).toEqual(['p1']);
  });

  it('a failed read does not stop the next one', async () => {
    const cache = new DeltaCache();
    let calls = 0;
    const fetch = async (): Promise<Fetched<Row>> => {
      calls += 1;
      if (calls === 1) throw new Error('YNAB 503');
      return { rows: [row('a')], knowledge: 2 };
    };
    const [failed, next] = await Promise.allSettled([
      cache.list('p1', 'accounts', key, fetch),
      cache.list('p1', 'accounts', key, fetch),
    ]);
    expect(failed.status).toBe('rejected');
    expect(next).toEqual({ status: 'fulfilled', value: [row('a')] });
  });

  it('stores nothing from a read still in flight when reset() is called', async () => {
    const cache = new DeltaCache();
    let release: (answer: Fetched<YnabCategoryGroup>) => void = () => undefined;
    const sent: (number | undefined)[] = [];
    const slow = (knowledge: number | undefined): Promise<Fetched<YnabCategoryGroup>> => {
      sent.push(knowledge);
      return new Promise((resolve) => (release = resolve));
    };
    const late = cache.groups('p1', slow);
    await settled();
    cache.reset();
    release({ rows: [group('g1', [])], knowledge: 4 });
    expect((await late).map((g) => g.id)).toEqual(['g1']);
    const again = recorder<YnabCategoryGroup>([{ rows: [group('g2', [])], knowledge: 5 }]);
    expect((await cache.groups('p1', again.fetch)).map((g) => g.id)).toEqual(['g2']);
    expect([...sent, ...again.sent]).toEqual([undefined, undefined]);
  });

  it('merges category deltas at both levels and returns plain groups in order', async () => {
    const cache = new DeltaCache();
    const { sent, fetch } = recorder<YnabCategoryGroup>([
      {
        rows: [
          group('g1', [category('c1', 'g1'), category('c2', 'g1')]),
          group('g2', [category('c3', 'g2')]),
        ],
        knowledge: 2,
      },
      { rows: [group('g2', [category('c1', 'g2', { name: 'moved' })])], knowledge: 3 },
    ]);
    await cache.groups('p1', fetch);
    const groups = await cache.groups('p1', fetch);
    expect(groups.map((g) => [g.id, g.categories.map((c) => c.id)])).toEqual([
      ['g1', ['c2']],
      ['g2', ['c3', 'c1']],
    ]);
    expect(Array.isArray(groups[1]?.categories)).toBe(true);
    expect(groups[1]?.categories[1]).toMatchObject({ name: 'moved', category_group_id: 'g2' });
    expect(sent).toEqual([undefined, 2]);
  });
});

/*
 * The local copy's read-only views (peek, peekGroups, knowledge) before and after a load, and the
 * retry policy's description of failures that carry no code, no message or a TLS code: what argument
 * completion and the error texts rely on.
 */
describe('the local copy, read without asking YNAB', () => {
  it('knows nothing before a load, then the rows, groups and newest knowledge of that plan only', async () => {
    const cache = new DeltaCache();
    expect(cache.peek('p1', 'payees')).toBeUndefined();
    expect(cache.peekGroups('p1')).toBeUndefined();
    expect(cache.knowledge('p1')).toBeUndefined();
    await cache.list(
      'p1',
      'payees',
      (r: { id: string }) => r.id,
      async () => ({
        rows: [{ id: 'a', deleted: false }],
        knowledge: 4,
      }),
    );
    await cache.groups('p1', async () => ({
      rows: [{ id: 'g', name: 'Bills', hidden: false, deleted: false, categories: [] }],
      knowledge: 9,
    }));
    expect(cache.peek('p1', 'payees')).toEqual([{ id: 'a', deleted: false }]);
    expect(cache.peekGroups('p1')?.map((g) => g.id)).toEqual(['g']);
    expect(cache.knowledge('p1')).toBe(9);
    expect(cache.knowledge('p2')).toBeUndefined();
  });

  it('a load that answered knowledge 0 counts as no knowledge', async () => {
    const cache = new DeltaCache();
    await cache.list(
      'p1',
      'accounts',
      (r: { id: string }) => r.id,
      async () => ({ rows: [], knowledge: 0 }),
    );
    expect(cache.knowledge('p1')).toBeUndefined();
  });
});

describe('describing a failure', () => {
  it('nothing thrown, or a bare object: an Error that may have left', () => {
    expect(describeFailure(undefined)).toEqual({ cause: 'Error', neverLeft: false });
    expect(describeFailure({ message: 42, name: null })).toEqual({ cause: 'Error', neverLeft: false });
  });

  it('a certificate failure never left the machine: any method may try again', () => {
    const tls = describeFailure(
      new TypeError('fetch failed', { cause: { code: 'ERR_TLS_CERT_ALTNAME_INVALID' } }),
    );
    expect(tls).toEqual({ cause: 'ERR_TLS_CERT_ALTNAME_INVALID', neverLeft: true });
    expect(describeFailure({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self signed' })).toEqual({
      cause: 'DEPTH_ZERO_SELF_SIGNED_CERT: self signed',
      neverLeft: true,
    });
    expect(mayRetry('POST', 1, tls)).toBe(true);
    expect(mayRetry('POST', 3, tls)).toBe(false);
  });
});
