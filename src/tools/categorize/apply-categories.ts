/** `apply_categories`: one bulk PATCH after the user's yes, journaled (categorize-write.ts). */
import { z } from 'zod';
import { planAssignments } from '../../domain/categorize/assignments.js';
import { indexCategories } from '../../domain/categories/category-lists.js';
import { changeQuestion } from '../../domain/categorize/changes.js';
import { offBudgetIds } from '../../domain/categorize/pending.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { changeListFields } from '../shared/write-schemas.js';
import { defineWriteTool, PREVIEW } from '../shared/define-write-tool.js';
import { categorizeRequest, type CategorizeResult } from './categorize-write.js';
import { correctionsOf, proposalsAfter } from './rule-proposals.js';

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
    const groups = await deps.ynab.categories.groups(plan);
    const index = indexCategories(groups);
    const accounts = await deps.ynab.accounts.list(plan);
    const offBudget = offBudgetIds(accounts);
    const { changes, unchanged } = planAssignments(assignments, transactions, index, offBudget);
    const base: CategorizeResult = {
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      changes,
      unchanged_count: unchanged,
      conflicts: [],
      confirmation: null,
      operation_id: null,
    };
    if (changes.length === 0) return base;
    const made = await correctionsOf(deps, plan, changes, { transactions, groups, accounts }, money);
    return categorizeRequest(
      deps,
      plan,
      transactions,
      changes,
      base,
      changeQuestion('Recategorise', changes, money),
      money,
      async (result) => {
        const proposals = await proposalsAfter(deps, plan, made);
        return proposals.length === 0
          ? result
          : { ...result, message: [result.message, ...proposals].join(' ') };
      },
    );
  },
});
