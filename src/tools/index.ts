/** Every tool definition, in catalogue order (spec core.md §1.3). */
import type { ToolDefinition } from './define-tool.js';
import { listAccounts } from './accounts.js';
import { listCategoryGroups } from './categories.js';
import { listPayees } from './payees.js';
import { listPlans } from './plans.js';

export const allTools: readonly ToolDefinition[] = [listPlans, listAccounts, listCategoryGroups, listPayees];
