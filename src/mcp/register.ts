/**
 * The one seam between tool definitions and the MCP SDK: annotations from `kind`, the write gate (hidden
 * write tools answer like unknown ones), `structuredContent` plus one text block, failures as `isError`
 * results (tool errors verbatim, client-layer errors prefixed with the tool's name; logged as one line
 * without names at WARNING), and confirmation decisions turned into SDK results.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  type McpServer,
  type RequestStateCodec,
  type ServerContext,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import { sinkOf, withClientLog } from '../client-log.js';
import type { Deps } from '../deps.js';
import { AppError, ClientError } from '../domain/errors.js';
import { ConfirmRequest, decide, outcomeFields, type Answer, type StatePayload } from '../safety/confirm.js';
import { fingerprint } from '../safety/fingerprint.js';
import { answerTooLarge } from './answer-cap.js';
import { callLine } from './call-line.js';
import { CHART_META_KEY, VIEW_DATA_META_KEY, VIEW_META_KEY, uiMeta, toolViewUri } from './app-views.js';
import { viewDataOf } from '../tools/shared/view-data.js';
import { FORMAT_META_KEY, viewFormat } from './view-format.js';
import { describe, type ToolDefinition } from '../tools/shared/define-tool.js';
import { withFewIssues } from './few-issues.js';
import { endWindow, readingAnew, withFreshness } from './fresh-reads.js';
import { leanParams, leanResults } from './lean-schema.js';
import { listed } from './listed-schemas.js';
import { renderResult } from './render.js';
import { applyConfirmed, runUnconfirmed } from '../safety/outcome/apply.js';
import { refusePending, settlePending } from '../safety/outcome/settle-later.js';
import { LAST_USED } from '../ynab/api.js';
import { withProgress, type ProgressSink } from '../ynab/progress.js';
import { notDone, unknownMessage } from '../domain/write-outcome.js';
import { planMoney } from './plan-money.js';
import { progressOf } from './progress-sink.js';
import { TICKET_META_KEY, declaresApps, registerApprovalTools } from './register-apps.js';

/**
 * The yes/no form of a confirmation, as a JSON-Schema literal (a zod object would add `$schema`). The
 * title and description are what a client shows beside the box, instead of the bare key `value`.
 */
const YES_NO = {
  type: 'object' as const,
  properties: {
    value: {
      type: 'boolean' as const,
      title: 'Apply these changes',
      description: 'Yes applies the changes above to YNAB; no changes nothing.',
    },
  },
  required: ['value'],
};

/**
 * The MCP annotations a tool declares: only what differs from what the protocol assumes of a tool
 * (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true, every tool
 * reaching YNAB), so that a host applying those defaults reads exactly the hints of the definition.
 * A read-only tool's other hints mean nothing. Tools carry no title: their snake_case names are plain
 * English, and a host shows the name where a title is missing.
 */
export function annotationsOf(tool: ToolDefinition): ToolAnnotations {
  if (tool.kind === 'read') return { readOnlyHint: true };
  return {
    ...(tool.destructive ? {} : { destructiveHint: false }),
    ...(tool.idempotent ? { idempotentHint: true } : {}),
  };
}

/** The annotations of a tool, omitted altogether when every hint is the protocol's default. */
function annotationsField(tool: ToolDefinition): { annotations?: ToolAnnotations } {
  const annotations = annotationsOf(tool);
  return Object.keys(annotations).length === 0 ? {} : { annotations };
}

const text = (message: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  ...(isError ? { isError: true } : {}),
});

const structured = (output: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: renderResult(output) }],
  structuredContent: output,
});

/**
 * A write's result: a tool error when the change did not, or may not, happen in full; an unknown
 * outcome's message begins with the one thing not to do, whichever write made it.
 */
export function writeResult(output: Record<string, unknown>): CallToolResult {
  const said =
    output.status === 'unknown' ? { ...output, message: unknownMessage(String(output.message)) } : output;
  return { ...structured(said), ...(notDone(said) ? { isError: true } : {}) };
}

/** A read tool's answer, or an error naming what narrows it when it passes the size cap. */
function readAnswer(deps: Deps, tool: ToolDefinition, output: Record<string, unknown>): CallToolResult {
  const json = JSON.stringify(output);
  const tooLarge = answerTooLarge(tool, json);
  if (tooLarge === null) return structured(output);
  deps.log.warning('tools', `Tool ${tool.name} answer over the size cap`);
  return text(tooLarge, true);
}

