/** Write tools of this area, registered through tools/writes.ts. */
import { createTransactions } from './create-transactions.js';
import type { ToolDefinition } from './define-tool.js';
import { flagTransactions, splitTransaction } from './transaction-writes.js';

export const writesTransactions: readonly ToolDefinition[] = [
  createTransactions,
  flagTransactions,
  splitTransaction,
];
