/**
 * `apply_itemization`: the splits and recategorisations itemize_transaction and match_orders
 * proposed, applied in one preview and one bulk PATCH after the user's yes. The recategorisations
 * are journaled as `categorize` (undo_operation puts the categories back); the splits are not, since
 * YNAB's API cannot un-split a transaction, and the question says so before the yes.
 */
import { z } from 'zod';
import { checkAmount } from '../../domain/amount-checks.js';
import { indexCategories } from '../../domain/categories/category-lists.js';
import { offBudgetIds } from '../../domain/categorize/pending.js';
import { itemizationQuestion, planItemization } from '../../domain/itemize/apply-plan.js';
import { holds } from '../../domain/write-verify.js';
import { splitPatch } from '../../domain/transactions/split.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { patchWrite } from '../../safety/outcome/verify-transactions.js';
import { fieldsHeld, recordOf, splitHeld } from '../../safety/recognise.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { transactionKeys } from '../shared/subjects.js';
import { changeListFields } from '../shared/write-schemas.js';
import { amountParam } from '../shared/params.js';
import { ynabText } from '../transactions/transaction-write-schemas.js';

const itemizationFields = () => ({
  ...changeListFields,
  split_ids: z.array(z.string()).describe('The transactions split, in the order given.'),
});
type ItemizationResult = WriteResult<ReturnType<typeof itemizationFields>, true>;

/** A change as the journal keeps it. */
const moveOf = (c: {
  transaction_id: string;
  from_category_id: string | null;
  to_category_id: string | null;
}) => ({
  transaction_id: c.transaction_id,
  from_category_id: c.from_category_id,
  to_category_id: c.to_category_id,
});

export const applyItemization = defineWriteTool({
  name: 'apply_itemization',
  title: 'Apply itemised splits and categories',
  undoable: true,
  destructive: true,
  idempotent: false,
  description: [
    'Apply the splits and categories itemize_transaction or match_orders proposed.',
    PREVIEW,
    'Category changes undoable, splits not. Costs 3 YNAB requests, 1 more to apply.',
  ],
  rules:
    'Each split as split_transaction takes it (lines adding up to the transaction, a category each); each category as apply_categories. A transaction once.',
  input: () => ({
    plan_id: planId,
    splits: z
      .array(
        z.strictObject({
          transaction_id: z.string().min(1).describe('From split.'),
          lines: z
            .array(
              z.strictObject({
                amount: amountParam(),
                category_id: z.string().min(1).nullable().describe('Null refused: ask first.'),
                memo: ynabText(500).nullable().default(null).describe('The items.'),
              }),
            )
            .max(50)
            .describe('As split gives them.'),
        }),
      )
      .max(20)
      .default([])
      .describe('The splits.'),
    categories: z
      .array(
        z.strictObject({
          transaction_id: z.string().min(1).describe('From category.'),
          category_id: z.string().min(1).describe('Its category.'),
        }),
      )
      .max(100)
      .default([])
      .describe('One category for a whole transaction.'),
  }),
  output: itemizationFields,
  async run({ deps, money }, { plan_id, splits, categories }) {
    splits.forEach((split, i) =>
      split.lines.forEach((l, j) =>
        checkAmount(
          l.amount,
          `splits[${i}].lines[${j}].amount`,
          'a line of 0 splits nothing off: leave it out.',
        ),
      ),
    );
    const plan = await resolvePlan(deps, plan_id);
    const transactions = await deps.ynab.transactions.list(plan);
    const index = indexCategories(await deps.ynab.categories.groups(plan));
    const offBudget = offBudgetIds(await deps.ynab.accounts.list(plan));
    const planned = planItemization({ splits, categories }, transactions, index, offBudget, money);
    const { changes } = planned;
    const base: ItemizationResult = {
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      changes,
      unchanged_count: planned.unchanged,
      conflicts: [],
      split_ids: planned.splits.map((s) => s.transaction_id),
      confirmation: null,
      operation_id: null,
    };
    if (changes.length === 0 && planned.splits.length === 0) return base;
    const splitPatches = planned.splits.map((s) => splitPatch(s.transaction_id, s.plan));
    const categoryPatches = changes.map((c) => ({ id: c.transaction_id, category_id: c.to_category_id }));
    const first = splitPatches[0];
    return new ConfirmRequest({
      journals: changes.length > 0 ? ['categorize'] : [],
      plan,
      subject: {
        splits: planned.splits.map((s) => ({ transaction: s.transaction_id, lines: s.lines })),
        changes,
      },
      sameSubject: transactionKeys([
        ...planned.splits.map((s) => s.transaction_id),
        ...changes.map((c) => c.transaction_id),
      ]),
      checkWith: 'find_transactions',
      // one bulk PATCH lands whole: its category changes show it (journaled), else its first split
      recognise: () =>
        categoryPatches.length > 0 || first === undefined
          ? fieldsHeld(categoryPatches, recordOf('categorize', {}, changes.map(moveOf)))
          : splitHeld(first.id, first.subtransactions),
      question: itemizationQuestion(planned, money),
      flow: 'merge',
      preview: { ...base, status: 'applied', message: '' },
      apply: async () => {
        const write = patchWrite(deps, plan, [...splitPatches, ...categoryPatches], transactions);
        return settled(write, async (verdict) => {
          const held = changes.filter((c) => holds(verdict, write.asked, c.transaction_id));
          return finishWrite({
            money,
            preview: { ...base, status: 'applied', message: '' },
            verdict,
            asked: write.asked,
            check: 'find_transactions',
            done:
              planned.splits.length > 0
                ? 'Applied. The splits cannot be undone through the API.'
                : 'Applied.',
            ...(held.length > 0 && {
              record: async () => {
                const id = await recordOperation(deps, plan, 'categorize', {}, held.map(moveOf));
                return { id, undo: `undo_operation with operation_id ${id} reverts the category changes.` };
              },
            }),
          });
        });
      },
    });
  },
});
