/**
 * The streamable HTTP transport over real loopback sockets: the guards in order
 * (421, 403, 401), the token (configured or made per start and printed once), and both protocol eras
 * with elicitation.
 */
import { request, request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { Secret } from '../../src/domain/secret.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { acceptedHost, acceptedOrigin, authorised } from '../../src/transports/http-guards.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { ACCEPT, answering, tempJournal, startHttp } from '../helpers/writes.js';

let http: HttpHandle;
let notices: string[];
it.beforeAll(async ({ h }) => {
  notices = [];
  const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal() }), silentLog);
  http = await runHttp(serverFactory(deps), {
    host: '127.0.0.1',
    port: 0,
    token: null,
    printNotice: (t) => notices.push(t),
    onerror: () => {},
  });
});
it.afterAll(async () => {
  await http.close();
});

const post = (headers: Record<string, string>) =>
  fetch(http.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }),
  });

describe('guards', () => {
  it('makes a random 43-character token per start and prints it once, on stderr only', () => {
    expect(notices).toHaveLength(1);
    const token = http.token.reveal();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(notices[0]).toBe(
      `avenir-mcp: AVENIR_MCP_HTTP_TOKEN is not set, so this run requires a token made for it:\n\n    Authorization: Bearer ${token}\n\nIt changes at each start; set AVENIR_MCP_HTTP_TOKEN to a long random value to keep one.\n`,
    );
    expect(String(http.token)).toBe('**********');
  });

  it('refuses a foreign Host with 421, before anything else', async () => {
    // fetch may not set Host: a raw node:http request does
    const url = new URL(http.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/mcp',
          method: 'POST',
          headers: { host: 'evil.example', origin: 'http://evil.example' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });

  it('refuses a foreign Origin with 403', async () => {
    const r = await post({ origin: 'http://evil.example', authorization: `Bearer ${http.token.reveal()}` });
    expect(r.status).toBe(403);
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer nope' }],
    ['a bare token', { authorization: 'TOKEN' }],
  ])('refuses %s with 401, the text and WWW-Authenticate', async (_what, headers) => {
    const hdrs = headers as Record<string, string>;
    if (hdrs.authorization === 'TOKEN') hdrs.authorization = http.token.reveal();
    const r = await post(hdrs);
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
    expect(await r.text()).toBe(
      'Unauthorized: send the header Authorization: Bearer <token>, with AVENIR_MCP_HTTP_TOKEN or the token avenir-mcp printed when it started.',
    );
  });

  it('lets a good request through (200) on its own origin', async () => {
    const port = new URL(http.url).port;
    const r = await post({
      authorization: `Bearer ${http.token.reveal()}`,
      origin: `http://localhost:${port}`,
      host: `localhost:${port}`,
    });
    expect(r.status).toBe(200);
  });

  it.each([
    ['127.0.0.1', true],
    ['localhost:8103', true],
    ['[::1]:8103', true],
    ['[::1]', true],
    ['LOCALHOST', true],
    ['127.0.0.2', false],
    ['localhost.evil.com', false],
    ['', false],
  ])('Host %j accepted: %s', (host, ok) => {
    expect(acceptedHost(host)).toBe(ok);
  });

  it('checks Origin and the bearer header exactly', () => {
    expect(acceptedOrigin(undefined)).toBe(true);
    expect(acceptedOrigin('https://localhost')).toBe(false);
    expect(acceptedOrigin('http://127.0.0.1:9')).toBe(true);
    const t = new Secret('abc');
    expect(authorised('Bearer abc', t)).toBe(true);
    expect(authorised('bearer abc', t)).toBe(false);
    expect(authorised('Bearer abcd', t)).toBe(false);
    expect(authorised(undefined, t)).toBe(false);
  });
});

describe.each([
  ['modern', { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }],
  ['legacy', {}],
])('a %s client over HTTP', (era, options) => {
  it('lists tools, reads, and confirms a write through elicitation', async ({ h }) => {
    h.standIn.reset();
    const a = answering(ACCEPT);
    const client = new Client(
      { name: 't', version: '1' },
      { capabilities: { elicitation: { form: {} } }, ...options },
    );
    client.setRequestHandler('elicitation/create', a.handler as never);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { Authorization: `Bearer ${http.token.reveal()}` } },
      }),
    );
    expect(client.getProtocolEra()).toBe(era);
    const accounts = await client.callTool({ name: 'list_accounts', arguments: { plan_id: 'demo-budget' } });
    expect((accounts.structuredContent as { result: { balance: number }[] }).result[0]?.balance).toBe(3328.5);
    const r = await client.callTool({
      name: 'apply_categories',
      arguments: {
        plan_id: 'demo-budget',
        assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
      },
    });
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    expect(a.questions).toHaveLength(1);
    expect(h.standIn.writes).toHaveLength(1);
  });
});

describe('2025-era requests without a session', () => {
  const legacyCall = (headers: Record<string, string>) =>
    fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${http.token.reveal()}`,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });

  it('are refused: 400 without a session id, 404 with an unknown one', async () => {
    const none = await legacyCall({});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: { message: 'Bad Request: no valid session' } });
    const unknown = await legacyCall({ 'mcp-session-id': 'no-such-session' });
    expect(unknown.status).toBe(404);
  });
});

describe('a configured token', () => {
  it('is used as is and never printed', async ({ h }) => {
    const printed: string[] = [];
    const deps = createDeps(loadConfig(h.env), silentLog);
    const other = await runHttp(serverFactory(deps), {
      host: '127.0.0.1',
      port: 0,
      token: new Secret('configured-token'),
      printNotice: (t) => printed.push(t),
      onerror: () => {},
    });
    try {
      expect(printed).toEqual([]);
      const r = await fetch(other.url.replace('/mcp', '/elsewhere'), {
        headers: { authorization: 'Bearer configured-token' },
      });
      expect(r.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('an unexpected failure inside the transport', () => {
  it('answers 500, reports the error, and the server goes on serving', async ({ h }) => {
    const errors: Error[] = [];
    const deps = createDeps(loadConfig(h.env), silentLog);
    const other = await runHttp(serverFactory(deps), {
      host: '127.0.0.1',
      port: 0,
      token: new Secret('configured-token'),
      printNotice: () => {},
      onerror: (e) => errors.push(e),
    });
    try {
      // Node's HTTP server accepts TRACE, which the Fetch API refuses to build a Request of.
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(other.url, {
          method: 'TRACE',
          headers: { authorization: 'Bearer configured-token' },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(500);
      expect(errors).toHaveLength(1);
      const next = await fetch(other.url.replace('/mcp', '/elsewhere'), {
        headers: { authorization: 'Bearer configured-token' },
      });
      expect(next.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

/*
 * The HTTP transport on requests no well-behaved client sends, over real loopback sockets: a method the
 * web Request type refuses, a 2025-era body that is not JSON, and a 2025 session ended by its client.
 */
describe('requests no well-behaved client sends', () => {
  const TOKEN = 'edge-token-0123456789abcdef0123456789';
  let http: HttpHandle;
  const errors: Error[] = [];
  it.beforeAll(async ({ h }) => {
    http = await startHttp(h, TOKEN, { onerror: (e) => void errors.push(e) });
  });
  it.afterAll(async () => {
    await http.close();
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
});
