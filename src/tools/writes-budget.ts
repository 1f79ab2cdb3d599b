/** Write tools of this area, registered through tools/writes.ts. */
import { moveMoney, setCategoryBudget } from './budget-writes.js';
import type { ToolDefinition } from './define-tool.js';

export const writesBudget: readonly ToolDefinition[] = [setCategoryBudget, moveMoney];
