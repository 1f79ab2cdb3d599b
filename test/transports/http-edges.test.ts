/**
 * The HTTP transport on requests no well-behaved client sends, over real loopback sockets: a method the
 * web Request type refuses, a 2025-era body that is not JSON, and a 2025 session ended by its client.
 */
import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpHandle } from '../../src/transports/http.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { startHttp } from '../helpers/writes.js';

const TOKEN = 'edge-token-0123456789abcdef0123456789';
let h: Harness;
let http: HttpHandle;
const errors: Error[] = [];
beforeAll(async () => {
  h = await startHarness();
  http = await startHttp(h, TOKEN, { onerror: (e) => void errors.push(e) });
});
afterAll(async () => {
  await http.close();
  await h.close();
});

const auth = { authorization: `Bearer ${TOKEN}` };

/** A raw request (node:http, since fetch refuses some methods itself). */
function raw(method: string, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(http.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { ...auth, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the HTTP transport on odd requests', () => {
  it('answers 500 to a method it cannot turn into a web request, and reports it', async () => {
    const before = errors.length;
    const r = await raw('TRACE');
    expect(r.status).toBe(500);
    expect(errors.length).toBe(before + 1);
  });

  it('refuses a 2025-era POST whose body is not JSON: no session, no server made', async () => {
    const r = await raw('POST', '{"jsonrpc": "2.0", "method": "initialize"');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('forgets a 2025 session its client ended (DELETE), then refuses its id with 404', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: auth },
    });
    const client = new Client({ name: 'edge', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getProtocolEra()).toBe('legacy');
    const sid = transport.sessionId!;
    await client.listTools();
    await transport.terminateSession();
    await client.close();
    const after = await fetch(http.url, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sid,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    expect(after.status).toBe(404);
  });
});
