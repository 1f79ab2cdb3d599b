/**
 * Download progress without HTTP: answers' sinks fed chunk by chunk under `withProgress` on a clock the
 * test moves. What a call is told (bytes of every answer so far, the total while each declared one,
 * the texts), how often (at most once per PROGRESS_EVERY_MS, nothing once the call has ended), that a
 * call asking nothing has its sinks untouched, that two calls count apart, and that a call waiting
 * behind another's read of the same list (DeltaCache) follows that read's download.
 */
import { describe, expect, it, vi } from 'vitest';
import { DeltaCache } from '../../src/ynab/cache.js';
import { JsonRows } from '../../src/ynab/json-rows.js';
import {
  PROGRESS_EVERY_MS,
  currentScope,
  downloadText,
  followAll,
  withProgress,
  watched,
  type ProgressSink,
  type Scope,
} from '../../src/ynab/progress.js';
import { readBody, textSink, type BodySink } from '../../src/ynab/read-body.js';

interface Told {
  message: string;
  progress: number | undefined;
  total: number | undefined;
}

/** A sink recording what it is told, and a clock the test moves. */
function recorder(): { sink: ProgressSink; told: Told[]; clock: { now: () => number; at: number } } {
  const told: Told[] = [];
  const clock = { at: 0, now: () => clock.at };
  return {
    told,
    clock,
    sink: (message, amount) => told.push({ message, progress: amount?.progress, total: amount?.total }),
  };
}

const bytes = (n: number): Uint8Array => new Uint8Array(n).fill(0x20);

/** A row of a cached list. */
interface Listed {
  id: string;
  deleted?: boolean;
}

interface Gate {
  shut: Promise<void>;
  open(): void;
}
/** A promise the test resolves when it chooses. */
function gate(): Gate {
  let open!: () => void;
  const shut = new Promise<void>((resolve) => (open = resolve));
  return { shut, open };
}

describe('downloadText', () => {
  it.each<[string, number, number | undefined, number, string]>([
    ['megabytes of a declared length', 4_200_000, 22_000_000, 0, '4.2 of 22.0 MB'],
    ['kilobytes below a megabyte', 300_000, 650_000, 0, '300 of 650 kB'],
    ['megabytes once either passes one', 500_000, 1_500_000, 0, '0.5 of 1.5 MB'],
    ['bytes so far without a length', 2_345_678, undefined, 0, '2.3 MB so far'],
    ['kilobytes so far', 65_536, undefined, 0, '66 kB so far'],
  ])('%s', (_name, received, length, rows, amount) => {
    expect(downloadText("the plan's transactions", received, length, rows)).toBe(
      `Downloading the plan's transactions from YNAB: ${amount}.`,
    );
  });

  it('says how many rows are read, in groups of three digits', () => {
    expect(downloadText("the plan's payees", 3_000_000, 9_000_000, 12_345)).toBe(
      "Downloading the plan's payees from YNAB: 3.0 of 9.0 MB, 12,345 rows read.",
    );
  });
});

