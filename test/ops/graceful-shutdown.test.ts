/**
 * The built server over HTTP, ended as an orchestrator ends it: SIGTERM while a slow call is in flight.
 * The call still completes, readiness turns 503 at once, a new request is refused, and the process
 * exits 0 by itself once the call is answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect } from 'vitest';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { it } from '../helpers/fixture.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';
import { hostEnv, listening } from '../helpers/cli.js';
import { freePort, raw } from './raw-http.js';

const TOKEN = 'ops-test-token-0123456789abcdef0123456789';

let standIn: StandIn;
let state: string;
beforeAll(async () => {
  standIn = await startStandIn({ today: '2026-09-25' });
  state = mkdtempSync(join(tmpdir(), 'avenir-ops-'));
});
afterAll(async () => {
  await standIn.close();
  rmSync(state, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  stderr(): string;
  exited: Promise<number | null>;
}

async function startServer(extra: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: hostEnv({
      AVENIR_MCP_TRANSPORT: 'http',
      AVENIR_MCP_PORT: String(port),
      AVENIR_MCP_HTTP_TOKEN: TOKEN,
      AVENIR_MCP_YNAB_URL: standIn.url,
      YNAB_API_KEY: 'test-token',
      AVENIR_MCP_TODAY: '2026-09-25',
      AVENIR_MCP_LOG_LEVEL: 'INFO',
      XDG_STATE_HOME: state,
      ...extra,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await raw(url, { path: '/healthz' }).catch(() => null))?.status, { timeout: 15_000 })
    .toBe(200);
  return { child, url, port, stderr: () => stderr, exited };
}

describeBuilt('SIGTERM on the built HTTP server', () => {
  it('lets the call in flight complete, refuses new requests, and exits 0', async () => {
    const server = await startServer();
    const client = new Client({ name: 'ops', version: '1' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
        }),
      );
      standIn.clearRequests();
      // long enough to stay in flight while the signal and the refusals below happen
      standIn.fault({ path: '/plans', delayMs: 5_000 });
      const slow = client.callTool({ name: 'list_plans', arguments: {} });
      await expect.poll(() => standIn.requests.length).toBe(1);

      server.child.kill('SIGTERM');
      await expect.poll(() => server.stderr()).toContain('SIGTERM: draining, then stopping');
      const readyz = await raw(server.url, { path: '/readyz' });
      expect([readyz.status, JSON.parse(readyz.body).reason]).toEqual([503, 'shutting down']);
      const fresh = await raw(server.url, {
        method: 'POST',
        path: '/mcp',
        headers: {
          host: '127.0.0.1',
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
      });
      expect(fresh.status).toBe(503);

      const result = await slow;
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { result: { id: string }[] }).result[0]?.id).toBe('demo-budget');
      expect(await server.exited).toBe(0);
      expect(await listening(server.port)).toBe(false);
      // nothing but the slow call reached YNAB
      expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /plans']);
      expect(server.stderr()).not.toMatch(/ERROR|WARNING/);
    } finally {
      await client.close().catch(() => undefined);
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });

  it('serves metrics on their own port, and closes it too when SIGTERM ends an idle server', async () => {
    const metricsPort = await freePort();
    const server = await startServer({ AVENIR_MCP_METRICS_PORT: String(metricsPort) });
    const scrape = await raw(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.body).toContain('process_resident_memory_bytes');
    expect(scrape.body).toContain('avenir_pacer_budget_left{left="120-180"} 1');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await listening(server.port)).toBe(false);
    expect(await listening(metricsPort)).toBe(false);
  });
});
