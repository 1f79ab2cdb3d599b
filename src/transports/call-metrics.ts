/**
 * Times every `tools/call` between its arrival and its answer, for the metrics (src/metrics/hooks.ts):
 * a step on every connection, like the lean identity. The tool's name becomes a label only when it is
 * one of the server's own tools; any other name a client sends is counted as `other`, so that no
 * client can grow the number of series.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { allTools } from '../tools/index.js';
import { observeToolCall, secondsSince } from '../metrics/hooks.js';
import { answeredId, onEachConnection, type Id } from './on-connect.js';

/** The approval card's two tools, registered beside the catalogue (mcp/register-apps.ts). */
const CARD_TOOLS = ['open_approval', 'answer_approval'];
let known: Set<string> | null = null;
const labelOf = (name: unknown): string => {
  known ??= new Set([...allTools.map((t) => t.name), ...CARD_TOOLS]);
  return typeof name === 'string' && known.has(name) ? name : 'other';
};

/** Whether an answer says the call failed: a JSON-RPC error, or a result marked `isError`. */
const failed = (message: object): boolean =>
  'error' in message ||
  ('result' in message &&
    typeof message.result === 'object' &&
    message.result !== null &&
    'isError' in message.result &&
    message.result.isError === true);

export function meterCalls(server: McpServer): void {
  onEachConnection(server, (transport, deliver) => {
    const send = transport.send.bind(transport);
    const calls = new Map<Id, { tool: string; started: number }>();
    transport.onmessage = (message, extra) => {
      if ('method' in message && 'id' in message && message.method === 'tools/call')
        calls.set(message.id, { tool: labelOf(message.params?.name), started: performance.now() });
      return deliver(message, extra);
    };
    transport.send = (message, options) => {
      const id = answeredId(message);
      const call = id === undefined ? undefined : calls.get(id);
      if (call && id !== undefined) {
        calls.delete(id);
        observeToolCall(call.tool, failed(message) ? 'error' : 'ok', secondsSince(call.started));
      }
      return send(message, options);
    };
  });
}
