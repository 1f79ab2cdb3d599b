/**
 * The server's identity on every answer, at the size an answer can afford. Protocol 2026-07-28 asks a
 * server to name itself on every result (`_meta["io.modelcontextprotocol/serverInfo"]`), and the SDK
 * stamps the whole identity it was built with: title, description, website and the inline icon, about
 * 700 bytes. A host reads that identity once, from `server/discover`, to show the server; on every
 * other answer (each tool list, each tool result) it would only be read by the model, as context it
 * pays for and never uses. So `server/discover` keeps the whole identity and every other answer names
 * the server by what the protocol requires of an identity: its name and version.
 *
 * The SDK leaves an identity already present in a result as it is, so the lean one is put in place as
 * the answer leaves, where the request it answers is known. Earlier revisions carry no identity on
 * results (the client reads it from `initialize`), so nothing changes for them.
 */
import { SERVER_INFO_META_KEY, type McpServer } from '@modelcontextprotocol/server';
import { SERVER_INFO } from '../server-info.js';
import { answeredId, onEachConnection, type Id } from './on-connect.js';

/** What the protocol requires of an identity; the rest is presentation, carried by discovery. */
const LEAN_SERVER_INFO = { name: SERVER_INFO.name, version: SERVER_INFO.version };

/** The answer with the lean identity, when it carries the SDK's stamp; anything else as it is. */
function leaner(message: Record<string, unknown>): Record<string, unknown> {
  const result = message.result as { _meta?: Record<string, unknown> } | undefined;
  const meta = result?._meta;
  if (meta === undefined || meta[SERVER_INFO_META_KEY] === undefined) return message;
  return { ...message, result: { ...result, _meta: { ...meta, [SERVER_INFO_META_KEY]: LEAN_SERVER_INFO } } };
}

/** Leans the identity on every answer of every transport the server connects to, discovery aside. */
export function leanIdentity(server: McpServer): void {
  onEachConnection(server, (transport, deliver) => {
    const send = transport.send.bind(transport);
    const discoveries = new Set<Id>();
    transport.onmessage = (message, extra) => {
      if ('method' in message && 'id' in message && message.method === 'server/discover')
        discoveries.add(message.id);
      return deliver(message, extra);
    };
    transport.send = (message, options) => {
      const id = answeredId(message);
      // an answer, result or error, ends its request: a discovery's id is forgotten either way
      if (id === undefined || discoveries.delete(id) || !('result' in message)) return send(message, options);
      return send(leaner(message) as typeof message, options);
    };
  });
}
