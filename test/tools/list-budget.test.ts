/**
 * What `tools/list` costs every conversation, in bytes as the client receives the answer (the whole
 * JSON-RPC message, protocol 2026-07-28's per-result `_meta` included), read-only and with every
 * tool listed, in both protocol eras. Bytes are a size, not a time: asserting them is stable.
 *
 * The ceilings hold what the listing reached on protocol 2026-07-28: 15,876 B read-only (issue 13's
 * target is 20,000 B) and 899 B a tool with every tool (its target is 900), once tools lost their
 * titles, annotations their default hints, descriptions and parameters their spare words, result
 * outlines their types (a field every answer carries is named in `required`), and the `_meta` the SDK
 * stamps on every 2026-07-28 result its presentation (title, description, website, icon: `server/discover`
 * alone carries those; every other answer names the server by name and version). They may only go
 * down. The 2025-era answer carries no `_meta`, so it is the smaller of the two.
 */
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { allTools, readTools } from '../../src/tools/index.js';
import { ERAS, type Era } from '../helpers/harness.js';

/** The ceilings: the whole read-only answer, and the every-tool answer divided by its tools. */
const READ_ONLY_BYTES = 15_900;
const BYTES_A_TOOL = 900;

const bytes = (message: unknown): number => Buffer.byteLength(JSON.stringify(message));

/** Intercepts what a client transport hands the client, keeping the last result message. */
function recording(transport: { onmessage?: (m: JSONRPCMessage, ...rest: never[]) => void }) {
  const seen: { last?: JSONRPCMessage } = {};
  const deliver = transport.onmessage;
  transport.onmessage = (message, ...rest) => {
    if ('result' in message) seen.last = message;
    deliver?.call(transport, message, ...rest);
  };
  return seen;
}

/** The raw tools/list answer a fresh client gets in this era (demo configuration, no YNAB call). */
async function listAnswer(era: Era, write: boolean): Promise<{ message: JSONRPCMessage; tools: number }> {
  const config = loadConfig({
    AVENIR_MCP_YNAB_URL: 'http://127.0.0.1:9/v1',
    YNAB_API_KEY: 't',
    AVENIR_MCP_WRITE: write ? '1' : '0',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
  });
  const factory = serverFactory(createDeps(config, silentLog));
  if (era === 'modern') {
    const handler = createMcpHandler(factory);
    const client = new Client(
      { name: 't', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    });
    try {
      await client.connect(transport);
      const seen = recording(transport);
      const { tools } = await client.listTools();
      return { message: seen.last!, tools: tools.length };
    } finally {
      await client.close();
      await handler.close();
    }
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = factory({ era: 'legacy' });
  await server.connect(serverSide);
  const client = new Client({ name: 't', version: '1' });
  try {
    await client.connect(clientSide);
    const seen = recording(clientSide);
    const { tools } = await client.listTools();
    return { message: seen.last!, tools: tools.length };
  } finally {
    await client.close();
    await server.close();
  }
}

describe.each(ERAS)('tools/list size, %s era', (era) => {
  it('read-only, the whole answer stays under its ceiling', async () => {
    const { message, tools } = await listAnswer(era, false);
    expect(tools).toBe(readTools.length);
    expect(bytes(message)).toBeLessThanOrEqual(READ_ONLY_BYTES);
  });

  it('with every tool, the answer a tool stays under its ceiling', async () => {
    const { message, tools } = await listAnswer(era, true);
    expect(tools).toBe(allTools.length);
    expect(bytes(message) / tools).toBeLessThanOrEqual(BYTES_A_TOOL);
  });

  it('lists no title and no annotation the protocol assumes', async () => {
    const { message } = await listAnswer(era, true);
    type Listed = { title?: string; annotations?: Record<string, unknown> };
    const listed = (message as unknown as { result: { tools: Listed[] } }).result.tools;
    for (const tool of listed) {
      expect(tool.title).toBeUndefined();
      expect(tool.annotations ?? {}).not.toHaveProperty('title');
      expect(tool.annotations ?? {}).not.toHaveProperty('openWorldHint');
    }
  });
});
