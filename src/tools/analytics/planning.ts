/** The tool definitions of this area, registered through tools/analytics/index.ts. */
import type { ToolDefinition } from '../define-tool.js';
import { forecastBalance } from './forecast.js';
import { findRecurringCharges } from './recurring.js';

export const planningTools: readonly ToolDefinition[] = [findRecurringCharges, forecastBalance];
