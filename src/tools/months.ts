/** The month tools (spec read-tools.md §3.8–3.13), registered through tools/index.ts. */
import { getAgeOfMoney } from './age-of-money.js';
import type { ToolDefinition } from './define-tool.js';
import {
  getBudgetVsActual,
  getCategoryBalances,
  getMonthlySummary,
  getSpendingTrends,
} from './month-reads.js';
import { getUnderfundedTargets } from './targets.js';

export const monthTools: readonly ToolDefinition[] = [
  getMonthlySummary,
  getCategoryBalances,
  getBudgetVsActual,
  getSpendingTrends,
  getUnderfundedTargets,
  getAgeOfMoney,
];
