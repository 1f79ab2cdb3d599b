/** The tool definitions of this area, registered through tools/analytics/index.ts. */
import type { ToolDefinition } from '../define-tool.js';
import { getNetWorthTrend } from './net-worth.js';
import { getDebtPayoffPlan } from './payoff.js';
import { getRunway } from './runway.js';
import { getSavingsRate } from './savings.js';

export const wealthTools: readonly ToolDefinition[] = [
  getNetWorthTrend,
  getRunway,
  getSavingsRate,
  getDebtPayoffPlan,
];
