/**
 * stdio transport: `serveStdio` serves both 2026-07-28 and 2025-era clients, reading stdin through the
 * message size limit (an oversized message is answered with an error instead of ending the server).
 * The streams are the process's own; tests hand in a pair of their own to drive it in-process.
 */
import type { Readable, Writable } from 'node:stream';
import type { McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { idAtEnd, idNear, LineLimit, MAX_MESSAGE_BYTES, tooLargeLine } from './stdio-limit.js';

export interface StdioStreams {
  input: Readable;
  output: Writable;
}

export function runStdio(
  factory: (ctx: McpRequestContext) => McpServer,
  onerror: (error: Error) => void,
  streams: StdioStreams = { input: process.stdin, output: process.stdout },
): { close(): Promise<void> } {
  const input = new LineLimit((head, tail) => {
    onerror(new Error(`A message over ${MAX_MESSAGE_BYTES} bytes was refused`));
    streams.output.write(tooLargeLine(idNear(head) ?? idAtEnd(tail)));
  });
  streams.input.pipe(input);
  const transport = new StdioServerTransport(input, streams.output);
  return serveStdio(factory, { onerror, transport });
}
