/**
 * A long answer (the first full download of a large plan) over real loopback HTTP: the stand-in
 * trickles its body for longer than the (shortened) timeout, which then counts between bytes, not for
 * the whole body; a stall between bytes is a timeout, with no more tries than the retry rules allow;
 * a call that asked for progress is told each try's bytes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { ClientError } from '../../src/domain/errors.js';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
import { silentLog } from '../../src/log.js';
import { YnabHttp } from '../../src/ynab/client.js';
import { Pacer } from '../../src/ynab/pace.js';
import { PROGRESS_EVERY_MS, withProgress } from '../../src/ynab/progress.js';
import { idleWatch } from '../../src/ynab/read-body.js';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => standIn.close());
beforeEach(() => standIn.reset());

/**
 * The timeout of these reads. A second, not less: the test that trickles an answer in gaps of a fifth
 * of it failed on a loaded 2-core machine, where a gap of 80 ms stretched past a 400 ms timeout.
 */
const TIMEOUT_MS = 1_000;
const make = (): YnabHttp => {
  const config = loadConfig({ AVENIR_MCP_YNAB_URL: standIn.url, YNAB_API_KEY: 'test' });
  return new YnabHttp({
    baseUrl: () => config.ynabUrl(),
    token: () => config.token(),
    pacer: new Pacer(() => 0),
    log: silentLog,
    random: () => 0.5,
    sleep: async () => undefined,
    timeoutMs: TIMEOUT_MS,
  });
};
const TRANSACTIONS = ['plans', 'demo-budget', 'transactions'];
const PATH = '/plans/demo-budget/transactions';

describe('a long answer', () => {
  it('is read whole when bytes keep coming, though it takes longer than the timeout', async () => {
    // ten parts 200 ms apart: the body takes twice the timeout, each gap a fifth of it
    standIn.fault({ path: PATH, trickleMs: TIMEOUT_MS / 5 });
    const data = await make().request<{ transactions: unknown[] }>('GET', TRANSACTIONS);
    expect(data.transactions).toHaveLength(standIn.state.transactions.length);
    expect(standIn.requests).toHaveLength(1);
  });

  it('times out when the bytes stop, and a read is tried no more than 3 times', async () => {
    standIn.fault({ path: PATH, trickleMs: 2 * TIMEOUT_MS, times: 3 });
    const error = await make()
      .request('GET', TRANSACTIONS)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe(
      `YNAB could not be reached after 3 attempts (TimeoutError: no byte of the answer for ${TIMEOUT_MS} ms). Nothing was changed. Try again in a few minutes.`,
    );
    expect(standIn.requests).toHaveLength(3);
  });

  it('a write whose answer stalls is never sent again: it may have landed', async () => {
    standIn.fault({ method: 'PATCH', path: PATH, trickleMs: 2 * TIMEOUT_MS });
    const body = { transactions: [{ id: 'tx-046', memo: 'checked' }] };
    const error = await make()
      .request('PATCH', TRANSACTIONS, { body })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcome);
    expect((error as Error).message).toContain(`no byte of the answer for ${TIMEOUT_MS} ms`);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.writes).toHaveLength(1);
  });

  it('an answer that does not begin in time still times out as a whole', async () => {
    standIn.fault({ path: PATH, delayMs: 3 * TIMEOUT_MS, times: 3 });
    const error = await make()
      .request('GET', TRANSACTIONS)
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain(`TimeoutError: no answer within ${TIMEOUT_MS} ms`);
    expect(standIn.requests).toHaveLength(3);
  });
});

describe('the idle watch', () => {
  it('aborts at its ceiling even while bytes keep coming', async () => {
    const controller = new AbortController();
    const watch = idleWatch(controller, 60, 150);
    const ticks = setInterval(() => watch.touch(), 20);
    await new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
    clearInterval(ticks);
    watch.stop();
    expect((controller.signal.reason as Error).message).toBe('the answer took longer than 150 ms in all');
  });
});

describe('the progress of an answer', () => {
  /** A clock a quarter of a second further on at each reading: every chunk is told. */
  const ticking = (): (() => number) => {
    let at = 0;
    return () => (at += PROGRESS_EVERY_MS);
  };

  it('counts a try cut part way, then the whole answer of the next, under one rising total', async () => {
    standIn.fault({ path: '/plans', truncate: true });
    const told: { message: string; progress?: number; total?: number }[] = [];
    await withProgress(
      (message, amount) => told.push({ message, ...amount }),
      () => make().request('GET', ['plans']),
      ticking(),
    );
    expect(standIn.requests).toHaveLength(2);
    const whole = told.at(-1)!;
    for (const t of told) expect(t.message).toMatch(/^Downloading the answer from YNAB: \d+ of \d+ kB\.$/);
    // what the cut try brought, then the whole answer: the total is both, once the second is read
    expect(told.map((t) => t.progress)).toEqual(told.map((t) => t.progress).sort((a, b) => a! - b!));
    expect(whole.progress).toBe(whole.total);
    // the stand-in counts the whole answer alone: the cut try's half comes on top of it
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(whole.total).toBeGreaterThan(standIn.bytesSent());
    expect(whole.total).toBeLessThan(2 * standIn.bytesSent());
  });
});
