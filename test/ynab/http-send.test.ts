/**
 * The HTTP exchange under the YNAB client, over real loopback sockets: the connect timeout (TLS
 * handshake included), cancellation with the signal's reason, and closing the pool only once the
 * exchanges under way are over.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { CONNECT_TIMEOUT, closeAll, send } from '../../src/ynab/http-send.js';
import { readBody } from '../../src/ynab/read-body.js';
import { describeFailure } from '../../src/ynab/retry.js';

let standIn: StandIn;
/** Accepts connections and never says a word: a TLS handshake with it never ends. */
let silent: Server;
const held: Socket[] = [];
beforeAll(async () => {
  standIn = await startStandIn();
  silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await closeAll();
  await standIn.close();
});

const plans = () => new URL(`${standIn.url}/plans`);
const get = (signal = new AbortController().signal, connectTimeoutMs = 10_000) => ({
  method: 'GET',
  headers: { authorization: 'Bearer test', accept: 'application/json' },
  signal,
  connectTimeoutMs,
});

describe('send', () => {
  it('gives up on a connection not made in time, as a request that never left', async () => {
    const port = (silent.address() as AddressInfo).port;
    const started = performance.now();
    const error = await send(new URL(`https://127.0.0.1:${port}/v1/plans`), get(undefined, 150)).catch(
      (e: unknown) => e,
    );
    expect((error as { code?: unknown }).code).toBe(CONNECT_TIMEOUT);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(describeFailure(error)).toEqual({
      cause: `${CONNECT_TIMEOUT}: no connection within 150 ms`,
      neverLeft: true,
    });
  });

  it('reuses a kept-alive connection, without a connect timeout to run out', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await send(plans(), get());
      expect(answer.statusCode).toBe(200);
      const text = await readBody(answer.body, new AbortController(), 5_000);
      expect(JSON.parse(text).data.plans).toHaveLength(1);
    }
    expect(standIn.requests.length).toBeGreaterThanOrEqual(3);
  });

  it("ends with the signal's reason when aborted, before or during the exchange", async () => {
    const early = new AbortController();
    early.abort(new DOMException('stopped before', 'TimeoutError'));
    await expect(send(plans(), get(early.signal))).rejects.toThrow('stopped before');
    standIn.fault({ path: '/plans', delayMs: 2_000 });
    const late = new AbortController();
    const pending = send(plans(), get(late.signal));
    setTimeout(() => late.abort(new DOMException('no answer in time', 'TimeoutError')), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(describeFailure(error).cause).toBe('TimeoutError: no answer in time');
    standIn.reset();
  });

  it('closes the pool only once the exchanges under way are over', async () => {
    standIn.fault({ path: '/plans', delayMs: 200 });
    const pending = send(plans(), get()).then((answer) =>
      readBody(answer.body, new AbortController(), 5_000),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    let closed = false;
    const closing = closeAll().then(() => {
      closed = true;
    });
    const text = await pending;
    expect(JSON.parse(text).data.plans).toHaveLength(1);
    await closing;
    expect(closed).toBe(true);
    standIn.reset();
    // the next request opens a new pool
    const next = await send(plans(), get());
    expect(next.statusCode).toBe(200);
    await readBody(next.body, new AbortController(), 5_000);
  });
});
