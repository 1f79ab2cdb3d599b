/**
 * The edges of confirmation codes and answer nonces: several codes alive at once, a code issued late
 * in a long-running process, the exact end of a nonce's memory, and the wall clock by default; and
 * the canonical form behind fingerprints, which leaves absent fields out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeStore, LIFETIME_MS } from '../../src/safety/codes.js';
import { canonical, fingerprint } from '../../src/safety/fingerprint.js';

describe('confirmation codes', () => {
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

describe('answer nonces', () => {
  afterEach(() => void vi.useRealTimers());

  it('are remembered up to and including the second after their state expires', () => {
    let wall = 1_000;
    const store = new CodeStore(
      () => 0,
      () => wall,
    );
    expect(store.spendNonce('n')).toBe(true);
    wall += LIFETIME_MS + 1_000; // the last instant its sealed state could still be presented
    expect(store.spendNonce('n')).toBe(false);
    wall += 1;
    expect(store.spendNonce('n')).toBe(true);
  });

  it('are remembered on the wall clock by default', () => {
    vi.useFakeTimers({ now: new Date('2026-09-25T09:00:00Z') });
    const store = new CodeStore(() => 0);
    expect(store.spendNonce('n')).toBe(true);
    expect(store.spendNonce('n')).toBe(false);
    vi.setSystemTime(new Date('2026-09-25T09:20:00Z'));
    expect(store.spendNonce('n')).toBe(true);
  });
});

describe('the canonical form', () => {
  it('leaves absent fields out, keeps null, and sorts keys', () => {
    expect(canonical({ b: 1, a: undefined, c: null })).toBe('{"b":1,"c":null}');
    expect(fingerprint('p', { x: 1, y: undefined })).toBe(fingerprint('p', { x: 1 }));
    expect(fingerprint('p', { x: 1, y: null })).not.toBe(fingerprint('p', { x: 1 }));
  });
});
