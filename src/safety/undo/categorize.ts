/**
 * Undo of a `categorize` operation: each transaction still in the category it was given goes back to
 * its previous one, in one bulk update; the others are conflicts, left alone.
 */
import { indexCategories } from '../../domain/categories/category-lists.js';
import { changeOf, changeQuestion, type Change } from '../../domain/categorize/changes.js';
import { patchesHeld } from '../../domain/write-verify.js';
import { fieldsHeld } from '../recognise.js';
import type { UndoHandler } from './types.js';

/** A categorize entry with nothing readable: no transaction can be checked, so none is changed. */
export const NOTHING_TO_RECATEGORISE =
  'Nothing to change. 0 transaction(s) changed since and were left alone.';

export const undoCategorize: UndoHandler<'categorize'> = async (ynab, plan, entry, _details, money) => {
  const transactions = new Map((await ynab.transactions.list(plan)).map((t) => [t.id, t]));
  const names = indexCategories(await ynab.categories.groups(plan)).names;
  const changes: Change[] = [];
  const conflicts: string[] = [];
  for (const move of entry.moves) {
    const tx = transactions.get(move.transaction_id);
    // the list holds live transactions only: one deleted since is absent
    if (!tx || (tx.category_id ?? null) !== move.to_category_id) conflicts.push(move.transaction_id);
    else changes.push(changeOf(tx, move.from_category_id, names));
  }
  const patches = changes.map((c) => ({ id: c.transaction_id, category_id: c.to_category_id }));
  return {
    conflicts,
    changes,
    fullConflict:
      changes.length === 0
        ? `Nothing to change. ${conflicts.length} transaction(s) changed since and were left alone.`
        : null,
    question: changeQuestion('Undo: recategorise', changes, money),
    subject: changes,
    flow: 'change-list',
    readBack: async () => patchesHeld(await ynab.transactions.list(plan), patches),
    recognise: () => fieldsHeld(patches, null),
    apply: async () => {
      await ynab.transactions.update(plan, patches);
      return 'Categories restored.';
    },
  };
};
