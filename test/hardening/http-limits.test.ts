/**
 * HTTP limits over real loopback sockets: a body past the limit is answered 413 while it is still being
 * sent (never buffered whole), and 2025-era sessions are closed after an idle time and capped in number,
 * the least recently used first.
 */
import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';

let http: HttpHandle;
const IDLE_MS = 1500;
it.beforeAll(async ({ h }) => {
  const deps = createDeps(loadConfig(h.env), silentLog);
  http = await runHttp(serverFactory(deps), {
    host: '127.0.0.1',
    port: 0,
    token: null,
    printNotice: () => {},
    onerror: () => {},
    sessions: { idleMs: IDLE_MS, max: 3 },
  });
});
it.afterAll(async () => {
  await http.close();
});

/** Streams `megabytes` of body in 1 MB chunks; resolves with the status and how many MB were sent. */
function postLarge(
  megabytes: number,
  chunked: boolean,
): Promise<{ status: number; sentMb: number; body: string }> {
  const url = new URL(http.url);
  return new Promise((resolve, reject) => {
    let sentMb = 0;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/mcp',
        method: 'POST',
        headers: {
          authorization: `Bearer ${http.token.reveal()}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(chunked ? {} : { 'content-length': String(megabytes * 1024 * 1024) }),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sentMb, body }));
      },
    );
    // the server closes the connection after its 413 while the body is still being written: the write
    // side may fail (EPIPE, ECONNRESET) before or after the answer is read; only no answer is a failure
    req.on('error', () =>
      setTimeout(() => reject(new Error('no answer before the connection closed')), 5000),
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const pump = (): void => {
      while (sentMb < megabytes && !req.destroyed) {
        sentMb++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

describe('the body limit', () => {
  it.for([true, false])('answers 413 before a 100 MB body is read (chunked: %s)', async (chunked) => {
    const { status, sentMb, body } = await postLarge(100, chunked);
    expect(status).toBe(413);
    expect(body).toBe('Payload too large: a request body may hold at most 4 MB. Send fewer items per call.');
    expect(sentMb).toBeLessThan(100);
  });

  it('survives a client that goes away in the middle of its body, and answers the next one', async () => {
    const url = new URL(http.url);
    await new Promise<void>((resolve) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        path: '/mcp',
        method: 'POST',
        headers: { authorization: `Bearer ${http.token.reveal()}`, 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"jsonrpc":', () => setTimeout(() => req.destroy(), 50));
    });
    const { client } = await open();
    expect(await answers(client)).toBe(true);
    await client.close();
  });
});

const open = async (): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
  const transport = new StreamableHTTPClientTransport(new URL(http.url), {
    requestInit: { headers: { authorization: `Bearer ${http.token.reveal()}` } },
  });
  const client = new Client({ name: 'legacy', version: '1' });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe('legacy');
  return { client, transport };
};

const answers = async (client: Client): Promise<boolean> =>
  client.callTool({ name: 'list_plans', arguments: {} }).then(
    (r) => r.isError !== true,
    () => false,
  );

describe('2025-era sessions', () => {
  it('are capped: the least recently used one is closed when a new one opens', async () => {
    const a = await open();
    const b = await open();
    const c = await open();
    expect(await answers(a.client)).toBe(true); // a is now the most recently used
    const d = await open();
    expect(await answers(b.client)).toBe(false);
    for (const s of [a, c, d]) expect(await answers(s.client)).toBe(true);
    for (const s of [a, b, c, d]) await s.client.close().catch(() => {});
  });

  it('are closed after the idle time', async () => {
    const a = await open();
    expect(await answers(a.client)).toBe(true);
    await new Promise((r) => setTimeout(r, IDLE_MS * 2.5));
    expect(await answers(a.client)).toBe(false);
    const b = await open();
    expect(await answers(b.client)).toBe(true);
    for (const s of [a, b]) await s.client.close().catch(() => {});
  });
});