describe('a call that asked for progress', () => {
  it('is told the bytes so far of the declared total, at most once per interval', async () => {
    const { sink, told, clock } = recorder();
    await withProgress(
      sink,
      async () => {
        const body = watched(textSink(), () => ["the plan's transactions", 1000]);
        for (let i = 0; i < 10; i++) {
          clock.at += 100;
          body.add(bytes(100));
        }
        body.end();
      },
      clock.now,
    );
    // ten chunks 100 ms apart: told at 300, 600 and 900 ms (never before the first interval)
    expect(told.map((t) => [t.progress, t.total])).toEqual([
      [300, 1000],
      [600, 1000],
      [900, 1000],
    ]);
    expect(told[0]?.message).toBe("Downloading the plan's transactions from YNAB: 0 of 1 kB.");
    expect(told.length).toBeLessThanOrEqual(Math.floor(clock.at / PROGRESS_EVERY_MS));
  });

  it('adds up its answers: a second one continues the count and grows the total', async () => {
    const { sink, told, clock } = recorder();
    await withProgress(
      sink,
      async () => {
        const first = watched(textSink(), () => ["the plan's accounts", 400]);
        clock.at += 300;
        first.add(bytes(400));
        first.end();
        const second = watched(textSink(), () => ["the plan's transactions", 2000]);
        clock.at += 300;
        second.add(bytes(1000));
        clock.at += 300;
        second.add(bytes(1000));
        second.end();
      },
      clock.now,
    );
    expect(told.map((t) => [t.progress, t.total])).toEqual([
      [400, 400],
      [1400, 2400],
      [2400, 2400],
    ]);
  });

  it('is told no total while an answer declared no length, and a cut answer counts what came', async () => {
    const { sink, told, clock } = recorder();
    await withProgress(
      sink,
      async () => {
        const sized = watched(textSink(), () => ["the plan's payees", 1000]);
        const unsized = watched(textSink(), () => ["the plan's transactions", undefined]);
        clock.at += 300;
        sized.add(bytes(200));
        sized.abort?.();
        clock.at += 300;
        unsized.add(bytes(500));
        unsized.end();
        const next = watched(textSink(), () => ["the plan's months", 100]);
        clock.at += 300;
        next.add(bytes(100));
      },
      clock.now,
    );
    expect(told.map((t) => [t.progress, t.total])).toEqual([
      [200, undefined],
      [700, undefined],
      // the cut answer counts its 200 bytes, the unsized one its 500
      [800, 800],
    ]);
    expect(told[1]?.message).toBe("Downloading the plan's transactions from YNAB: 1 kB so far.");
  });

  it('is told the rows parsed so far, and nothing once the call has ended', async () => {
    const { sink, told, clock } = recorder();
    let late: BodySink<string> | undefined;
    const rows = Array.from({ length: 3000 }, (_, i) => `{"id":"t-${i}","memo":"${'x'.repeat(400)}"}`);
    const text = Buffer.from(`{"data":{"transactions":[${rows.join(',')}],"server_knowledge":9}}`);
    await withProgress(
      sink,
      async () => {
        const body = watched(new JsonRows(), () => ["the plan's transactions", text.length]);
        for (let at = 0; at < text.length; at += 100_000) {
          clock.at += PROGRESS_EVERY_MS;
          body.add(text.subarray(at, at + 100_000));
        }
        expect((body.end() as { data: { transactions: unknown[] } }).data.transactions).toHaveLength(3000);
        late = watched(textSink(), () => ["the plan's payees", 10]);
      },
      clock.now,
    );
    const last = told.at(-1)?.message;
    expect(last).toMatch(
      /^Downloading the plan's transactions from YNAB: 1\.\d of 1\.\d MB, [\d,]+ rows read\.$/,
    );
    const count = told.length;
    clock.at += 1000;
    late?.add(bytes(10));
    expect(told).toHaveLength(count);
  });

  it('two calls count apart, each told only of its own answers', async () => {
    const clock = { at: 0, now: () => clock.at };
    const gates = Array.from({ length: 4 }, gate);
    const call = (r: ReturnType<typeof recorder>, size: number, first: Gate, second: Gate) =>
      withProgress(
        r.sink,
        async () => {
          const body = watched(textSink(), () => ["the plan's transactions", size * 2]);
          for (const g of [first, second]) {
            await g.shut;
            body.add(bytes(size));
          }
          body.end();
        },
        clock.now,
      );
    const a = recorder();
    const b = recorder();
    const [g0, g1, g2, g3] = gates as [Gate, Gate, Gate, Gate];
    const both = Promise.all([call(a, 100, g0, g2), call(b, 7000, g1, g3)]);
    for (const g of gates) {
      clock.at += PROGRESS_EVERY_MS / 2;
      g.open();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await both;
    expect(a.told.map((t) => [t.progress, t.total])).toEqual([[200, 200]]);
    expect(b.told.map((t) => [t.progress, t.total])).toEqual([
      [7000, 14_000],
      [14_000, 14_000],
    ]);
  });

  it('counts a body cut part way as what came of it', async () => {
    const { sink, told, clock } = recorder();
    async function* cut() {
      yield bytes(300);
      throw new Error('the connection was cut');
    }
    await withProgress(
      sink,
      async () => {
        const read = readBody(
          cut(),
          new AbortController(),
          1000,
          watched(textSink(), () => ['x', 1000]),
        );
        await expect(read).rejects.toThrow('cut');
        const next = watched(textSink(), () => ["the plan's payees", 100]);
        clock.at += PROGRESS_EVERY_MS;
        next.add(bytes(100));
      },
      clock.now,
    );
    expect(told.map((t) => [t.progress, t.total])).toEqual([[400, 400]]);
  });
});

describe('a call that asked for no progress', () => {
  it('reads through the very sink it gave: nothing is wrapped, nothing counted', async () => {
    const sink = textSink();
    const about = vi.fn((): [string, number] => ["the plan's transactions", 10]);
    expect(watched(sink, about)).toBe(sink);
    expect(await withProgress(undefined, async () => watched(sink, about) === sink)).toBe(true);
    // what the answer is and how long is not even asked
    expect(about).not.toHaveBeenCalled();
  });
});

describe('a call waiting behind another read of the same list', () => {
  it('follows the download it waits for, then its own read', async () => {
    const cache = new DeltaCache();
    const first = recorder();
    const second = recorder();
    const clock = { at: 0, now: () => clock.at };
    let release!: () => void;
    const halfway = new Promise<void>((resolve) => (release = resolve));
    let joined!: () => void;
    const waiting = new Promise<void>((resolve) => (joined = resolve));
    const fetchFull = async () => {
      const body = watched(textSink(), () => ["the plan's transactions", 3000]);
      clock.at += PROGRESS_EVERY_MS;
      body.add(bytes(1000));
      release();
      await waiting;
      for (let i = 0; i < 2; i++) {
        clock.at += PROGRESS_EVERY_MS;
        body.add(bytes(1000));
      }
      body.end();
      return { rows: [{ id: 'a' }] as Listed[], knowledge: 5 };
    };
    const fetchDelta = async () => ({ rows: [] as Listed[], knowledge: 5 });
    const a = withProgress(
      first.sink,
      () => cache.list('p', 'transactions', (r: Listed) => r.id, fetchFull),
      clock.now,
    );
    await halfway;
    const b = withProgress(
      second.sink,
      () => cache.list('p', 'transactions', (r: Listed) => r.id, fetchDelta),
      clock.now,
    );
    joined();
    await Promise.all([a, b]);
    expect(first.told.map((t) => t.progress)).toEqual([1000, 2000, 3000]);
    // the second call joined after the first 1000 bytes: it counts them at once, then each chunk
    expect(second.told.map((t) => [t.progress, t.total])).toEqual([
      [2000, 3000],
      [3000, 3000],
    ]);
  });

  it('stops following when its own read begins: what it saw counts as far as it came', async () => {
    const clock = { at: 0, now: () => clock.at };
    const first = recorder();
    const second = recorder();
    let ahead: Scope | undefined;
    let body: BodySink<string> | undefined;
    await withProgress(
      first.sink,
      async () => {
        ahead = currentScope();
        body = watched(textSink(), () => ["the plan's transactions", undefined]);
      },
      clock.now,
    );
    await withProgress(
      second.sink,
      async () => {
        const stop = followAll([ahead!]);
        const own = watched(textSink(), () => ["the plan's payees", 100]);
        clock.at += PROGRESS_EVERY_MS;
        body?.add(bytes(500));
        stop();
        body?.add(bytes(500));
        clock.at += PROGRESS_EVERY_MS;
        own.add(bytes(100));
        own.end();
      },
      clock.now,
    );
    // no total while the unsized answer was followed; once left, its 500 bytes count as its length
    expect(second.told.map((t) => [t.progress, t.total])).toEqual([
      [500, undefined],
      [600, 600],
    ]);
  });

  it('a call waiting behind its own read counts each byte once', async () => {
    const { sink, told, clock } = recorder();
    await withProgress(
      sink,
      async () => {
        const stop = followAll([currentScope()!]);
        const body = watched(textSink(), () => ["the plan's transactions", 100]);
        clock.at += PROGRESS_EVERY_MS;
        body.add(bytes(100));
        stop();
      },
      clock.now,
    );
    expect(told.map((t) => [t.progress, t.total])).toEqual([[100, 100]]);
  });
});

describe('a call that has ended', () => {
  it('is told nothing more of the downloads it was following', async () => {
    const clock = { at: 0, now: () => clock.at };
    const first = recorder();
    const second = recorder();
    let ahead: Scope | undefined;
    let go!: () => void;
    const later = new Promise<void>((resolve) => (go = resolve));
    const reading = withProgress(
      first.sink,
      async () => {
        ahead = currentScope();
        await later;
        const body = watched(textSink(), () => ["the plan's transactions", 100]);
        clock.at += PROGRESS_EVERY_MS;
        body.add(bytes(100));
        body.end();
      },
      clock.now,
    );
    // the second call follows the first and ends (by failing, say) before the download begins
    await withProgress(second.sink, async () => void followAll([ahead!]), clock.now);
    go();
    await reading;
    expect(first.told).toHaveLength(1);
    expect(second.told).toEqual([]);
  });
});

describe('the clock of a call', () => {
  it('is the monotonic one unless told otherwise', async () => {
    const { sink, told } = recorder();
    const started = performance.now();
    await withProgress(sink, async () => {
      const body = watched(textSink(), () => ["the plan's transactions", 1000]);
      while (performance.now() - started <= PROGRESS_EVERY_MS) await new Promise((r) => setTimeout(r, 20));
      body.add(bytes(10));
    });
    expect(told.map((t) => t.progress)).toEqual([10]);
  });
});
