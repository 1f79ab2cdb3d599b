/**
 * `/healthz` and `/readyz` over real loopback sockets: answered before the guards (a balancer's probe
 * carries its own Host and no token) and nothing else is; readiness follows the check the mode gives;
 * a drain turns readiness off at once, refuses new requests with 503 and lets a call in flight finish.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import type { ReadinessCheck } from '../../src/transports/health.js';
import type { Harness } from '../helpers/harness.js';
import { tempJournal } from '../helpers/writes.js';
import { raw } from './raw-http.js';

async function start(
  h: Harness,
  ready: ReadinessCheck | null = null,
  errors: Error[] = [],
): Promise<HttpHandle> {
  const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal() }), silentLog);
  return runHttp(serverFactory(deps), {
    host: '127.0.0.1',
    port: 0,
    token: null,
    printNotice: () => {},
    onerror: (e) => errors.push(e),
    ready,
  });
}

/** A balancer's probe: the upstream's own address as Host, no token, no Origin. */
const PROBE = { host: 'avenir-1:8103' };

describe('health and readiness', () => {
  it('answers /healthz and /readyz to a probe that passes no guard, and keeps every guard on /mcp', async ({
    h,
  }) => {
    const http = await start(h);
    try {
      const healthz = await raw(http.url, { path: '/healthz', headers: PROBE });
      expect([healthz.status, healthz.body]).toEqual([200, '{"status":"ok"}']);
      expect(healthz.headers['content-type']).toBe('application/json');
      expect(healthz.headers['cache-control']).toBe('no-store');
      const readyz = await raw(http.url, { path: '/readyz', headers: PROBE });
      expect([readyz.status, readyz.body]).toEqual([200, '{"status":"ready"}']);
      const head = await raw(http.url, { method: 'HEAD', path: '/readyz', headers: PROBE });
      expect([head.status, head.body]).toEqual([200, '']);
      const post = await raw(http.url, { method: 'POST', path: '/healthz', headers: PROBE, body: '{}' });
      expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
      // every other path keeps the guards, in their order
      expect((await raw(http.url, { path: '/mcp', headers: PROBE })).status).toBe(421);
      expect((await raw(http.url, { path: '/healthz/x', headers: PROBE })).status).toBe(421);
      expect((await raw(http.url, { path: '/mcp', headers: { host: '127.0.0.1' } })).status).toBe(401);
    } finally {
      await http.close();
    }
  });

  it('is not ready while the check gives a reason, and says only a short reason when it throws', async ({
    h,
  }) => {
    let verdict: string | null = 'the store is not reachable';
    let fail = false;
    const errors: Error[] = [];
    const http = await start(
      h,
      async () => {
        if (fail) throw new Error('connect ECONNREFUSED postgres://canary-secret@db:5432');
        return verdict;
      },
      errors,
    );
    try {
      const down = await raw(http.url, { path: '/readyz', headers: PROBE });
      expect([down.status, JSON.parse(down.body)]).toEqual([
        503,
        { status: 'not ready', reason: 'the store is not reachable' },
      ]);
      // alive all the same: a store that is down must not get the process restarted
      expect((await raw(http.url, { path: '/healthz', headers: PROBE })).status).toBe(200);
      verdict = null;
      expect((await raw(http.url, { path: '/readyz', headers: PROBE })).status).toBe(200);
      fail = true;
      const thrown = await raw(http.url, { path: '/readyz', headers: PROBE });
      expect([thrown.status, JSON.parse(thrown.body)]).toEqual([
        503,
        { status: 'not ready', reason: 'the readiness check failed' },
      ]);
      expect(thrown.body).not.toContain('canary');
      expect(errors.map((e) => e.message)).toEqual(['connect ECONNREFUSED postgres://canary-secret@db:5432']);
    } finally {
      await http.close();
    }
  });
});

describe('drain', () => {
  it('turns readiness off at once, refuses new requests with 503, and lets the call in flight finish', async ({
    h,
  }) => {
    const http = await start(h);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { Authorization: `Bearer ${http.token.reveal()}` } },
      }),
    );
    const events: string[] = [];
    try {
      h.standIn.clearRequests();
      h.standIn.fault({ path: '/plans', delayMs: 600 });
      const slow = client.callTool({ name: 'list_plans', arguments: {} }).then((r) => {
        events.push('call answered');
        return r;
      });
      // the call is in flight once its YNAB request has reached the stand-in
      await expect.poll(() => h.standIn.requests.length).toBe(1);
      // what YNAB had answered when the drain ended: the slow request, answered (its status recorded)
      const drained = http
        .drain()
        .then(() => events.push(`drained, YNAB answered ${h.standIn.requests[0]?.status}`));

      const readyz = await raw(http.url, { path: '/readyz', headers: PROBE });
      expect([readyz.status, JSON.parse(readyz.body)]).toEqual([
        503,
        { status: 'not ready', reason: 'shutting down' },
      ]);
      expect((await raw(http.url, { path: '/healthz', headers: PROBE })).status).toBe(200);
      const fresh = await raw(http.url, {
        method: 'POST',
        headers: {
          host: '127.0.0.1',
          authorization: `Bearer ${http.token.reveal()}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'x', version: '1' },
          },
        }),
      });
      expect(fresh.status).toBe(503);
      expect(fresh.headers['retry-after']).toBe('1');
      expect(fresh.headers.connection).toBe('close');
      expect(fresh.body).toContain('shutting down');

      const result = await slow;
      await drained;
      expect(events.sort()).toEqual(['call answered', 'drained, YNAB answered 200']);
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { result: { id: string }[] }).result[0]?.id).toBe('demo-budget');
      // the refused initialize never reached YNAB: one request, the slow call's own
      expect(h.standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /plans']);
    } finally {
      await client.close().catch(() => undefined);
      await http.close();
    }
  });
});
