/**
 * A body that says it is JSON and is not: both eras get JSON-RPC's parse error (-32700) with HTTP
 * 400, after the bearer check and before any tool runs, and no YNAB request is sent. Other bodies
 * are refused as an unsupported media type, in both eras alike.
 */
import { expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import type { HttpHandle } from '../../src/transports/http.js';
import { startHttp } from '../helpers/writes.js';

const TOKEN = 'parse-error-token-0123456789abcdef012345';
let http: HttpHandle;
it.beforeAll(async ({ h }) => {
  http = await startHttp(h, TOKEN);
});
it.afterAll(async () => {
  await http.close();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(http.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });

it.for([
  ['a 2026-07-28 request', { 'mcp-protocol-version': '2026-07-28' }],
  ['a 2025-era request without a session', {}],
  ['a request naming a session', { 'mcp-session-id': 'no-such-session' }],
] as const)('%s whose JSON is broken gets a parse error and costs nothing', async ([, headers], { h }) => {
  const before = h.standIn.requests.length;
  const response = await post('{"jsonrpc":"2.0","id":1,"method":"tools/call",', headers);
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32700, message: 'Parse error: the request body is not valid JSON.' },
  });
  expect(h.standIn.requests.length).toBe(before);
});

it('a broken body without the bearer token is refused as unauthorised, not parsed', async () => {
  const response = await post('{broken', { authorization: 'Bearer wrong' });
  expect(response.status).toBe(401);
});

it.each([
  ['a 2026-07-28 request', { 'mcp-protocol-version': '2026-07-28' }],
  ['a 2025-era request', {}],
])('%s whose body is not JSON at all is refused as an unsupported media type', async (_, headers) => {
  const response = await post('hello', { 'content-type': 'text/plain', ...headers });
  expect(response.status).toBe(415);
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
    'Unsupported Media Type: the body must be JSON (Content-Type: application/json).',
  );
});

it('a body on another method is left to the SDK, which refuses the unknown session', async () => {
  const response = await fetch(http.url, {
    method: 'DELETE',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'mcp-session-id': 'no-such-session',
      'content-type': 'text/plain',
    },
    body: 'hello',
  });
  expect(response.status).toBe(404);
});
