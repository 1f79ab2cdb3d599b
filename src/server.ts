/**
 * The composition root of one MCP server instance: tools, resources, prompts and the instructions. The
 * requestState codec is made once per process and shared by every instance, so that an answer sealed in
 * one request verifies in the next (HTTP requests in flight at once are served by separate instances).
 */
import { randomBytes } from 'node:crypto';
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  completable,
  createRequestStateCodec,
  type McpRequestContext,
  type RequestStateCodec,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sinkOf, withClientLog } from './client-log.js';
import { completeAccountId, completeMonth, completePlanId } from './context/completions.js';
import { guideFor } from './context/guide.js';
import { promptText, prompts, type PromptDefinition } from './context/prompts.js';
import { resources } from './context/resources.js';
import type { Deps } from './deps.js';
import { AppError } from './domain/errors.js';
import { gateApps } from './transports/apps-gate.js';
import { leanIdentity } from './transports/lean-identity.js';
import { meterCalls } from './transports/call-metrics.js';
import { refuseForbiddenKeys } from './transports/raw-arguments.js';
import type { StatePayload } from './safety/confirm.js';
import {
  CACHE_HINTS,
  CAPABILITIES,
  SERVER_INFO,
  STABLE_FOR_CLIENT,
  STABLE_FOR_PROCESS,
} from './server-info.js';
import { allTools } from './tools/index.js';
import { registerViews } from './mcp/register-apps.js';
import { registerTools } from './mcp/register.js';
import { installZodMessages } from './mcp/zod-messages.js';
import { grantAllowsWrites } from './transports/oauth/scopes.js';
import { checkIds } from './ynab/api.js';
import { UnknownPlanError } from './ynab/unknown-plan.js';

/**
 * One codec per process: key from AVENIR_MCP_STATE_KEY, else 32 random bytes. The SDK's codec judges
 * expiry on the wall clock, which can be set back; a state is also refused, the same way, once the
 * code store's monotonic clock says it is too old.
 */
export function createCodec(deps: Deps): RequestStateCodec<StatePayload> {
  const key = deps.config.stateKey?.reveal() ?? randomBytes(32);
  const codec = createRequestStateCodec<StatePayload>({ key, ttlSeconds: 600 });
  return {
    mint: (payload, ctx) => codec.mint(payload, ctx),
    async verify(state, ctx) {
      const payload = await codec.verify(state, ctx);
      if (!deps.codes.live(payload)) throw new Error('expired');
      return payload;
    },
  };
}

export interface ServerOptions {
  /**
   * The update notice, appended to the instructions when a newer release exists; as a function, read
   * when each instance is built (the check runs beside the server, never in front of it).
   */
  notice?: string | null | (() => string | null);
  /** False for an instance serving a read-only OAuth grant: no write tool is listed or callable. */
  writes?: boolean;
}

type Completer = (typed: string, context?: { arguments?: Record<string, string> }) => Promise<string[]>;

/** The completion of each prompt argument and template variable that has values to offer. */
function completers(deps: Deps): Record<string, Completer> {
  return {
    plan_id: (typed) => completePlanId(deps, typed),
    account_id: (typed, context) => completeAccountId(deps, typed, context?.arguments?.plan_id),
    month: (typed, context) => completeMonth(deps, typed, context?.arguments?.plan_id),
  };
}

/**
 * Reads a template resource for a plan id the client filled in: an id that is not one (or names no plan
 * the token reads) is the client's invalid parameter, not a server failure.
 */
async function forPlan<T>(planId: string, read: () => Promise<T>): Promise<T> {
  // what reaches here is a ClientError or an UnknownPlanError: a message written for the agent
  const invalid = (error: unknown) =>
    new ProtocolError(ProtocolErrorCode.InvalidParams, (error as Error).message);
  try {
    checkIds([planId]);
  } catch (error) {
    throw invalid(error);
  }
  try {
    return await read();
  } catch (error) {
    throw error instanceof UnknownPlanError ? invalid(error) : error;
  }
}

/**
 * What every instance registers alike, built once per process (per Deps) rather than per instance: the
 * HTTP transport builds an instance for each request it serves at once, and zod schemas and templates
 * are costly to build.
 */
/** A prompt's arguments: text, some optional. */
type PromptArgs = z.ZodObject<Record<string, z.ZodType<string | undefined>>>;

interface Shared {
  templates: Map<string, ResourceTemplate>;
  promptArgs: Map<string, PromptArgs>;
}
const sharedParts = new WeakMap<Deps, Shared>();

function sharedOf(deps: Deps): Shared {
  let parts = sharedParts.get(deps);
  if (parts === undefined) {
    parts = { templates: templates(deps), promptArgs: promptArgs(deps) };
    sharedParts.set(deps, parts);
  }
  return parts;
}

