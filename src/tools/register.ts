/**
 * The one seam between tool definitions and the MCP SDK (DESIGN.md §4): annotations from `kind`,
 * the write gate, `structuredContent` plus one text block, and failures as `isError` results with the
 * spec's texts (core.md §6.1, D16; logging D20).
 */
import type { CallToolResult, McpServer, ToolAnnotations } from '@modelcontextprotocol/server';
import type { Deps } from '../deps.js';
import { AppError, ClientError } from '../domain/errors.js';
import { describe, type ToolDefinition } from './define-tool.js';

/** The MCP annotations a tool declares (core.md §1.5). */
export function annotationsOf(tool: ToolDefinition): ToolAnnotations {
  if (tool.kind === 'read')
    return { title: tool.title, readOnlyHint: true, idempotentHint: true, openWorldHint: true };
  return {
    title: tool.title,
    readOnlyHint: false,
    destructiveHint: tool.destructive ?? true,
    idempotentHint: tool.idempotent ?? false,
    openWorldHint: true,
  };
}

const text = (message: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  ...(isError ? { isError: true } : {}),
});

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

/** What INFO logs of a call: the tool and its ids and counts, never names or amounts (core.md §2.9). */
function callLine(tool: string, input: Record<string, unknown>): string {
  const parts = Object.entries(input)
    .filter(
      ([k, v]) => (k.endsWith('_id') && typeof v === 'string') || Array.isArray(v) || typeof v === 'number',
    )
    .map(([k, v]) => (Array.isArray(v) ? `${k}=[${v.length}]` : `${k}=${String(v)}`));
  return `Tool called: ${tool}(${parts.join(', ')})`;
}

/** Registers the tools on a server; write tools only when the write gate is open. */
export function registerTools(server: McpServer, tools: readonly ToolDefinition[], deps: Deps): void {
  for (const tool of tools) {
    if (tool.kind === 'write' && !deps.config.write) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: describe(tool, deps.config.write),
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: annotationsOf(tool),
      },
      async (input: Record<string, unknown>): Promise<CallToolResult> => {
        deps.log.info('tools', callLine(tool.name, input));
        try {
          const output: Record<string, unknown> = await tool.run({ deps, tool: tool.name }, input);
          return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
        } catch (error) {
          return failureResult(deps, tool.name, error);
        }
      },
    );
  }
}
