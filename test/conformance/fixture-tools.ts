/**
 * The diagnostic tools the official conformance suite calls by name, each doing exactly what its
 * scenario's description asks. Test-only: they are registered by the conformance entry point next to
 * the real tools, never by the shipped server.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  acceptedContent,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ClientCapabilities,
  type McpServer,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A 1×1 red PNG and a tiny silent WAV, for the content-type scenarios. */
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQIAAACAgA==';

const NONE = z.object({});
const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NAME_SCHEMA = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const } },
  required: ['name'],
};

const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

type State = { fixture: string; round: number };

function contentTools(server: McpServer): void {
  const plain = (name: string, result: () => CallToolResult | Promise<CallToolResult>) =>
    server.registerTool(name, { description: `Conformance fixture ${name}.`, inputSchema: NONE }, result);
  plain('test_simple_text', () => text('This is a simple text response for testing.'));
  plain('test_image_content', () => ({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }));
  plain('test_audio_content', () => ({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] }));
  const embedded = {
    type: 'resource' as const,
    resource: {
      uri: 'test://embedded-resource',
      mimeType: 'text/plain',
      text: 'This is an embedded resource content.',
    },
  };
  plain('test_embedded_resource', () => ({ content: [embedded] }));
  plain('test_multiple_content_types', () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        },
      },
    ],
  }));
  plain('test_error_handling', () => {
    throw new Error('This tool intentionally returns an error for testing');
  });
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: fromJsonSchema(JSON_SCHEMA_2020_12 as never),
    },
    () => text('ok'),
  );
}

function notifyingTools(server: McpServer): void {
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Conformance fixture: three log messages.', inputSchema: NONE },
    async (_args, ctx: ServerContext) => {
      await ctx.mcpReq.log('info', 'Tool execution started');
      await sleep(50);
      await ctx.mcpReq.log('info', 'Tool processing data');
      await sleep(50);
      await ctx.mcpReq.log('info', 'Tool execution completed');
      return text('Logging tool finished.');
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Conformance fixture: progress 0, 50, 100.', inputSchema: NONE },
    async (_args, ctx: ServerContext) => {
      const token = ctx.mcpReq._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (token !== undefined)
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100 },
          });
        if (progress < 100) await sleep(50);
      }
      return text('Progress tool finished.');
    },
  );
}

function inputTools(server: McpServer, codec: RequestStateCodec<State>): void {
  const tool = (
    name: string,
    run: (ctx: ServerContext) => Promise<CallToolResult | ReturnType<typeof inputRequired>>,
  ) =>
    server.registerTool(name, { description: `Conformance fixture ${name}.`, inputSchema: NONE }, (_a, ctx) =>
      run(ctx),
    );
  const ask = (key: string, message: string, schema = NAME_SCHEMA) => ({
    [key]: inputRequired.elicit({ mode: 'form', message, requestedSchema: schema }),
  });

  tool('test_input_required_result_elicitation', async (ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, 'user_name', z.object({ name: z.string() }));
    if (!answer) return inputRequired({ inputRequests: ask('user_name', 'What is your name?') });
    return text(`Hello, ${answer.name}!`);
  });
  tool('test_input_required_result_sampling', async (ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'capital_question');
    if (view.kind !== 'sampling')
      return inputRequired({
        inputRequests: {
          capital_question: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
            maxTokens: 100,
          }),
        },
      });
    return text(`Sampling answered: ${JSON.stringify(view.result.content)}`);
  });
  tool('test_input_required_result_list_roots', async (ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'client_roots');
    if (view.kind !== 'roots')
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    return text(`Roots: ${view.roots.map((r) => r.uri).join(', ')}`);
  });
  tool('test_input_required_result_request_state', async (ctx) => {
    const state = ctx.mcpReq.requestState<State>();
    if (state?.fixture === 'request_state' && ctx.mcpReq.inputResponses?.confirm)
      return text('Confirmed: state-ok');
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          mode: 'form',
          message: 'Please confirm',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        }),
      },
      requestState: await codec.mint({ fixture: 'request_state', round: 1 }),
    });
  });
  tool('test_input_required_result_tampered_state', async (ctx) => {
    if (ctx.mcpReq.requestState<State>()?.fixture === 'tampered') return text('state-ok');
    return inputRequired({
      inputRequests: ask('user_name', 'What is your name?'),
      requestState: await codec.mint({ fixture: 'tampered', round: 1 }),
    });
  });
  tool('test_input_required_result_multiple_inputs', async (ctx) => {
    const r = ctx.mcpReq.inputResponses ?? {};
    if (
      ctx.mcpReq.requestState<State>()?.fixture === 'multiple' &&
      r.user_name &&
      r.greeting &&
      r.client_roots
    )
      return text('All three inputs received.');
    return inputRequired({
      inputRequests: {
        ...ask('user_name', 'What is your name?'),
        greeting: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        }),
        client_roots: inputRequired.listRoots(),
      },
      requestState: await codec.mint({ fixture: 'multiple', round: 1 }),
    });
  });
  tool('test_input_required_result_multi_round', async (ctx) => {
    const state = ctx.mcpReq.requestState<State>();
    const r = ctx.mcpReq.inputResponses ?? {};
    if (state?.fixture === 'multi' && state.round === 2 && r.step2) return text('Both steps answered.');
    if (state?.fixture === 'multi' && state.round === 1 && r.step1)
      return inputRequired({
        inputRequests: {
          step2: inputRequired.elicit({
            mode: 'form',
            message: 'Step 2: What is your favorite color?',
            requestedSchema: {
              type: 'object',
              properties: { color: { type: 'string' } },
              required: ['color'],
            },
          }),
        },
        requestState: await codec.mint({ fixture: 'multi', round: 2 }),
      });
    return inputRequired({
      inputRequests: ask('step1', 'Step 1: What is your name?'),
      requestState: await codec.mint({ fixture: 'multi', round: 1 }),
    });
  });
}

