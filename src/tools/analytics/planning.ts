/** The tool definitions of this area, registered through tools/analytics/index.ts. */
import type { ToolDefinition } from '../define-tool.js';

export const planningTools: readonly ToolDefinition[] = [];
