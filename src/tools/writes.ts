/** The write tools (spec write-tools.md §4), listed and callable only when AVENIR_MCP_WRITE=1. */
import { compareCodePoints } from '../domain/text.js';
import type { ToolDefinition } from './define-tool.js';
import { approveTransactions, importTransactions } from './bank.js';
import { applyCategories } from './categorize.js';
import { undoOperation } from './undo.js';
import { writesBudget } from './writes-budget.js';
import { writesCategories } from './writes-categories.js';
import { writesReconcile } from './writes-reconcile.js';
import { writesTransactions } from './writes-transactions.js';

/** In the catalogue's (alphabetical) order. */
export const writeTools: readonly ToolDefinition[] = (
  [
    applyCategories,
    approveTransactions,
    importTransactions,
    undoOperation,
    ...writesBudget,
    ...writesCategories,
    ...writesReconcile,
    ...writesTransactions,
  ] as unknown as ToolDefinition[]
).sort((a, b) => compareCodePoints(a.name, b.name));
