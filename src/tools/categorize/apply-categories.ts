/** `apply_categories`: one bulk PATCH after the user's yes, journaled. */
import { z } from 'zod';
import { planAssignments } from '../../domain/categorize/assignments.js';
import { indexCategories } from '../../domain/categories/category-lists.js';
import { changeQuestion, type Change } from '../../domain/categorize/changes.js';
import { offBudgetIds } from '../../domain/categorize/pending.js';
import type { Deps } from '../../deps.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import type { YnabTransaction } from '../../domain/model.js';
import { holds, type Verdict } from '../../domain/write-verify.js';
import { fieldsHeld, recordOf } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { patchWrite } from '../../safety/outcome/verify-transactions.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { changeListFields } from '../shared/write-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { transactionKeys } from '../shared/subjects.js';

type Result = WriteResult<typeof changeListFields, true>;

/** A change as the journal keeps it. */
const moveOf = (c: Change) => ({
  transaction_id: c.transaction_id,
  from_category_id: c.from_category_id,
  to_category_id: c.to_category_id,
});

/**
 * Sends one bulk PATCH setting each transaction's category (null clears); `finish` gets the verdict
 * of what YNAB holds (again later, should it land late).
 */
function patchCategories<T>(
  deps: Deps,
  plan: string,
  changes: readonly Change[],
  before: readonly YnabTransaction[],
  finish: (verdict: Verdict, write: ReturnType<typeof patchWrite>) => Promise<T>,
): Promise<T> {
  const patches = changes.map((c) => ({ id: c.transaction_id, category_id: c.to_category_id }));
  const write = patchWrite(deps, plan, patches, before);
  return settled(write, (verdict) => finish(verdict, write));
}

export const applyCategories = defineWriteTool({
  name: 'apply_categories',
  title: 'Assign categories to transactions',
  undoable: true,
  destructive: true,
  idempotent: true,
  description: [
    'Assign categories to many transactions at once.',
    PREVIEW,
    'Undoable. Costs 3 YNAB requests, 1 more to apply.',
  ],
  rules: 'Budget accounts only; split transactions and transfers are refused.',
  names: { 'assignments[].category_id': 'category' },
  input: () => ({
    plan_id: planId,
    assignments: z
      .array(
        z.strictObject({
          transaction_id: z.string().min(1).describe('From suggest_categories or find_transactions.'),
          category_id: z
            .string()
            .min(1)
            .describe('From suggest_categories; income: Inflow: Ready to Assign.'),
        }),
      )
      .min(1)
      .max(100)
      .describe('One per transaction.'),
  }),
  output: () => changeListFields,
  async run({ deps, money }, { plan_id, assignments }) {
    const plan = await resolvePlan(deps, plan_id);
    const transactions = await deps.ynab.transactions.list(plan);
    const index = indexCategories(await deps.ynab.categories.groups(plan));
    const offBudget = offBudgetIds(await deps.ynab.accounts.list(plan));
    const { changes, unchanged } = planAssignments(assignments, transactions, index, offBudget);
    const base: Result = {
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      changes,
      unchanged_count: unchanged,
      conflicts: [],
      confirmation: null,
      operation_id: null,
    };
    if (changes.length === 0) return base;
    return new ConfirmRequest({
      journals: ['categorize'],
      plan,
      subject: changes,
      sameSubject: transactionKeys(changes.map((c) => c.transaction_id)),
      checkWith: 'find_transactions',
      recognise: () =>
        fieldsHeld(
          changes.map((c) => ({ id: c.transaction_id, category_id: c.to_category_id })),
          recordOf('categorize', {}, changes.map(moveOf)),
        ),
      question: changeQuestion('Recategorise', changes, money),
      flow: 'change-list',
      preview: base,
      apply: async () => {
        return patchCategories(deps, plan, changes, transactions, (verdict, write) => {
          const held = changes.filter((c) => holds(verdict, write.asked, c.transaction_id));
          return finishWrite({
            money,
            preview: base,
            verdict,
            asked: write.asked,
            check: 'find_transactions',
            done: 'Applied.',
            record: async () => {
              const id = await recordOperation(deps, plan, 'categorize', {}, held.map(moveOf));
              return { id, undo: `undo_operation with operation_id ${id} reverts it.` };
            },
          });
        });
      },
    });
  },
});
