/** The tool definitions of this area, registered through tools/index.ts. */
import type { ToolDefinition } from '../define-tool.js';

export const analyticsTools: readonly ToolDefinition[] = [];
