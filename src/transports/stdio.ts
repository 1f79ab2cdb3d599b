/** stdio transport: `serveStdio` serves both 2026-07-28 and 2025-era clients. */
import type { McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

export function runStdio(
  factory: (ctx: McpRequestContext) => McpServer,
  onerror: (error: Error) => void,
): { close(): Promise<void> } {
  return serveStdio(factory, { onerror });
}
