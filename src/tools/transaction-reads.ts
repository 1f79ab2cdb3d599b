/** The tool definitions of this area, registered through tools/index.ts. */
import type { ToolDefinition } from './define-tool.js';
import { listScheduledTransactions } from './scheduled.js';
import { findTransactions } from './transactions.js';

export const transactionReadTools: readonly ToolDefinition[] = [listScheduledTransactions, findTransactions];