/** The capabilities the request declares: per request on 2026-07-28, from initialize before. */
function capsOf(server: McpServer, ctx: ServerContext): ClientCapabilities {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return (
    (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
    server.server.getClientCapabilities() ??
    {}
  );
}

/** The fixtures that ask the client for something (the SDK turns them into pushes on 2025 wires). */
function askingTools(server: McpServer): void {
  const greet = {
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Generate a greeting' } }],
    maxTokens: 50,
  };
  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Conformance fixture: asks only for what the client declared.', inputSchema: NONE },
    (_args, ctx) => {
      const caps = capsOf(server, ctx);
      if (Object.keys(ctx.mcpReq.inputResponses ?? {}).length > 0) return text('Inputs received.');
      const requests: Record<string, ReturnType<typeof inputRequired.listRoots>> = {};
      if (caps.elicitation)
        Object.assign(requests, {
          user_name: inputRequired.elicit({
            mode: 'form',
            message: 'What is your name?',
            requestedSchema: NAME_SCHEMA,
          }),
        });
      if (caps.sampling) requests.greeting = inputRequired.createMessage(greet);
      if (caps.roots) requests.client_roots = inputRequired.listRoots();
      if (Object.keys(requests).length === 0) return text('The client declared nothing to ask.');
      return inputRequired({ inputRequests: requests });
    },
  );
  server.registerTool(
    'test_missing_capability',
    {
      description: 'Conformance fixture: needs sampling, whatever the client declared.',
      inputSchema: NONE,
    },
    () => inputRequired({ inputRequests: { greeting: inputRequired.createMessage(greet) } }),
  );
  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Conformance fixture: an input request on the response stream.', inputSchema: NONE },
    (_args, ctx) => {
      if (ctx.mcpReq.inputResponses?.user_name) return text('Answer received.');
      return inputRequired({
        inputRequests: {
          user_name: inputRequired.elicit({
            mode: 'form',
            message: 'What is your name?',
            requestedSchema: NAME_SCHEMA,
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_logging_tool',
    { description: 'Conformance fixture: logs only when the request asked for logs.', inputSchema: NONE },
    async (_args, ctx) => {
      await ctx.mcpReq.log('info', 'Logging tool ran');
      return text('Logged.');
    },
  );
  server.registerTool(
    'test_sampling',
    {
      description: 'Conformance fixture: asks the client LLM.',
      inputSchema: z.object({ prompt: z.string() }),
    },
    ({ prompt }, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'answer');
      if (view.kind === 'sampling') return text(`LLM response: ${JSON.stringify(view.result.content)}`);
      return inputRequired({
        inputRequests: {
          answer: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
            maxTokens: 100,
          }),
        },
      });
    },
  );
  const elicitTool = (
    name: string,
    input: z.ZodObject,
    message: (args: Record<string, unknown>) => string,
    schema: Record<string, unknown>,
    done: string,
  ) =>
    server.registerTool(
      name,
      { description: `Conformance fixture ${name}.`, inputSchema: input },
      (args, ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'answer');
        if (view.kind === 'elicit')
          return text(`${done}: action=${view.action}, content=${JSON.stringify(view.content ?? {})}`);
        return inputRequired({
          inputRequests: {
            answer: inputRequired.elicit({
              mode: 'form',
              message: message(args),
              requestedSchema: schema as never,
            }),
          },
        });
      },
    );
  elicitTool(
    'test_elicitation',
    z.object({ message: z.string() }),
    (a) => String(a.message),
    {
      type: 'object',
      properties: {
        username: { type: 'string', description: "User's response" },
        email: { type: 'string', description: "User's email address" },
      },
      required: ['username', 'email'],
    },
    'User response',
  );
  elicitTool(
    'test_elicitation_sep1034_defaults',
    NONE,
    () => 'Please review the defaults',
    {
      type: 'object',
      properties: {
        name: { type: 'string', default: 'John Doe' },
        age: { type: 'integer', default: 30 },
        score: { type: 'number', default: 95.5 },
        status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', default: true },
      },
    },
    'Elicitation completed',
  );
  elicitTool(
    'test_elicitation_sep1330_enums',
    NONE,
    () => 'Please choose',
    {
      type: 'object',
      properties: {
        untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
        titledSingle: {
          type: 'string',
          oneOf: [
            { const: 'value1', title: 'First Option' },
            { const: 'value2', title: 'Second Option' },
            { const: 'value3', title: 'Third Option' },
          ],
        },
        legacyEnum: {
          type: 'string',
          enum: ['opt1', 'opt2', 'opt3'],
          enumNames: ['Option One', 'Option Two', 'Option Three'],
        },
        untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
        titledMulti: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'value1', title: 'First Choice' },
              { const: 'value2', title: 'Second Choice' },
              { const: 'value3', title: 'Third Choice' },
            ],
          },
        },
      },
    },
    'Elicitation completed',
  );
  server.registerTool(
    'test_custom_headers',
    {
      description: 'Conformance fixture: a parameter mirrored into an Mcp-Param header.',
      inputSchema: fromJsonSchema({
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
        required: ['region'],
      } as never),
    },
    (args) => text(`region=${String((args as { region?: unknown }).region)}`),
  );
}

/** Registers every diagnostic tool on a server instance. */
export function addFixtureTools(server: McpServer, codec: RequestStateCodec<State>): void {
  contentTools(server);
  notifyingTools(server);
  inputTools(server, codec);
  askingTools(server);
}
