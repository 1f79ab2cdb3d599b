/** The write tools (spec write-tools.md §4), listed and callable only when AVENIR_MCP_WRITE=1. */
import type { ToolDefinition } from './define-tool.js';
import { approveTransactions, importTransactions } from './bank.js';
import { applyCategories } from './categorize.js';
import { undoOperation } from './undo.js';

export const writeTools: readonly ToolDefinition[] = [
  applyCategories,
  approveTransactions,
  importTransactions,
  undoOperation,
] as unknown as readonly ToolDefinition[];
