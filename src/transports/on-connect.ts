/**
 * A step between the server and every transport it connects to: over stdio one connection for the
 * process, over stateless HTTP one per exchange. The step runs once the SDK has connected, with the
 * handler the SDK installed for arriving messages, and may replace how messages arrive
 * (`transport.onmessage`) and how answers leave (`transport.send`). The steps that shape what a client
 * sees (the Apps gate, the refusal of `__proto__` arguments, the lean identity) are built on it.
 */
import type { JSONRPCMessage, McpServer, Transport } from '@modelcontextprotocol/server';

export type Deliver = NonNullable<Transport['onmessage']>;

/** A JSON-RPC request id. */
export type Id = string | number;

export function onEachConnection(
  server: McpServer,
  step: (transport: Transport, deliver: Deliver) => void,
): void {
  const connect = server.connect.bind(server);
  server.connect = async (transport: Transport): Promise<void> => {
    await connect(transport);
    const deliver = transport.onmessage;
    if (deliver) step(transport, deliver);
  };
}

/** The id of the request a leaving message answers (with a result or an error), or undefined. */
export function answeredId(message: JSONRPCMessage): Id | undefined {
  if (!('result' in message) && !('error' in message)) return undefined;
  return message.id ?? undefined;
}
