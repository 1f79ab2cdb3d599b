/**
 * Settling a lost answer, alone: when the reads happen, that a read showing the change stops them,
 * that a failed read stops them with its reason, that progress is told between reads, and that
 * outside a write there is one read and no wait.
 */
import { describe, expect, it } from 'vitest';
import { newRun, inWrite, currentRun, keepUntilShown, markRepeatSafe } from '../../src/safety/outcome/run.js';
import { readMoments, settleRead, settleSeconds, windowSeconds } from '../../src/safety/outcome/settle.js';
import type { Deps } from '../../src/deps.js';

/** A write's run with a window of `windowMs`, its waits recorded instead of slept. */
function runWith(windowMs: number, progress?: (m: string) => void) {
  const waits: number[] = [];
  const deps = {
    config: { settleMs: windowMs },
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  } as unknown as Deps;
  return { run: newRun(deps, progress), waits };
}

describe('readMoments', () => {
  it('reads at once, then at a quarter, a half and the whole window', () => {
    expect(readMoments(8_000)).toEqual([0, 2_000, 4_000, 8_000]);
    expect(readMoments(40)).toEqual([0, 10, 20, 40]);
  });
  it('reads once with no window', () => {
    expect(readMoments(0)).toEqual([0]);
    expect(readMoments(-5)).toEqual([0]);
  });
  it('says whole seconds, never 0', () => {
    expect(windowSeconds(8_000)).toBe(8);
    expect(windowSeconds(40)).toBe(1);
    expect(windowSeconds(2_600)).toBe(3);
  });
});

describe('settleRead', () => {
  it('stops at the first read that shows the change', async () => {
    const { run, waits } = runWith(8_000);
    let n = 0;
    const found = await inWrite(run, () =>
      settleRead(
        async () => ++n,
        (v) => v === 2,
      ),
    );
    expect(found).toEqual({ value: 2, shown: true });
    expect(waits).toEqual([2_000]);
  });

  it('reads over the whole window, then gives the last read as not shown', async () => {
    const messages: string[] = [];
    const { run, waits } = runWith(8_000, (m) => messages.push(m));
    let n = 0;
    const found = await inWrite(run, () =>
      settleRead(
        async () => ++n,
        () => false,
      ),
    );
    expect(found).toEqual({ value: 4, shown: false });
    expect(waits).toEqual([2_000, 2_000, 4_000]);
    expect(messages).toEqual([
      "YNAB's answer was lost: reading again to see whether the change landed (1/3).",
      "YNAB's answer was lost: reading again to see whether the change landed (2/3).",
      "YNAB's answer was lost: reading again to see whether the change landed (3/3).",
    ]);
    expect(await inWrite(run, async () => settleSeconds())).toBe(8);
  });

  it('stops with the reason when a read fails, reading nothing after it', async () => {
    const { run, waits } = runWith(8_000);
    let n = 0;
    const found = await inWrite(run, () =>
      settleRead(
        async () => {
          n += 1;
          if (n === 2) throw new Error('YNAB 500: internal error.');
          return n;
        },
        () => false,
      ),
    );
    expect(found).toEqual({ why: 'avenir-mcp could not check what YNAB holds: YNAB 500: internal error' });
    expect(n).toBe(2);
    expect(waits).toEqual([2_000]);
  });

  it('outside a write: one read, no wait', async () => {
    expect(currentRun()).toBeUndefined();
    let n = 0;
    expect(
      await settleRead(
        async () => ++n,
        () => false,
      ),
    ).toEqual({ value: 1, shown: false });
    expect(settleSeconds()).toBe(1);
  });

  it('a failure that is not an Error is said as it is', async () => {
    const found = await settleRead(
      // a library may reject with a bare string: the text still reaches the message
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      () => Promise.reject('socket hang up'),
      () => true,
    );
    expect(found).toEqual({ why: 'avenir-mcp could not check what YNAB holds: socket hang up' });
  });
});

describe('markRepeatSafe', () => {
  it('marks the running write, and does nothing outside one', async () => {
    markRepeatSafe();
    const { run } = runWith(0);
    await inWrite(run, async () => markRepeatSafe());
    expect(run.repeatSafe).toBe(true);
  });
});

describe('keepUntilShown', () => {
  it('keeps nothing outside a write; inside one, closes once the read shows it, or when time is over', async () => {
    keepUntilShown(
      async () => 1,
      async () => undefined,
    );
    const { run } = runWith(0);
    const landed: number[] = [];
    let shown: number | null = null;
    await inWrite(run, async () =>
      keepUntilShown(
        async () => shown,
        async (v) => landed.push(v),
      ),
    );
    const later = run.later!;
    expect(await later.settle(false)).toBe('waiting');
    expect(await later.settle(true)).toBe('closed');
    expect(landed).toEqual([]);
    shown = 7;
    expect(await later.settle(false)).toBe('closed');
    expect(landed).toEqual([7]);
  });
});
