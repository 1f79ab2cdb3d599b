/**
 * `delete_scheduled_transaction`: one DELETE after the user's yes, journaled as `schedule_delete`
 * with the schedule whole, so that undo recreates it (under a new id). Merge flow.
 */
import { z } from 'zod';
import { bodyOf, scheduledById } from '../../domain/transactions/scheduled-writes.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { goneFrom, recordOf } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { deleteScheduledWrite } from '../../safety/outcome/verify-scheduled.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { scheduledContext, scheduledLines, scheduledView, viewOf } from './scheduled-write-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { scheduledKey } from '../shared/subjects.js';

const deleteResult = () => ({
  scheduled_transaction_id: z.string().describe('The scheduled transaction.'),
  scheduled: scheduledView().describe('It as YNAB holds it now.'),
});
type DeleteResult = WriteResult<ReturnType<typeof deleteResult>, true>;

export const deleteScheduledTransaction = defineWriteTool({
  name: 'delete_scheduled_transaction',
  title: 'Delete a scheduled transaction',
  undoable: true,
  destructive: true,
  idempotent: false,
  description: [
    'Delete a scheduled transaction; what it entered stays.',
    PREVIEW,
    'Undoable (new id). Costs 4 YNAB requests, 1 more to apply.',
  ],
  input: () => ({
    plan_id: planId,
    scheduled_transaction_id: z.string().min(1).describe('From list_scheduled_transactions.'),
  }),
  output: deleteResult,
  async run({ deps, money }, { plan_id, scheduled_transaction_id }) {
    const plan = await resolvePlan(deps, plan_id);
    const current = scheduledById(scheduled_transaction_id, await deps.ynab.scheduled.list(plan));
    const ctx = await scheduledContext(deps, plan);
    const body = bodyOf(current);
    const preview: DeleteResult = {
      status: 'applied',
      message: '',
      scheduled_transaction_id,
      scheduled: viewOf(body, ctx),
      confirmation: null,
      operation_id: null,
    };
    return new ConfirmRequest({
      journals: ['schedule_delete'],
      plan,
      subject: { delete_schedule: scheduled_transaction_id },
      sameSubject: [scheduledKey(scheduled_transaction_id)],
      checkWith: 'list_scheduled_transactions',
      recognise: () =>
        goneFrom(
          [scheduled_transaction_id],
          recordOf('schedule_delete', { scheduled_transaction_id, body }),
          'scheduled',
        ),
      question: ['Delete this scheduled transaction?', ...scheduledLines(body, ctx, money)].join('\n'),
      flow: 'merge',
      preview,
      apply: async () => {
        const write = deleteScheduledWrite(deps, plan, scheduled_transaction_id);
        return settled(write, (verdict) =>
          finishWrite({
            money,
            preview,
            verdict,
            asked: write.asked,
            check: 'list_scheduled_transactions',
            done: 'Deleted.',
            record: async () => {
              const id = await recordOperation(deps, plan, 'schedule_delete', {
                scheduled_transaction_id,
                body,
              });
              return { id, undo: `undo_operation with operation_id ${id} recreates it (with a new id).` };
            },
          }),
        );
      },
    });
  },
});
