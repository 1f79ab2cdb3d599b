/** Write tools of this area, registered through tools/writes.ts. */
import type { ToolDefinition } from './define-tool.js';
import { reconcileAccount } from './reconcile.js';
import { renamePayee } from './rename-payee.js';

export const writesReconcile: readonly ToolDefinition[] = [reconcileAccount, renamePayee];
