/**
 * `move_money`: confirmed (merge flow), two budget updates (the first put back if the second fails),
 * journaled as `move`, undone by safety/undo/categories.ts. Hidden categories can be addressed.
 */
import { z } from 'zod';
import {
  monthIndex,
  planMove,
  resolveMonth,
  checkDistinct,
  type MoveSide,
} from '../../domain/categories/budget-writes.js';
import { checkAmount } from '../../domain/amount-checks.js';
import { toUnits } from '../../domain/money.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { recordOf } from '../../safety/recognise.js';
import { applyMove } from './move-apply.js';
import { checkMonth } from '../shared/check-month.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { budgetMonthParam, categoryInput, categoryName } from './budget-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { budgetKeys } from '../shared/subjects.js';
const sideResult = (which: string) =>
  z
    .strictObject({
      category_id: z.string().describe('The category id.'),
      name: categoryName(),
      from_amount: z.number().describe('Budgeted before, in currency units.'),
      to_amount: z.number().describe('Budgeted after, in currency units.'),
      available_after: z
        .number()
        .describe('What the category has available after the move, in currency units; negative = overspent.'),
    })
    .describe(which);

const moveResult = () => ({
  month: z.string().describe("The month changed, YYYY-MM-01 ('current' resolved)."),
  amount: z.number().describe('The amount moved, in currency units.'),
  from_category: sideResult('The category the money leaves.'),
  to_category: sideResult('The category the money goes to.'),
});
type MoveResult = WriteResult<ReturnType<typeof moveResult>, true>;

const sideOut = (s: MoveSide): MoveResult['from_category'] => ({
  category_id: s.category.id,
  name: s.category.name,
  from_amount: toUnits(s.from),
  to_amount: toUnits(s.to),
  available_after: toUnits(s.availableAfter),
});

export const moveMoney = defineWriteTool({
  name: 'move_money',
  title: 'Move money between categories',
  mentionsBankText: false,
  undoable: true,
  destructive: true,
  idempotent: false,
  description: [
    'Move budgeted money between categories for a month (to cover overspending).',
    PREVIEW,
    'Undoable. Costs 1 YNAB request, 2 more to apply.',
  ],
  rules: 'Hidden categories are accepted; the source category may go negative.',
  names: { from_category_id: 'category', to_category_id: 'category' },
  input: () => ({
    plan_id: planId,
    month: budgetMonthParam(),
    from_category_id: categoryInput(),
    to_category_id: categoryInput(),
    amount: z.number().gt(0).max(1_000_000_000).describe('How much to move.'),
  }),
  output: moveResult,
  async run({ deps, money }, { plan_id, month, from_category_id, to_category_id, amount }) {
    const milli = checkAmount(amount, 'amount', 'nothing moves: give the amount to move.');
    const m = resolveMonth(checkMonth(month), deps.clock.today());
    checkDistinct(from_category_id, to_category_id);
    const plan = await resolvePlan(deps, plan_id);
    const index = monthIndex((await deps.ynab.months.get(plan, m)).categories);
    const p = planMove(index, from_category_id, to_category_id, m, milli, money);
    const preview: MoveResult = {
      status: 'applied',
      message: '',
      month: m,
      amount: toUnits(p.amount),
      from_category: sideOut(p.source),
      to_category: sideOut(p.target),
      confirmation: null,
      operation_id: null,
    };
    return new ConfirmRequest({
      journals: ['move', 'budget'],
      plan,
      subject: p.subject,
      sameSubject: budgetKeys(m, [from_category_id, to_category_id]),
      checkWith: 'get_category_balances',
      recognise: () => {
        const side = (s: typeof p.source) => ({ category_id: s.category.id, from: s.from, to: s.to });
        return {
          expect: 'budgeted',
          month: m,
          amounts: [p.source, p.target].map((s) => ({ category_id: s.category.id, to: s.to })),
          record: recordOf('move', { month: m, changes: [side(p.source), side(p.target)] }),
        };
      },
      question: p.question,
      flow: 'merge',
      preview,
      sends: 2,
      apply: async () => ({ ...preview, ...(await applyMove(deps, plan, p, money)) }),
    });
  },
});
