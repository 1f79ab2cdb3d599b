/**
 * A `__proto__` member among a tool call's arguments. JSON parsing keeps it as an ordinary key, but the
 * SDK copies the arguments before the tool's schema sees them, and the copy turns that key into the
 * object's prototype: the strict schema never sees an unknown key and the call went through. The raw
 * message is therefore checked as it arrives, and such a call gets the usual argument error (with the
 * `resultType` protocol 2026-07-28 requires; clients of earlier revisions drop it).
 */
import type { JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { onEachConnection } from './on-connect.js';

/** Keys that change an object's shape when copied, never a parameter of any tool. */
const FORBIDDEN = ['__proto__'];

interface RawCall {
  id: string | number;
  method: string;
  params: { name?: unknown; arguments?: unknown };
}

const isToolCall = (m: JSONRPCMessage): m is JSONRPCMessage & RawCall =>
  'method' in m &&
  m.method === 'tools/call' &&
  'id' in m &&
  typeof m.params === 'object' &&
  m.params !== null;

/** The first forbidden own key of the call's arguments, or null. */
function forbiddenKey(message: JSONRPCMessage): string | null {
  if (!isToolCall(message)) return null;
  const args = message.params.arguments;
  if (typeof args !== 'object' || args === null) return null;
  return FORBIDDEN.find((k) => Object.prototype.hasOwnProperty.call(args, k)) ?? null;
}

/** Makes every transport the server connects to refuse tool calls whose arguments hold such a key. */
export function refuseForbiddenKeys(server: McpServer): void {
  onEachConnection(server, (transport, deliver) => {
    transport.onmessage = (message, extra) => {
      const key = forbiddenKey(message);
      if (key === null || !isToolCall(message)) return deliver(message, extra);
      const text = `Input validation error: Invalid arguments for tool ${String(message.params.name)}: Unrecognized key: "${key}"`;
      void transport.send(
        {
          jsonrpc: '2.0',
          id: message.id,
          result: { resultType: 'complete', content: [{ type: 'text', text }], isError: true },
        },
        { relatedRequestId: message.id },
      );
    };
  });
}
