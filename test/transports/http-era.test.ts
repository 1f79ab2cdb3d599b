/**
 * The edge tells a 2026-07-28 request by its envelope claim without asking the SDK to classify the
 * body a second time. The shortcut must never send to the modern path what the SDK would route to a
 * 2025-era session: every body it claims, `isLegacyRequest` also calls modern; everything else is
 * left to `isLegacyRequest`. Then, over real HTTP, both eras still reach their own path.
 */
import { isLegacyRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { claimsModernEra } from '../../src/transports/http.js';

const envelope = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = (extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_plans', arguments: {}, _meta: envelope },
  ...extra,
});

/** Bodies of every kind the classifier tells apart, and whether the shortcut claims each. */
const BODIES: [string, unknown, boolean][] = [
  ['a 2026-07-28 tools/call', call(), true],
  [
    'a 2026-07-28 notification',
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: envelope } },
    true,
  ],
  [
    'a claim naming an unserved revision',
    call({ params: { _meta: { [PROTOCOL_VERSION_META_KEY]: '2099-01-01' } } }),
    true,
  ],
  [
    'a malformed envelope behind a claim',
    call({ params: { _meta: { [PROTOCOL_VERSION_META_KEY]: 7 } } }),
    true,
  ],
  ['a claim without jsonrpc', { id: 1, method: 'tools/list', params: { _meta: envelope } }, true],
  [
    'a 2025-era initialize',
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
    false,
  ],
  [
    'an initialize with a claim',
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { _meta: envelope } },
    false,
  ],
  [
    'a 2025-era tools/call',
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_plans' } },
    false,
  ],
  ['a 2025-era notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, false],
  [
    'a posted response',
    { jsonrpc: '2.0', id: 3, result: {}, method: 'x', params: { _meta: envelope } },
    false,
  ],
  ['a posted error', { jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x' } }, false],
  ['a batch', [call()], false],
  ['a string', 'tools/call', false],
  ['null', null, false],
];

const post = (method = 'POST') =>
  new Request('http://127.0.0.1/mcp', {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });

describe('the envelope-claim shortcut', () => {
  it.each(BODIES)('on %s, claims what the SDK routes to the modern path', async (_, body, claims) => {
    expect(claimsModernEra('POST', body)).toBe(claims);
    // a claimed body is one the SDK never routes to a 2025-era session
    if (claims) expect(await isLegacyRequest(post(), body)).toBe(false);
  });

  it('leaves the 2025-era requests to the SDK, which routes them to a session', async () => {
    const legacy = ['a 2025-era initialize', 'a 2025-era tools/call', 'a 2025-era notification'];
    for (const [name, body, claims] of BODIES.filter(([name]) => legacy.includes(name))) {
      expect(claims, name).toBe(false);
      expect(await isLegacyRequest(post(), body), name).toBe(true);
    }
  });

  it('claims the 2026-07-28 calls, and nothing but a POST', () => {
    expect(claimsModernEra('POST', call())).toBe(true);
    expect(claimsModernEra('DELETE', call())).toBe(false);
    expect(claimsModernEra('GET', call())).toBe(false);
  });
});
