/**
 * AVENIR_MCP_INSTANCE: a 2025-era session id names the instance that made it (`<name>.<uuid>`), which is
 * what lets the balancer send the session's later requests back to it (deploy/Caddyfile).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp } from '../../src/transports/http.js';
import { tempJournal } from '../helpers/writes.js';

describe('instance-named sessions', () => {
  it.for([
    ['a1', /^a1\.[0-9a-f-]{36}$/],
    [null, /^[0-9a-f-]{36}$/],
  ] as const)('instance %s: the session id is %s', async ([instance, shape], { h }) => {
    const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal() }), silentLog);
    const http = await runHttp(serverFactory(deps), {
      host: '127.0.0.1',
      port: 0,
      token: null,
      printNotice: () => {},
      onerror: () => {},
      instance,
    });
    const client = new Client({ name: 'legacy', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { Authorization: `Bearer ${http.token.reveal()}` } },
    });
    try {
      await client.connect(transport);
      expect(client.getProtocolEra()).toBe('legacy');
      expect(transport.sessionId).toMatch(shape);
      const plans = await client.callTool({ name: 'list_plans', arguments: {} });
      expect(plans.isError).toBeFalsy();
    } finally {
      await client.close();
      await http.close();
    }
  });

  it('takes a short lowercase name from AVENIR_MCP_INSTANCE, and refuses anything else', () => {
    expect(loadConfig({}).instance).toBeNull();
    expect(loadConfig({ AVENIR_MCP_INSTANCE: 'avenir-2' }).instance).toBe('avenir-2');
    for (const bad of ['A1', 'a.1', 'x'.repeat(21), '-a'])
      expect(() => loadConfig({ AVENIR_MCP_INSTANCE: bad })).toThrow(ConfigError);
  });
});
