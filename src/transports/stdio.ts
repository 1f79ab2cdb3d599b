/**
 * stdio transport: `serveStdio` serves both 2026-07-28 and 2025-era clients, reading stdin through the
 * message size limit (an oversized message is answered with an error instead of ending the server).
 */
import type { McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { idNear, LineLimit, MAX_MESSAGE_BYTES, tooLargeLine } from './stdio-limit.js';

export function runStdio(
  factory: (ctx: McpRequestContext) => McpServer,
  onerror: (error: Error) => void,
): { close(): Promise<void> } {
  const input = new LineLimit((head) => {
    onerror(new Error(`A message over ${MAX_MESSAGE_BYTES} bytes was refused`));
    process.stdout.write(tooLargeLine(idNear(head)));
  });
  process.stdin.pipe(input);
  const transport = new StdioServerTransport(input, process.stdout);
  return serveStdio(factory, { onerror, transport });
}
