/**
 * The HTTP transport on an IPv6 loopback address, over real sockets: the address it gives (and the
 * CLI prints) must be one a client can connect to as it is, brackets included.
 */
import { createServer } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { Secret } from '../../src/domain/secret.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { it } from '../helpers/fixture.js';
import type { Harness } from '../helpers/harness.js';
import { tempJournal } from '../helpers/writes.js';

const TOKEN = 'address-token-0123456789abcdef012345';
const auth = { authorization: `Bearer ${TOKEN}` };

/** Whether this machine has an IPv6 loopback (some containers have none). */
const hasIpv6 = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});

async function serve(h: Harness, host: string): Promise<HttpHandle> {
  const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal() }), silentLog);
  return runHttp(serverFactory(deps), {
    host,
    port: 0,
    token: new Secret(TOKEN),
    printNotice: () => {},
    onerror: () => {},
  });
}

describe.skipIf(!hasIpv6)('the HTTP transport on IPv6', () => {
  it('on ::1 gives a bracketed address that a client connects to as it is', async ({ h }) => {
    const http = await serve(h, '::1');
    try {
      expect(http.url).toMatch(/^http:\/\/\[::1\]:\d+\/mcp$/);
      const client = new Client(
        { name: 'v6', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: auth } }),
      );
      const plans = await client.callTool({ name: 'list_plans', arguments: {} });
      expect(plans.isError).toBeFalsy();
      expect(JSON.stringify(plans.structuredContent)).toContain('demo-budget');
      await client.close();
    } finally {
      await http.close();
    }
  });
});