/** Turns a thrown failure into the result the agent reads. */
export function failureResult(deps: Deps, tool: string, error: unknown): CallToolResult {
  if (error instanceof AppError) {
    deps.log.warning('tools', `Tool ${tool} failed`);
    deps.log.debug('tools', error.message);
    return text(error.message, true);
  }
  if (error instanceof ClientError) {
    deps.log.warning(
      'tools',
      error.status ? `Tool ${tool} failed (YNAB ${error.status})` : `Tool ${tool} failed`,
    );
    deps.log.debug('tools', error.message);
    return text(`Error calling tool '${tool}': ${error.message}`, true);
  }
  deps.log.error('tools', `Tool ${tool} failed unexpectedly`, error);
  return text(
    `Error calling tool '${tool}': ${error instanceof Error ? error.message : String(error)}`,
    true,
  );
}

/** The client can answer a form elicitation: per request on 2026-07-28, from initialize before. */
function canAsk(server: McpServer, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const caps =
    (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
    server.server.getClientCapabilities();
  const elicitation = caps?.elicitation as { form?: unknown; url?: unknown } | undefined;
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}

/** The answer under the `confirm` key of the call's input responses. */
function answerOf(ctx: ServerContext): Answer {
  const responses = ctx.mcpReq.inputResponses;
  const view = inputResponse(responses, 'confirm');
  if (view.kind === 'elicit') {
    if (view.action === 'accept') return { kind: 'accept', value: view.content?.value };
    return { kind: view.action };
  }
  return view.kind === 'missing' && responses?.confirm === undefined ? { kind: 'none' } : { kind: 'other' };
}

async function confirmAndApply(
  server: McpServer,
  ctx: ServerContext,
  deps: Deps,
  codec: RequestStateCodec<StatePayload>,
  tool: string,
  input: Record<string, unknown>,
  request: ConfirmRequest,
  progress: ProgressSink | undefined,
): Promise<CallToolResult | InputRequiredResult> {
  const { confirmation, ...args } = input;
  // a journaled write whose journal cannot be written asks nothing and writes nothing
  if (request.journals.length > 0) await deps.journal.checkWritable();
  // a change to what a pending write changes is refused before anything is asked
  await refusePending(deps, request.planId, request.sameSubject);
  const decision = await decide(deps.codes, {
    tool,
    planId: request.planId,
    subject: request.subject,
    question: request.question,
    arguments: fingerprint(tool, args),
    code: typeof confirmation === 'string' ? confirmation : null,
    canAsk: canAsk(server, ctx),
    required: deps.config.requireElicitation(),
    card: declaresApps(server, ctx),
    answer: answerOf(ctx),
    state: ctx.mcpReq.requestState<StatePayload>(),
  });
  if (decision.kind === 'ask') {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ mode: 'form', message: request.question, requestedSchema: YES_NO }),
      },
      requestState: await codec.mint(decision.state),
    });
  }
  if (decision.kind === 'apply') return writeResult(await applyConfirmed(deps, tool, request, progress));
  if (decision.kind === 'card') {
    // The card trades this ticket for the secret that applies the change; the ticket alone applies nothing.
    const { planId, question } = request;
    const ticket = await deps.approvals.open({
      tool,
      input,
      planId,
      fingerprint: decision.fingerprint,
      question,
    });
    const preview = { ...request.preview, ...outcomeFields(request.flow, decision, question) };
    return { ...structured(preview), _meta: { [TICKET_META_KEY]: { ticket } } };
  }
  return structured({ ...request.preview, ...outcomeFields(request.flow, decision, request.question) });
}

/** What one call runs with: its server and request, the deps, the state codec and its progress sink. */
interface Call {
  server: McpServer;
  ctx: ServerContext;
  deps: Deps;
  codec: RequestStateCodec<StatePayload>;
  progress: ProgressSink | undefined;
}

/**
 * For clients that render a view: the chart it draws or the view it is, figures only the view draws
 * (none with an answer over the cap), and how the plan writes money and dates (the answer keeps
 * plain numbers and ISO dates).
 */
