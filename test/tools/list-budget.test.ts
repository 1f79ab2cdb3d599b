/**
 * What `tools/list` costs every conversation, in bytes as the client receives the answer (the whole
 * JSON-RPC message, protocol 2026-07-28's per-result `_meta` included), in both protocol eras,
 * read-only and with every tool listed, each with and without a client that renders MCP Apps (such a
 * client also gets the views' `_meta` and, with writes, the approval card's two tools). Bytes are a
 * size, not a time: asserting them is stable.
 *
 * Two budgets. The whole answer, per tool listed: at most 800 B a tool read-only, 900 B with every
 * tool, in every combination. Today (2026-12, 27 reads and 25 writes, 2026-07-28; the 2025 era's
 * answers are 3-6 B a tool smaller, without `_meta`):
 *
 * - read-only, which lists set_rule and delete_rule too (they change no YNAB data): 774 B a tool,
 *   799.9 B with Apps (the view links of the charts and of get_digest's digest view): no headroom,
 *   hence none in practice, since every read tool that takes a plan also takes `fresh` (listed
 *   without a description, 27 B) and says its cost within the freshness window; find_recurring_charges'
 *   filters, find_transactions' amount range, get_transaction, get_changes, the rule tools and
 *   compare_statement (which has no window parameter for it) were paid for by trimming
 *   descriptions (compare_statement's cursor by its own); so were itemize_transaction and
 *   match_orders (their tax, discount, tip and fee as a kind of receipt line rather than four
 *   parameters, their dates checked in the tool rather than by a format, and suggest_categories'
 *   wording), and, when both landed together, eleven read tools' descriptions by a few words each
 *   (no meaning lost); the next read tool or parameter must come with a trim;
 * - every tool 843 B a tool, 887 B with Apps (the approval card's link on every confirmed write, its
 *   two tools, and the chart and digest links): 13 B of headroom.
 *
 * And each tool's entry in the answer stays under the ceiling of its kind, so that adding a tool never
 * fails for the others' sake, and what the answer adds around the entries (the envelope) under its own:
 *
 * - a read tool at most 1,600 B: the largest, forecast_balance, is 1,405 B (1,511 B with Apps, 89 B
 *   of headroom);
 * - a write tool at most 1,800 B: the largest, update_scheduled_transaction, is 1,588 B (1,700 B with
 *   Apps, 100 B of headroom);
 * - the envelope at most 300 B: 237 B on 2026-07-28 with every tool, 87 B on 2025-era answers, which
 *   carry no `_meta`.
 *
 * An entry gets there by what earlier rounds did to all of them: no title, no annotation the protocol
 * assumes, descriptions and parameters without spare words, result outlines without types, and what
 * every tool would repeat said once in the server's instructions (what plan_id takes, when to send
 * confirmation). A tool over a budget is trimmed the same way; a budget is raised only on purpose, with
 * the reason and the new headroom written here.
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
/** The whole answer divided by the tools listed: read-only, and with every tool. */
const PER_TOOL = { readOnly: 800, every: 900 } as const;
/** The approval card's own tools, listed with the writes to a client that renders Apps. */
const APP_TOOLS = ['open_approval', 'answer_approval'];

/** The MCP Apps extension, as a client that renders Apps declares it. */
const APPS = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

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
async function listAnswer(
  era: Era,
  write: boolean,
  apps = false,
): Promise<{ message: JSONRPCMessage; tools: number }> {
  const capabilities = apps ? APPS : {};
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
      { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
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
  const client = new Client({ name: 't', version: '1' }, { capabilities });
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

const COMBINATIONS = [
  ['read-only', false, false],
  ['read-only, MCP Apps', false, true],
  ['with every tool', true, false],
  ['with every tool, MCP Apps', true, true],
] as const;

describe.each(ERAS)('tools/list size, %s era', (era) => {
  it.each(COMBINATIONS)('%s, each tool stays under the ceiling of its kind', async (_, write, apps) => {
    const { message, tools } = await listAnswer(era, write, apps);
    // the rule writes change no YNAB data: listed read-only too
    const keepsToServer = allTools.filter((t) => t.kind === 'write' && t.keepsToServer).length;
    const expected =
      (write ? allTools.length : readTools.length + keepsToServer) + (write && apps ? APP_TOOLS.length : 0);
    expect(tools).toBe(expected);
    const kind = new Map<string, 'read' | 'write'>([
      ...allTools.map((t) => [t.name, t.kind] as const),
      ...APP_TOOLS.map((name) => [name, 'write'] as const),
    ]);
    const listed = sizes(message);
    expect(listed.tools).toHaveLength(tools);
    const over = listed.tools
      .filter(([name, b]) => b > CEILING[kind.get(name)!])
      .map(
        ([name, b]) =>
          `${name}: ${b} B, over the ${CEILING[kind.get(name)!]} B of a ${kind.get(name)} tool — trim its description and its parameters' descriptions (this file's header says how); raise CEILING only on purpose, with the reason and the new headroom in the header`,
      );
    expect(over).toEqual([]);
    expect(listed.envelope).toBeGreaterThan(0);
    expect(
      listed.envelope,
      'the answer around the tool entries grew: what server.ts or mcp/register.ts adds to every listing (its _meta, for instance) is over ENVELOPE_BYTES',
    ).toBeLessThanOrEqual(ENVELOPE_BYTES);
  });

  it.each(COMBINATIONS)('%s, the whole answer stays within its bytes a tool', async (_, write, apps) => {
    const { message, tools } = await listAnswer(era, write, apps);
    const perTool = bytes(message) / tools;
    expect(perTool).toBeGreaterThan(0);
    expect(
      perTool,
      'the listing grew past its average bytes a tool (PER_TOOL): trim the newest or largest entries, as for a tool over its ceiling; raise PER_TOOL only on purpose, with the reason in the header',
    ).toBeLessThanOrEqual(write ? PER_TOOL.every : PER_TOOL.readOnly);
  });

  it('lists no title and no annotation the protocol assumes', async () => {
    const { message } = await listAnswer(era, true, true);
    type Listed = { title?: string; annotations?: Record<string, unknown> };
    const listed = (message as unknown as { result: { tools: Listed[] } }).result.tools;
    for (const tool of listed) {
      const why = `${String((tool as { name?: unknown }).name)}: tools/list leaves out what docs/tools.md alone needs (the title) and what the protocol assumes (openWorldHint); annotationsOf in src/mcp/register.ts`;
      expect(tool.title, why).toBeUndefined();
      expect(tool.annotations ?? {}, why).not.toHaveProperty('title');
      expect(tool.annotations ?? {}, why).not.toHaveProperty('openWorldHint');
    }
  });
});
