/**
 * The undo of a `target` operation (spec core.md §4.4–4.5, write-tools.md §4.14): the category must
 * still be visible and hold the target the operation set; then one PATCH sends the stored fields
 * that restore the previous target. Registered when `set_category_target`'s module loads.
 */
import { indexCategories } from '../../domain/categories/category-lists.js';
import { targetDescription } from '../../domain/months/targets.js';
import { clean } from '../../domain/text.js';
import { registerUndo } from './categorize.js';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

registerUndo('target', async (ynab, plan, entry) => {
  const categoryId = text(entry.details.category_id) ?? '';
  const after = text(entry.details.after);
  const undo = entry.details.undo;
  const category = indexCategories(await ynab.categoryGroups(plan)).visible.get(categoryId);
  const intact = category !== undefined && isObject(undo) && targetDescription(category) === after;
  return {
    conflicts: intact ? [] : [categoryId].filter((id) => id !== ''),
    changes: [],
    fullConflict: intact ? null : 'The target changed since: left alone.',
    question: `Undo: set the target of ${clean(category?.name ?? categoryId)} back?`,
    subject: { undo: entry.operation_id, items: [categoryId] },
    flow: 'merge',
    apply: async () => {
      await ynab.request('PATCH', ['plans', plan, 'categories', categoryId], { body: { category: undo } });
      return 'Target restored.';
    },
  };
});
