/**
 * Stateless 2026-07-28 requests over HTTP reuse server instances instead of building one per request,
 * and nothing of one request stays on an instance for the next: over real loopback HTTP, a client with
 * MCP Apps and one without take turns on the same instance and each sees its own surface.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { MAX_IDLE, reusing } from '../../src/transports/reuse.js';
import type { Harness } from '../helpers/harness.js';
import { tempJournal } from '../helpers/writes.js';

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

let http: HttpHandle;
/** The instances the factory built, by era. */
const built = { modern: 0, legacy: 0 };
it.beforeAll(async ({ h }) => {
  const config = loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal(), AVENIR_MCP_WRITE: '1' });
  const factory = serverFactory(createDeps(config, silentLog));
  http = await runHttp(
    (ctx) => {
      built[ctx.era] += 1;
      return factory(ctx);
    },
    { host: '127.0.0.1', port: 0, token: null, printNotice: () => {}, onerror: () => {} },
  );
});
it.afterAll(async () => {
  await http.close();
});

async function connect(capabilities: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client(
    { name: 't', version: '1' },
    { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { Authorization: `Bearer ${http.token.reveal()}` } },
    }),
  );
  return client;
}

const balanceOf = (result: { structuredContent?: unknown }): number | undefined =>
  (result.structuredContent as { result: { balance: number }[] }).result[0]?.balance;

describe('stateless requests', () => {
  it('are served by one instance, one request after another', async () => {
    const client = await connect();
    try {
      const before = built.modern;
      await client.listTools();
      for (let i = 0; i < 5; i++) {
        const accounts = await client.callTool({
          name: 'list_accounts',
          arguments: { plan_id: 'demo-budget' },
        });
        expect(balanceOf(accounts)).toBe(3328.5);
      }
      // the first request of the file may build it; none after that does
      expect(built.modern - before).toBeLessThanOrEqual(1);
      const again = built.modern;
      await client.callTool({ name: 'list_plans', arguments: {} });
      expect(built.modern).toBe(again);
    } finally {
      await client.close();
    }
  });

  it('in flight at once each get an instance, and no more are built than are in flight', async () => {
    const client = await connect();
    try {
      const before = built.modern;
      const call = () => client.callTool({ name: 'list_accounts', arguments: { plan_id: 'demo-budget' } });
      for (let batch = 0; batch < 5; batch++) {
        const answers = await Promise.all([call(), call(), call()]);
        expect(answers.map(balanceOf)).toEqual([3328.5, 3328.5, 3328.5]);
      }
      // fifteen calls, never more than three at once (one instance may be left from the test before)
      expect(built.modern - before).toBeLessThanOrEqual(3);
    } finally {
      await client.close();
    }
  });

  it("carry each client's capabilities, never the previous request's", async () => {
    const apps = await connect(APPS);
    const plain = await connect();
    try {
      const before = built.modern;
      for (let round = 0; round < 2; round++) {
        const withApps = (await apps.listTools()).tools;
        const without = (await plain.listTools()).tools;
        expect(withApps.map((t) => t.name)).toContain('open_approval');
        expect(without.map((t) => t.name)).not.toContain('open_approval');
        expect(withApps.some((t) => t._meta?.ui !== undefined)).toBe(true);
        expect(without.some((t) => t._meta?.ui !== undefined)).toBe(false);
        await expect(plain.callTool({ name: 'open_approval', arguments: { ticket: 'x' } })).rejects.toThrow(
          'Tool open_approval not found',
        );
      }
      expect(built.modern - before).toBeLessThanOrEqual(1);
    } finally {
      await apps.close();
      await plain.close();
    }
  });
});

describe('reusing()', () => {
  const ctx = (scopes?: string[]): McpRequestContext => ({
    era: 'modern',
    ...(scopes ? { authInfo: { token: 't', clientId: 'c', scopes } } : {}),
  });
  const counting = (h: Harness) => {
    const made: McpServer[] = [];
    const factory = serverFactory(createDeps(loadConfig({ ...h.env, AVENIR_MCP_WRITE: '1' }), silentLog));
    return {
      made,
      make: (c: McpRequestContext) => {
        const server = factory(c);
        made.push(server);
        return server;
      },
    };
  };

  it('lends an instance to one exchange at a time, and takes it back when it is closed unserved', async ({
    h,
  }) => {
    const { made, make } = counting(h);
    const take = reusing(make, (c) => (c.authInfo?.scopes.includes('ynab:write') === false ? 'read' : 'all'));
    const first = take(ctx());
    const second = take(ctx());
    expect(second).not.toBe(first);
    // a refused request: the handler closes the instance without connecting it
    await first.close();
    expect(take(ctx())).toBe(first);
    // a read-only grant never gets an instance built for writes
    const readOnly = take(ctx(['ynab:read']));
    expect(readOnly).not.toBe(first);
    expect(readOnly).not.toBe(second);
    expect(made).toHaveLength(3);
  });

  it(`keeps at most ${MAX_IDLE} idle instances per kind, and builds legacy ones every time`, async ({
    h,
  }) => {
    const { made, make } = counting(h);
    const take = reusing(make, () => 'all', 2);
    const lent = [take(ctx()), take(ctx()), take(ctx())];
    for (const server of lent) await server.close();
    const again = [take(ctx()), take(ctx()), take(ctx())];
    expect(made).toHaveLength(4);
    expect(again.filter((server) => lent.includes(server))).toHaveLength(2);
    take({ era: 'legacy' });
    take({ era: 'legacy' });
    expect(made).toHaveLength(6);
  });
});
