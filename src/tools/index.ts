/** Every tool definition, in catalogue order (spec core.md §1.3). Each area keeps its own list. */
import type { ToolDefinition } from './define-tool.js';
import { listAccounts } from './accounts.js';
import { analyticsTools } from './analytics/index.js';
import { listCategoryGroups } from './categories.js';
import { listPayees } from './payees.js';
import { listPlans } from './plans.js';
import { monthTools } from './months.js';
import { transactionReadTools } from './transaction-reads.js';
import { classifyTools } from './classify-registry.js';
import { writeTools } from './writes.js';

export const allTools: readonly ToolDefinition[] = [
  listPlans,
  listAccounts,
  listCategoryGroups,
  listPayees,
  ...transactionReadTools,
  ...classifyTools,
  ...monthTools,
  ...analyticsTools,
  ...writeTools,
] as readonly ToolDefinition[];
