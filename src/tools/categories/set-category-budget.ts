/**
 * `set_category_budget`: confirmed (merge flow), journaled as `budget`, undone by
 * safety/undo/categories.ts. Hidden categories can be addressed.
 */
import { z } from 'zod';
import { monthIndex, planBudget, resolveMonth } from '../../domain/categories/budget-writes.js';
import { checkAmount } from '../../domain/amount-checks.js';
import { toUnits } from '../../domain/money.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { keepBudgetForLater, setBudgetedChecked } from './budget-write.js';
import { recordOf } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { checkMonth } from '../shared/check-month.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { amountParam } from '../shared/params.js';
import { categoryInput, categoryName, budgetMonthParam } from './budget-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { budgetKeys } from '../shared/subjects.js';
const budgetResult = () => ({
  category_id: z.string().describe('The category id.'),
  category: categoryName(),
  month: z.string().describe("The month changed, YYYY-MM-01 ('current' resolved)."),
  from_amount: z.number().describe('The amount budgeted before, in currency units.'),
  to_amount: z.number().describe('The amount budgeted after, in currency units.'),
});
type BudgetResult = WriteResult<ReturnType<typeof budgetResult>, true>;

export const setCategoryBudget = defineWriteTool({
  name: 'set_category_budget',
  title: "Set a category's budgeted amount",
  mentionsBankText: false,
  undoable: true,
  destructive: true,
  idempotent: true,
  description: [
    // absolute, not a change: the amount parameter says it
    "Set a category's budgeted amount for a month (to cover overspending, use move_money).",
    PREVIEW,
    'Undoable. Costs 1 YNAB request, 1 more to apply.',
  ],
  rules: 'A hidden category is accepted; Ready to Assign may go negative.',
  names: { category_id: 'category' },
  input: () => ({
    plan_id: planId,
    month: budgetMonthParam(),
    category_id: categoryInput(),
    amount: amountParam('The total, not a change.'),
  }),
  output: budgetResult,
  async run({ deps, money }, { plan_id, month, category_id, amount }) {
    // 0 is taken: it assigns nothing
    const milli = checkAmount(amount, 'amount');
    const m = resolveMonth(checkMonth(month), deps.clock.today());
    const plan = await resolvePlan(deps, plan_id);
    const detail = await deps.ynab.months.get(plan, m);
    const p = planBudget(monthIndex(detail.categories), category_id, m, milli, money, detail.to_be_budgeted);
    const base: BudgetResult = {
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      category_id,
      category: p.category.name,
      month: m,
      from_amount: toUnits(p.from),
      to_amount: toUnits(p.to),
      confirmation: null,
      operation_id: null,
    };
    if (!p.changes) return base;
    const preview: BudgetResult = { ...base, status: 'applied', message: '' };
    return new ConfirmRequest({
      journals: ['budget'],
      plan,
      subject: p.subject,
      sameSubject: budgetKeys(m, [category_id]),
      checkWith: 'get_category_balances',
      recognise: () => ({
        expect: 'budgeted',
        month: m,
        amounts: [{ category_id, to: p.to }],
        record: recordOf('budget', { month: m, category_id, from: p.from, to: p.to }),
      }),
      question: p.question,
      flow: 'merge',
      preview,
      apply: async () => {
        const outcome = await setBudgetedChecked(deps, plan, m, category_id, p.from, p.to, money);
        const journal = () =>
          recordOperation(deps, plan, 'budget', { month: m, category_id, from: p.from, to: p.to });
        if (outcome.state === 'unknown') {
          keepBudgetForLater(
            deps,
            plan,
            { month: m, categoryId: category_id, from: p.from, to: p.to },
            journal,
          );
          return { ...preview, status: 'unknown', message: outcome.note };
        }
        const id = await journal();
        return {
          ...preview,
          message: `${outcome.note === '' ? 'Applied.' : `Applied: ${outcome.note}`} undo_operation with operation_id ${id} reverts it.`,
          operation_id: id,
        };
      },
    });
  },
});