async function withViewMeta(
  deps: Deps,
  tool: ToolDefinition,
  input: Record<string, unknown>,
  answer: CallToolResult,
  data: Record<string, unknown> | undefined,
): Promise<CallToolResult> {
  const chart = tool.kind === 'read' ? tool.chart : undefined;
  const own = tool.kind === 'read' ? tool.view : undefined;
  if ((chart ?? own ?? data) === undefined) return answer;
  const format = chart === undefined && own === undefined ? null : await viewFormat(deps, input.plan_id);
  return {
    ...answer,
    _meta: {
      ...(chart === undefined ? {} : { [CHART_META_KEY]: chart }),
      ...(own === undefined ? {} : { [VIEW_META_KEY]: own }),
      ...(data === undefined ? {} : { [VIEW_DATA_META_KEY]: data }),
      ...(format === null ? {} : { [FORMAT_META_KEY]: format }),
    },
  };
}

/** Runs one tool call: pending writes on its plan settled first, then the tool, its answer or failure. */
async function callTool(
  { server, ctx, deps, codec, progress }: Call,
  tool: ToolDefinition,
  input: Record<string, unknown>,
): Promise<CallToolResult | InputRequiredResult> {
  deps.log.info('tools', callLine(tool.name, input));
  try {
    // writes whose answer was lost are settled first, by any call on their plan, from YNAB itself
    if (typeof input.plan_id === 'string') {
      const plan = input.plan_id === LAST_USED ? null : input.plan_id;
      const left = await readingAnew(() => settlePending(deps, plan));
      // while a write's outcome is not known, its plan is read from YNAB: a read is what settles it
      for (const e of left) endWindow(deps, e.plan_id);
    }
    // the texts of its amounts take the decimals of the plan's currency
    const money = planMoney(deps, input.plan_id);
    // a write runs with the settling bounds of every write (approving and importing too)
    const run = () => tool.run({ deps, tool: tool.name, money }, input);
    const output: unknown = await (tool.kind === 'write' ? runUnconfirmed(deps, run, progress) : run());
    if (output instanceof ConfirmRequest) {
      const request = output as ConfirmRequest;
      return await confirmAndApply(server, ctx, deps, codec, tool.name, input, request, progress);
    }
    const data = viewDataOf(output as object);
    const answer =
      tool.kind === 'read'
        ? readAnswer(deps, tool, output as Record<string, unknown>)
        : writeResult(output as Record<string, unknown>);
    if (answer.isError || !declaresApps(server, ctx)) return answer;
    return await withViewMeta(deps, tool, input, answer, data);
  } catch (error) {
    return failureResult(deps, tool.name, error);
  }
}

/**
 * Registers the tools on a server; write tools only when the write gate is open. `writes` narrows
 * the gate for one instance (a read-only OAuth grant); it never opens what AVENIR_MCP_WRITE keeps shut.
 * The one exception: a write that changes no YNAB data (the household's rules, kept by this server)
 * is listed without AVENIR_MCP_WRITE, since that setting guards the plan, not the server's own
 * notes; a read-only grant still keeps it out, and it is still previewed and confirmed.
 */
export function registerTools(
  server: McpServer,
  tools: readonly ToolDefinition[],
  deps: Deps,
  codec: RequestStateCodec<StatePayload>,
  writes = true,
): void {
  const open = deps.config.write && writes;
  for (const tool of tools) {
    if (tool.kind === 'write' && !open && !(tool.keepsToServer && writes)) continue;
    const view = toolViewUri(tool);
    server.registerTool(
      tool.name,
      {
        description: describe(tool, open),
        inputSchema: listed(tool, 'input', () => withFewIssues(leanParams(tool.input))),
        outputSchema: listed(tool, 'output', () => leanResults(tool.output)),
        ...annotationsField(tool),
        // the view a host that renders Apps shows with the result (hidden from other clients)
        ...(view === null ? {} : { _meta: uiMeta(view) }),
      },
      async (
        input: Record<string, unknown>,
        ctx: ServerContext,
      ): Promise<CallToolResult | InputRequiredResult> => {
        // one sink for the whole call: its downloads and a write's settling share one counter
        const progress = progressOf(ctx);
        return withClientLog(sinkOf(ctx), () =>
          withProgress(progress, () =>
            withFreshness(deps, tool.kind, input, () =>
              callTool({ server, ctx, deps, codec, progress }, tool, input),
            ),
          ),
        );
      },
    );
  }
  if (open) registerApprovalTools(server, tools, deps);
}
