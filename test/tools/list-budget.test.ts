/**
 * What `tools/list` costs every conversation, in bytes as the client receives the answer (the whole
 * JSON-RPC message, protocol 2026-07-28's per-result `_meta` included), in both protocol eras, read-only
 * and with every tool listed. Bytes are a size, not a time: asserting them is stable.
 *
 * The budget is per tool, so that adding a tool never fails for the others' sake: each tool's entry in
 * the answer stays under the ceiling of its kind, and what the answer adds around the entries (the
 * envelope) stays under its own. The listing then grows by at most one ceiling a tool added. Today
 * (2026-12, 20 reads and 20 writes; an entry is the same in both eras and both modes but for the
 * wording of writes-off descriptions):
 *
 * - a read tool at most 1,600 B: the largest, forecast_balance, is 1,437 B (163 B of headroom); the
 *   read-only answer is 15,876 B on 2026-07-28 (issue 13's target for it is 20,000 B);
 * - a write tool at most 1,800 B: the largest, update_scheduled_transaction, is 1,681 B (119 B of
 *   headroom); the every-tool answer is 36,000 B;
 * - the envelope at most 300 B: 235 B on 2026-07-28 with every tool, 85 B on 2025-era answers, which
 *   carry no `_meta`.
 *
 * An entry gets there by what earlier rounds did to all of them: no title, no annotation the protocol
 * assumes, descriptions and parameters without spare words, result outlines without types. A tool
 * over its ceiling is trimmed the same way; a ceiling is raised only on purpose, with the reason and
 * the new headroom written here.
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

/** The ceilings: one tool's entry in the answer, by its kind, and the answer around the entries. */
const CEILING = { read: 1_600, write: 1_800 } as const;
const ENVELOPE_BYTES = 300;

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

/** Each listed tool with its size in bytes, and the answer's bytes around them. */
function sizes(message: JSONRPCMessage): { tools: [name: string, bytes: number][]; envelope: number } {
  const listed = (message as unknown as { result: { tools: { name: string }[] } }).result.tools;
  const tools = listed.map((t) => [t.name, bytes(t)] as [string, number]);
  return { tools, envelope: bytes(message) - tools.reduce((sum, [, b]) => sum + b, 0) };
}

describe.each(ERAS)('tools/list size, %s era', (era) => {
  it.each([
    ['read-only', false],
    ['with every tool', true],
  ] as const)('%s, each tool stays under the ceiling of its kind', async (_, write) => {
    const { message, tools } = await listAnswer(era, write);
    expect(tools).toBe((write ? allTools : readTools).length);
    const kind = new Map(allTools.map((t) => [t.name, t.kind]));
    const listed = sizes(message);
    expect(listed.tools).toHaveLength(tools);
    const over = listed.tools
      .filter(([name, b]) => b > CEILING[kind.get(name)!])
      .map(
        ([name, b]) => `${name}: ${b} B, over the ${CEILING[kind.get(name)!]} B of a ${kind.get(name)} tool`,
      );
    expect(over).toEqual([]);
    expect(listed.envelope).toBeGreaterThan(0);
    expect(listed.envelope).toBeLessThanOrEqual(ENVELOPE_BYTES);
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
