/** The planning analytics (spec read-tools.md §3.14–3.19). */
import type { ToolDefinition } from '../define-tool.js';
import { planningTools } from './planning.js';
import { wealthTools } from './wealth.js';

export const analyticsTools: readonly ToolDefinition[] = [...wealthTools, ...planningTools];
