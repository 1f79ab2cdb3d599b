/**
 * MCP Apps, the SDK side: whether the client of a request renders Apps, the two tools only the
 * approval card can call, and the views served as `ui://` resources. The card applies a change through
 * `answer_approval` with a secret it got from `open_approval`: both are marked for the app alone
 * (the host never lets the model call them, nor shows it their results), so nothing the agent reads
 * can apply a change. The change applied is the one previewed: the tool runs again with the same
 * arguments and its fingerprint must match the one the secret binds.
 */
import { readFile } from 'node:fs/promises';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type CallToolResult,
  type ClientCapabilities,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError } from '../domain/errors.js';
import { ConfirmRequest, E_PLAN_CHANGED } from '../safety/confirm.js';
import { fingerprint } from '../safety/fingerprint.js';
import { APPROVAL_VIEW, APP_MIME_TYPE, VIEWS, rendersApps, uiMeta } from './app-views.js';
import { leanParams } from './lean-schema.js';
import type { ToolDefinition } from '../tools/shared/define-tool.js';
import { applyConfirmed } from '../safety/outcome/apply.js';
import { readingAnew } from './fresh-reads.js';
import { planMoney } from './plan-money.js';
import { notDone } from '../domain/write-outcome.js';

/** The `_meta` key of a card preview's result that carries its ticket. */
export const TICKET_META_KEY = 'avenir-mcp/approval';
/**
 * The `_meta` key of `open_approval`'s result that carries the secret. Some hosts hand a result's text
 * and structured content to the model even for a tool marked for the app alone; `_meta` is the part
 * the MCP Apps hosts keep for the view, so the secret travels there and nowhere else.
 */
export const SECRET_META_KEY = 'avenir-mcp/approval-secret';

/**
 * The `_meta` key of `answer_approval`'s result naming the operation it journaled: the card offers
 * Undo with it, which previews `undo_operation` in a card of its own, approved like any change.
 */
export const UNDO_META_KEY = 'avenir-mcp/undo';

export const E_APPROVAL_CLOSED =
  'This approval is no longer open (answered, opened in another card, or older than 10 minutes): nothing was changed. Ask for a new preview.';
export const E_SECRET_REFUSED =
  'This approval secret is unknown, expired or already used: nothing was changed. Ask for a new preview.';

/** The client of this request renders Apps: per request on 2026-07-28, from initialize before. */
export function declaresApps(server: McpServer, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const caps =
    (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
    server.server.getClientCapabilities();
  return rendersApps(caps);
}

const result = (output: Record<string, unknown>, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: isError ? String(output.message) : JSON.stringify(output) }],
  ...(isError ? { isError: true } : { structuredContent: output }),
});

const refused = (message: string): CallToolResult => result({ message }, true);

/** Runs the approved tool again and applies its change if it is still the one the secret binds. */
async function applyApproved(
  deps: Deps,
  tool: ToolDefinition,
  input: Record<string, unknown>,
  bound: string,
): Promise<Record<string, unknown>> {
  // like any write, it plans and verifies on what YNAB holds now, never within the freshness window
  return readingAnew(async () => {
    const output: unknown = await tool.run(
      { deps, tool: tool.name, money: planMoney(deps, input.plan_id) },
      input,
    );
    // the change vanished meanwhile (already made elsewhere): the tool's own answer says so
    if (!(output instanceof ConfirmRequest)) return output as Record<string, unknown>;
    const request = output as ConfirmRequest;
    if (fingerprint(request.planId, request.subject) !== bound) throw new AppError(E_PLAN_CHANGED);
    if (request.journals.length > 0) await deps.journal.checkWritable();
    return applyConfirmed(deps, tool.name, request);
  });
}

/**
 * Listed like the other tools (lean schemas, no title, only the annotations the protocol does not
 * assume): a client that renders Apps lists these two with every tool.
 */
const appOnly = { destructiveHint: false } as const;

/** The card's two tools; registered with the write tools, listed only to clients that render Apps. */
export function registerApprovalTools(server: McpServer, tools: readonly ToolDefinition[], deps: Deps): void {
  server.registerTool(
    'open_approval',
    {
      description: "The approval card's own call: what it shows, and its one-time secret.",
      inputSchema: leanParams(
        z.strictObject({ ticket: z.string().max(64).describe('The ticket of the preview.') }),
      ),
      annotations: appOnly,
      _meta: uiMeta(APPROVAL_VIEW, ['app']),
    },
    async (input: { ticket: string }) => {
      const opened = await deps.approvals.reveal(input.ticket);
      if (opened === null) return refused(E_APPROVAL_CLOSED);
      const { tool, question } = opened.pending;
      return {
        ...result({ tool, question, expires_in_seconds: 600 }),
        _meta: { [SECRET_META_KEY]: { secret: opened.secret } },
      };
    },
  );
  server.registerTool(
    'answer_approval',
    {
      description: "The approval card's own call: applies or declines the change it shows.",
      inputSchema: leanParams(
        z.strictObject({
          secret: z.string().max(64).describe('The secret open_approval gave.'),
          approve: z.boolean().describe('True to apply the change, false to decline it.'),
        }),
      ),
      annotations: appOnly,
      _meta: uiMeta(APPROVAL_VIEW, ['app']),
    },
    async (input: { secret: string; approve: boolean }) => {
      const pending = await deps.approvals.take(input.secret);
      if (pending === null) return refused(E_SECRET_REFUSED);
      deps.log.info(
        'tools',
        `Approval card answered: ${pending.tool} (${input.approve ? 'approve' : 'decline'})`,
      );
      if (!input.approve)
        return result({ status: 'declined', message: 'The user declined in the card: nothing changed.' });
      const tool = tools.find((t) => t.name === pending.tool);
      try {
        if (tool === undefined) throw new AppError(E_SECRET_REFUSED);
        const output = await applyApproved(deps, tool, pending.input, pending.fingerprint);
        // a change that did not (or may not) happen in full is a tool error, with its structured content
        if (notDone(output)) return { ...result(output), isError: true };
        // what the card's Undo button previews: the operation just journaled, on its plan
        const operation = output.operation_id;
        const undo =
          typeof operation === 'string'
            ? {
                _meta: {
                  [UNDO_META_KEY]: { plan_id: String(pending.input.plan_id), operation_id: operation },
                },
              }
            : {};
        return { ...result(output), ...undo };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warning('tools', `Approved ${pending.tool} failed`);
        return refused(message);
      }
    },
  );
}

/**
 * Where the built views are: dist/views, seen from the bundle's chunks (dist/chunks) or tsc's dist/mcp
 * (both one level under dist), or from src/mcp.
 */
const VIEW_DIRS = [new URL('../views/', import.meta.url), new URL('../../dist/views/', import.meta.url)];

async function readView(file: string): Promise<string> {
  for (const dir of VIEW_DIRS) {
    try {
      return await readFile(new URL(file, dir), 'utf8');
    } catch {
      // the next place
    }
  }
  throw new AppError(`The view ${file} is not built: run npm run build.`);
}

/** The views, as `ui://` resources (listed only to clients that render Apps). */
export function registerViews(server: McpServer, cacheHint: { ttlMs: number; cacheScope: 'public' }): void {
  for (const view of VIEWS) {
    server.registerResource(
      view.name,
      view.uri,
      { title: view.title, description: view.description, mimeType: APP_MIME_TYPE, cacheHint },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: await readView(view.file) }],
      }),
    );
  }
}
