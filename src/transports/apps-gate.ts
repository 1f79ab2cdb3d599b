/**
 * MCP Apps only for clients that render them. A client that does not declare the extension sees the
 * server exactly as it was before views existed: the approval card's tools and the `ui://` views are
 * neither listed nor readable (they answer like unknown names), and no tool carries a view in its
 * `_meta`. The capability is read per request (2026-07-28 sends it with each one; earlier revisions
 * declared it at initialize), so the gate sits where messages arrive and answers leave.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type JSONRPCMessage,
  type McpServer,
} from '@modelcontextprotocol/server';
import { APP_ONLY_TOOLS, rendersApps } from '../mcp/app-views.js';
import { answeredId, onEachConnection, type Id } from './on-connect.js';

interface Request {
  id: Id;
  method: string;
  params?: { name?: unknown; uri?: unknown; _meta?: Record<string, unknown> };
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & Request => 'method' in m && 'id' in m;
const isView = (uri: unknown): boolean => typeof uri === 'string' && uri.startsWith('ui://');

/** A tool entry without its view: `_meta.ui` and the flat key go, and `_meta` itself when emptied. */
function withoutView(tool: Record<string, unknown>): Record<string, unknown> {
  const meta = tool._meta as Record<string, unknown> | undefined;
  if (meta === undefined || !('ui' in meta)) return tool;
  const rest = Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'ui' && k !== 'ui/resourceUri'));
  const copy = { ...tool };
  if (Object.keys(rest).length === 0) delete copy._meta;
  else copy._meta = rest;
  return copy;
}

const appOnly = (tool: { name?: unknown }): boolean =>
  typeof tool.name === 'string' && APP_ONLY_TOOLS.includes(tool.name);

/** The list answer as a client without Apps gets it. */
function filtered(kind: 'tools' | 'resources', result: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'tools') {
    const tools = result.tools as Record<string, unknown>[];
    return { ...result, tools: tools.filter((t) => !appOnly(t)).map(withoutView) };
  }
  const resources = result.resources as { uri?: unknown }[];
  return { ...result, resources: resources.filter((r) => !isView(r.uri)) };
}

/** The error an unknown tool or resource gets, for a name that exists only for clients with Apps. */
function hiddenError(request: Request): ProtocolError | null {
  const p = request.params;
  if (request.method === 'tools/call' && appOnly(p ?? {}))
    return new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${String(p?.name)} not found`);
  if (request.method === 'resources/read' && isView(p?.uri)) return new ResourceNotFoundError(String(p?.uri));
  return null;
}

/** Gates every transport the server connects to (see above). */
export function gateApps(server: McpServer): void {
  onEachConnection(server, (transport, deliver) => {
    const send = transport.send.bind(transport);
    const lists = new Map<Id, 'tools' | 'resources'>();
    const declared = (request: Request): boolean =>
      rendersApps(
        request.params?._meta?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities(),
      );
    transport.onmessage = (message, extra) => {
      if (!isRequest(message) || declared(message)) return deliver(message, extra);
      const error = hiddenError(message);
      if (error !== null) {
        const body = {
          code: error.code,
          message: error.message,
          ...(error.data ? { data: error.data } : {}),
        };
        void send({ jsonrpc: '2.0', id: message.id, error: body }, { relatedRequestId: message.id });
        return;
      }
      if (message.method === 'tools/list') lists.set(message.id, 'tools');
      if (message.method === 'resources/list') lists.set(message.id, 'resources');
      return deliver(message, extra);
    };
    transport.send = (message, options) => {
      const id = answeredId(message);
      const kind = id === undefined ? undefined : lists.get(id);
      // an answer, result or error, ends its request: its id is forgotten either way
      if (id !== undefined) lists.delete(id);
      if (kind === undefined || !('result' in message)) return send(message, options);
      return send({ ...message, result: filtered(kind, message.result) }, options);
    };
  });
}
