/**
 * `update_scheduled_transaction`: one PUT of the complete schedule (YNAB's update replaces the whole
 * object) with its next date — never its first date, which YNAB refuses once more than a week old.
 * Journaled as `schedule_update` with the schedule before and after. Merge flow.
 */
import { z } from 'zod';
import { checkOptionalAmount } from '../../domain/amount-checks.js';
import { AppError } from '../../domain/errors.js';
import { toMilli } from '../../domain/money.js';
import {
  bodyOf,
  changedFields,
  planScheduledBody,
  scheduledById,
} from '../../domain/transactions/scheduled-writes.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { scheduleReplaced } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { asStored, replaceScheduledWrite } from '../../safety/outcome/verify-scheduled.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import {
  frequency,
  scheduledContext,
  scheduledFields,
  scheduledLines,
  scheduledView,
  viewOf,
} from './scheduled-write-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { scheduledKey } from '../shared/subjects.js';

const updateResult = () => ({
  scheduled_transaction_id: z.string().describe('The scheduled transaction.'),
  before: scheduledView().describe('It as YNAB holds it now.'),
  after: scheduledView().describe('It after the change.'),
});
type UpdateResult = WriteResult<ReturnType<typeof updateResult>, true>;

export const updateScheduledTransaction = defineWriteTool({
  name: 'update_scheduled_transaction',
  title: 'Update a scheduled transaction',
  undoable: true,
  destructive: false,
  idempotent: true,
  description: [
    'Change a scheduled transaction: give only the fields to change.',
    PREVIEW,
    'Undoable while unchanged. Costs 4 YNAB requests, 1 more to apply.',
  ],
  rules: 'Split scheduled transactions are refused.',
  names: { account_id: 'account', payee_id: 'payee', category_id: 'category' },
  input: () => ({
    plan_id: planId,
    scheduled_transaction_id: z.string().min(1).describe('From list_scheduled_transactions.'),
    account_id: z.string().min(1).optional().describe('From list_accounts.'),
    date: z.iso.date().optional().describe('Next date, after today.'),
    frequency: frequency().optional(),
    ...scheduledFields(),
  }),
  output: updateResult,
  async run({ deps, money }, { plan_id, scheduled_transaction_id, ...fields }) {
    checkOptionalAmount(fields.amount, 'amount');
    const plan = await resolvePlan(deps, plan_id);
    const current = scheduledById(scheduled_transaction_id, await deps.ynab.scheduled.list(plan));
    const ctx = await scheduledContext(deps, plan);
    const before = bodyOf(current);
    const after = planScheduledBody(
      before,
      { ...fields, amount: fields.amount === undefined ? undefined : toMilli(fields.amount) },
      ctx,
    );
    const changed = changedFields(before, after);
    const preview: UpdateResult = {
      status: 'applied',
      message: '',
      scheduled_transaction_id,
      before: viewOf(before, ctx),
      after: viewOf(after, ctx),
      confirmation: null,
      operation_id: null,
    };
    if (changed.length === 0) {
      return {
        ...preview,
        status: 'nothing_to_do',
        message: 'The scheduled transaction is already as asked.',
      };
    }
    if (!current.date_next)
      throw new AppError(`Scheduled transaction ${scheduled_transaction_id} has no next date.`);
    return new ConfirmRequest({
      journals: ['schedule_update'],
      plan,
      subject: { schedule: scheduled_transaction_id, body: after },
      sameSubject: [scheduledKey(scheduled_transaction_id)],
      checkWith: 'list_scheduled_transactions',
      recognise: () => scheduleReplaced(scheduled_transaction_id, after, before),
      question: [
        'Change this scheduled transaction?',
        ...scheduledLines(before, ctx, money, '- before:'),
        ...scheduledLines(after, ctx, money, '- after:'),
      ].join('\n'),
      flow: 'merge',
      preview,
      apply: async () => {
        // One YNAB write: the complete object, with the next date.
        const write = replaceScheduledWrite(deps, plan, current, after);
        return settled(write, async (verdict) => {
          const saved = write.saved.value;
          return finishWrite({
            money,
            preview,
            verdict,
            asked: write.asked,
            check: 'list_scheduled_transactions',
            done: 'Updated.',
            // when YNAB's success showed nothing and the check failed, what it said it stored is the body sent
            record: async () => {
              const id = await recordOperation(deps, plan, 'schedule_update', {
                scheduled_transaction_id,
                before,
                after: bodyOf(saved ?? asStored(scheduled_transaction_id, after)),
              });
              return { id, undo: `undo_operation with operation_id ${id} puts it back.` };
            },
          });
        });
      },
    });
  },
});
