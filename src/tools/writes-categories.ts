/** Write tools of this area, registered through tools/writes.ts. */
import { createCategory, updateCategory } from './category-writes.js';
import type { ToolDefinition } from './define-tool.js';
import { setCategoryTarget } from './set-category-target.js';

export const writesCategories: readonly ToolDefinition[] = [
  createCategory,
  setCategoryTarget,
  updateCategory,
];
