/**
 * The local copy's read-only views (peek, peekGroups, knowledge) before and after a load, and the
 * retry policy's description of failures that carry no code, no message or a TLS code: what argument
 * completion and the error texts rely on.
 */
import { describe, expect, it } from 'vitest';
import { DeltaCache } from '../../src/ynab/cache.js';
import { describeFailure, mayRetry } from '../../src/ynab/retry.js';

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
