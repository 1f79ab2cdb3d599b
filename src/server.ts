/**
 * The composition root of one MCP server instance: tools, resources, prompts and the instructions. The
 * requestState codec is made once per process and shared by every instance, so that an answer sealed in
 * one request verifies in the next (the HTTP handler builds an instance per request).
 */
import { randomBytes } from 'node:crypto';
import {
  McpServer,
  ResourceTemplate,
  createRequestStateCodec,
  type McpRequestContext,
  type RequestStateCodec,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { GUIDE } from './context/guide.js';
import { prompts } from './context/prompts.js';
import { resources } from './context/resources.js';
import type { Deps } from './deps.js';
import type { StatePayload } from './safety/confirm.js';
import { allTools } from './tools/index.js';
import { registerTools } from './tools/seam/register.js';
import { grantAllowsWrites } from './transports/oauth/scopes.js';
import { VERSION } from './version.js';

/** One codec per process: key from AVENIR_MCP_STATE_KEY, else 32 random bytes. */
export function createCodec(deps: Deps): RequestStateCodec<StatePayload> {
  const key = deps.config.stateKey?.reveal() ?? randomBytes(32);
  return createRequestStateCodec<StatePayload>({ key, ttlSeconds: 600 });
}

export interface ServerOptions {
  /** The update notice, appended to the instructions when a newer release exists. */
  notice?: string | null;
  /** False for an instance serving a read-only OAuth grant: no write tool is listed or callable. */
  writes?: boolean;
}

/** Builds one server instance; every instance of the process carries the same surface. */
export function buildServer(
  deps: Deps,
  codec: RequestStateCodec<StatePayload>,
  options: ServerOptions = {},
): McpServer {
  const instructions = options.notice ? `${GUIDE}\n\n${options.notice}` : GUIDE;
  const server = new McpServer(
    { name: 'avenir-mcp', version: VERSION },
    { instructions, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } },
  );
  registerTools(server, allTools, deps, codec, options.writes ?? deps.config.write);
  server.registerResource(
    'guide',
    'avenir-mcp://guide',
    {
      description: "How to use this server's tools, and the YNAB method in brief.",
      mimeType: 'text/markdown',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: GUIDE }] }),
  );
  for (const r of resources) {
    const meta = { description: r.description, mimeType: r.mimeType };
    if (r.uri.includes('{plan_id}')) {
      server.registerResource(
        r.name,
        new ResourceTemplate(r.uri, { list: undefined }),
        meta,
        async (uri, vars) => ({
          contents: [{ uri: uri.href, mimeType: r.mimeType, text: await r.read(deps, String(vars.plan_id)) }],
        }),
      );
    } else {
      server.registerResource(r.name, r.uri, meta, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: r.mimeType, text: await r.read(deps, '') }],
      }));
    }
  }
  for (const p of prompts) {
    const shape = Object.fromEntries(
      Object.entries(p.args).map(([k, a]) => [
        k,
        a.optional ? z.string().optional().describe(a.description) : z.string().describe(a.description),
      ]),
    );
    server.registerPrompt(
      p.name,
      { description: p.description, argsSchema: z.object(shape) },
      (args: Record<string, string | undefined>) => ({
        messages: [{ role: 'user', content: { type: 'text', text: p.text(args) } }],
      }),
    );
  }
  return server;
}

/** The factory the transports call: one codec for the process, a fresh instance per connection/request. */
export function serverFactory(
  deps: Deps,
  options: ServerOptions = {},
): (ctx: McpRequestContext) => McpServer {
  const codec = createCodec(deps);
  return (ctx) => buildServer(deps, codec, { ...options, writes: grantAllowsWrites(ctx.authInfo) });
}
