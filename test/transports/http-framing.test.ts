/**
 * How the HTTP transport frames its answers, over real loopback sockets with the SDK's own client:
 * a complete 2026-07-28 answer leaves as plain JSON with its Content-Length (no chunked framing),
 * and a body handed on parsed still reaches the tool as sent.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import type { HttpHandle } from '../../src/transports/http.js';
import type { Harness } from '../helpers/harness.js';
import { startHttp } from '../helpers/writes.js';

const TOKEN = 'framing-token-0123456789abcdef0123456789';
let http: HttpHandle;
it.beforeAll(async ({ h }) => {
  http = await startHttp(h, TOKEN);
});
it.afterAll(async () => {
  await http.close();
});

interface Seen {
  status: number;
  type: string | null;
  length: string | null;
  chunked: boolean;
  bytes: number;
}

/** A client of the given era whose fetch records the framing of every answer. */
async function recordingClient(era: 'modern' | 'legacy'): Promise<{ client: Client; seen: Seen[] }> {
  const seen: Seen[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.clone().arrayBuffer();
    seen.push({
      status: response.status,
      type: response.headers.get('content-type'),
      length: response.headers.get('content-length'),
      chunked: /chunked/i.test(response.headers.get('transfer-encoding') ?? ''),
      bytes: body.byteLength,
    });
    return response;
  };
  const client = new Client(
    { name: 'framing', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      fetch: recording,
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  return { client, seen };
}

/** The demo plan's accounts through list_accounts, checked against the stand-in's. */
async function listsAccounts(h: Harness, client: Client): Promise<void> {
  const result = await client.callTool({ name: 'list_accounts', arguments: { plan_id: 'demo-budget' } });
  expect(result.isError).toBeFalsy();
  const accounts = (result.structuredContent as { result: { id: string }[] }).result;
  const held = h.standIn.state.accounts.filter((a) => !a.deleted).map((a) => a.id);
  expect(accounts.map((a) => a.id).sort()).toEqual(held.sort());
}

describe('answers over HTTP', () => {
  it('2026-07-28: a complete answer is plain JSON with its length, not chunked', async ({ h }) => {
    const { client, seen } = await recordingClient('modern');
    expect(client.getProtocolEra()).toBe('modern');
    const before = seen.length;
    await listsAccounts(h, client);
    expect(seen).toHaveLength(before + 1);
    const answer = seen[before]!;
    expect(answer).toMatchObject({ status: 200, chunked: false });
    expect(answer.type).toMatch(/^application\/json/);
    expect(Number(answer.length)).toBe(answer.bytes);
    await client.close();
  });

  it('2025 session: the body parsed at the edge reaches the tool as sent', async ({ h }) => {
    const { client } = await recordingClient('legacy');
    expect(client.getProtocolEra()).toBe('legacy');
    await listsAccounts(h, client);
    await client.close();
  });
});

describe('idle connections', () => {
  it('are kept 65 s, past a balancer’s usual 60 s, and said so in Keep-Alive', async () => {
    const { request } = await import('node:http');
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(new URL('/healthz', http.url), (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers.connection).toBe('keep-alive');
    expect(headers['keep-alive']).toBe('timeout=65');
  });
});
