/**
 * The edges of confirmation codes and answer nonces: several codes alive at once, a code issued late
 * in a long-running process, the exact end of a nonce's memory on each clock, the wall clock by
 * default, and the monotonic lifetime of a sealed state; and
 * the canonical form behind fingerprints, which leaves absent fields out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeStore, LIFETIME_MS, type Seal } from '../../src/safety/codes.js';
import { canonical, fingerprint } from '../../src/safety/fingerprint.js';
import { req } from '../requirements.js';

describe(`${req('yes-single-use')} confirmation codes`, () => {
  it('stay valid while others are issued, up to the last millisecond of their 600 s', () => {
    let now = 5_000_000;
    const store = new CodeStore(() => now);
    const first = store.issue('a');
    now += 1_000;
    const second = store.issue('b');
    expect(store.consume(first, 'a')).toBe(true);
    now += 1;
    const third = store.issue('c');
    now += LIFETIME_MS;
    store.issue('d'); // issuing sweeps expired codes: the third is exactly 600 s old, still valid, the second 1 ms older
    expect(store.consume(third, 'c')).toBe(true);
    expect(store.consume(second, 'b')).toBe(false);
  });

  it('issued late in a long-running process live their 600 s from issue', () => {
    let now = 5_000_000;
    const store = new CodeStore(() => now);
    const code = store.issue('fp');
    now += LIFETIME_MS;
    expect(store.consume(code, 'fp')).toBe(true);
    const late = store.issue('fp');
    now += LIFETIME_MS + 1;
    expect(store.consume(late, 'fp')).toBe(false);
  });
});

describe(`${req('yes-single-use')} answer nonces`, () => {
  afterEach(() => void vi.useRealTimers());

  const foreign = (nonce: string): Seal => ({ nonce, sealedBy: 'another process', sealedAt: 0 });

  it('are remembered until 600 s have passed since their use on both clocks', () => {
    let now = 5_000;
    let wall = 1_000;
    const store = new CodeStore(
      () => now,
      () => wall,
    );
    expect(store.spendNonce(foreign('n'))).toBe(true);
    now += LIFETIME_MS;
    wall += LIFETIME_MS + 1_000; // the last instant on each clock
    expect(store.spendNonce(foreign('n'))).toBe(false);
    now += 1; // past on the monotonic clock only
    expect(store.spendNonce(foreign('n'))).toBe(false);
    now -= 1;
    wall += 1; // past on the wall clock only (stepped forward)
    expect(store.spendNonce(foreign('n'))).toBe(false);
    now += 1;
    expect(store.spendNonce(foreign('n'))).toBe(true);
  });

  it('read the wall clock by default', () => {
    vi.useFakeTimers({ now: new Date('2026-09-25T09:00:00Z'), toFake: ['Date'] });
    let now = 0;
    const store = new CodeStore(() => now);
    expect(store.spendNonce(foreign('n'))).toBe(true);
    now += 2 * LIFETIME_MS;
    expect(store.spendNonce(foreign('n'))).toBe(false);
    vi.setSystemTime(new Date('2026-09-25T09:20:00Z'));
    expect(store.spendNonce(foreign('n'))).toBe(true);
  });

  it('seal states that stay live 600 s on the monotonic clock, and leave other processes to their codec', () => {
    let now = 5_000;
    const store = new CodeStore(() => now);
    const seal = store.seal();
    expect(seal).toMatchObject({ nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), sealedAt: 5_000 });
    expect(store.seal().nonce).not.toBe(seal.nonce);
    expect(new CodeStore(() => now).seal().sealedBy).not.toBe(seal.sealedBy);
    now += LIFETIME_MS;
    expect(store.live(seal)).toBe(true);
    now += 1;
    expect(store.live(seal)).toBe(false);
    expect(store.live(foreign('n'))).toBe(true);
  });
});

describe('the canonical form', () => {
  it('leaves absent fields out, keeps null, and sorts keys', () => {
    expect(canonical({ b: 1, a: undefined, c: null })).toBe('{"b":1,"c":null}');
    expect(fingerprint('p', { x: 1, y: undefined })).toBe(fingerprint('p', { x: 1 }));
    expect(fingerprint('p', { x: 1, y: null })).not.toBe(fingerprint('p', { x: 1 }));
  });
});
