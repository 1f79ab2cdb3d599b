/** Write tools of this area, registered through tools/writes.ts. */
import type { ToolDefinition } from './define-tool.js';

export const writesReconcile: readonly ToolDefinition[] = [];