function templates(deps: Deps): Map<string, ResourceTemplate> {
  const complete = completers(deps);
  return new Map(
    resources
      .filter((r) => r.uri.includes('{plan_id}'))
      .map((r) => [
        r.name,
        new ResourceTemplate(r.uri, {
          list: undefined,
          complete: { plan_id: (typed) => complete.plan_id!(typed) },
        }),
      ]),
  );
}

function promptArgs(deps: Deps): Map<string, PromptArgs> {
  const complete = completers(deps);
  return new Map(
    prompts.map((p) => {
      const shape = Object.fromEntries(
        Object.entries(p.args).map(([k, a]) => {
          // The description goes on the inner schema: describe() makes a copy without the completion.
          const described = z.string().describe(a.description);
          const completer = complete[k];
          const base = completer ? completable(described, completer) : described;
          return [k, a.optional ? base.optional() : base];
        }),
      );
      return [p.name, z.object(shape)];
    }),
  );
}

function registerResources(server: McpServer, deps: Deps, guide: string): void {
  const { templates } = sharedOf(deps);
  server.registerResource(
    'guide',
    'avenir-mcp://guide',
    {
      title: 'How to use avenir-mcp',
      description: "How to use this server's tools, and the YNAB method in brief.",
      mimeType: 'text/markdown',
      // read-only and writing instances give different guides (a remote grant decides which)
      cacheHint: STABLE_FOR_CLIENT,
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: guide }] }),
  );
  for (const r of resources) {
    const meta = { title: r.title, description: r.description, mimeType: r.mimeType };
    const contents = async (uri: URL, planId: string) => ({
      contents: [{ uri: uri.href, mimeType: r.mimeType, text: await r.read(deps, planId) }],
    });
    const template = templates.get(r.name);
    if (template) {
      server.registerResource(r.name, template, meta, (uri, vars, ctx) =>
        withClientLog(sinkOf(ctx), () =>
          forPlan(String(vars.plan_id), () => contents(uri, String(vars.plan_id))),
        ),
      );
    } else {
      server.registerResource(r.name, r.uri, meta, (uri, ctx) =>
        withClientLog(sinkOf(ctx), () => contents(uri, '')),
      );
    }
  }
}

/** A prompt's message; an argument it refuses (a bad month or balance) is the client's invalid parameter. */
function promptMessage(
  p: PromptDefinition,
  args: Record<string, string | undefined>,
  writes: boolean,
): string {
  try {
    return promptText(p, args, writes);
  } catch (error) {
    throw error instanceof AppError
      ? new ProtocolError(ProtocolErrorCode.InvalidParams, error.message)
      : error;
  }
}

/** The prompts; `writes` says whether this instance lists write tools (the prompts then name them). */
function registerPrompts(server: McpServer, deps: Deps, writes: boolean): void {
  const { promptArgs } = sharedOf(deps);
  for (const p of prompts) {
    server.registerPrompt(
      p.name,
      { title: p.title, description: p.description, argsSchema: promptArgs.get(p.name)! },
      (args: Record<string, string | undefined>) => ({
        messages: [{ role: 'user', content: { type: 'text', text: promptMessage(p, args, writes) } }],
      }),
    );
  }
}

/** Builds one server instance; every instance of the process carries the same surface. */
export function buildServer(
  deps: Deps,
  codec: RequestStateCodec<StatePayload>,
  options: ServerOptions = {},
): McpServer {
  // what the person's grant allows; AVENIR_MCP_WRITE gates YNAB writes on top of it
  const writes = options.writes ?? true;
  // what the guide names is what this instance lists: write tools only when both allow them
  const guide = guideFor(deps.config.write && writes, deps.config.freshSeconds);
  const notice = typeof options.notice === 'function' ? options.notice() : options.notice;
  const instructions = notice ? `${guide}\n\n${notice}` : guide;
  const server = new McpServer(SERVER_INFO, {
    instructions,
    capabilities: CAPABILITIES,
    cacheHints: CACHE_HINTS,
    requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
  });
  refuseForbiddenKeys(server);
  gateApps(server);
  leanIdentity(server);
  meterCalls(server);
  registerTools(server, allTools, deps, codec, writes);
  registerResources(server, deps, guide);
  registerViews(server, STABLE_FOR_PROCESS);
  registerPrompts(server, deps, deps.config.write && writes);
  return server;
}

/** The factory the transports call: one codec for the process, a fresh instance per connection/request. */
export function serverFactory(
  deps: Deps,
  options: ServerOptions = {},
): (ctx: McpRequestContext) => McpServer {
  // before any instance checks a call's arguments: errors that name each bound in words
  installZodMessages();
  const codec = createCodec(deps);
  return (ctx) => buildServer(deps, codec, { ...options, writes: grantAllowsWrites(ctx.authInfo) });
}
