/** The classification read tool, registered through tools/index.ts (to join transaction-reads.ts). */
import type { ToolDefinition } from './define-tool.js';
import { suggestCategories } from './classify.js';

export const classifyTools: readonly ToolDefinition[] = [suggestCategories];
