/**
 * `create_scheduled_transaction`: one POST after the user's yes, journaled as `schedule_create` with
 * the schedule as YNAB stored it, so that undo deletes it while unchanged. Merge flow.
 */
import { z } from 'zod';
import { checkAmount } from '../../domain/amount-checks.js';
import { AppError } from '../../domain/errors.js';
import { bodyOf, planScheduledBody } from '../../domain/transactions/scheduled-writes.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { scheduleFound } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { newScheduledWrite } from '../../safety/outcome/verify-scheduled.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { amountParam } from '../shared/params.js';
import {
  frequency,
  scheduledContext,
  scheduledFields,
  scheduledLines,
  scheduledView,
  viewOf,
} from './scheduled-write-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { newScheduledKey } from '../shared/subjects.js';

const createResult = () => ({
  scheduled: scheduledView().describe('The scheduled transaction to create.'),
  scheduled_transaction_id: z.string().nullable().describe('The id YNAB gave it (null until applied).'),
});
type CreateResult = WriteResult<ReturnType<typeof createResult>, true>;

export const createScheduledTransaction = defineWriteTool({
  name: 'create_scheduled_transaction',
  title: 'Create a scheduled transaction',
  undoable: true,
  destructive: false,
  idempotent: false,
  description: [
    'Schedule a future or repeating transaction.',
    PREVIEW,
    'Undoable while unchanged. Costs 3 YNAB requests, 1 more to apply.',
  ],
  names: { account_id: 'account', payee_id: 'payee', category_id: 'category' },
  input: () => ({
    plan_id: planId,
    account_id: z.string().min(1).describe('From list_accounts.'),
    date: z.iso.date().describe('First date: after today, within 5 years.'),
    frequency: frequency(),
    ...scheduledFields(),
    amount: amountParam(),
  }),
  output: createResult,
  async run({ deps, money }, input) {
    // 0 is taken: a schedule of 0 is a reminder of a bill whose amount varies
    const amount = checkAmount(input.amount, 'amount');
    const plan = await resolvePlan(deps, input.plan_id);
    if (input.payee_id === undefined && input.payee_name === undefined) {
      throw new AppError('Give the payee: payee_id or payee_name.');
    }
    const ctx = await scheduledContext(deps, plan);
    const base = {
      account_id: input.account_id,
      date: input.date,
      amount,
      category_id: null,
      memo: null,
      flag_color: null,
      frequency: input.frequency,
    };
    const body = planScheduledBody(base, { ...input, amount: base.amount }, ctx);
    const preview: CreateResult = {
      status: 'applied',
      message: '',
      scheduled: viewOf(body, ctx),
      scheduled_transaction_id: null,
      confirmation: null,
      operation_id: null,
    };
    return new ConfirmRequest({
      journals: ['schedule_create'],
      plan,
      subject: { schedule: body },
      sameSubject: [newScheduledKey(body.account_id, body.date, body.amount)],
      checkWith: 'list_scheduled_transactions',
      recognise: () => scheduleFound(body, deps.ynab.knowledge(plan)),
      question: ['Schedule this transaction?', ...scheduledLines(body, ctx, money)].join('\n'),
      flow: 'merge',
      preview,
      apply: async () => {
        const write = newScheduledWrite(deps, plan, body, money);
        return settled(write, async (verdict) => {
          const created = write.created.value;
          return finishWrite({
            money,
            preview,
            verdict,
            asked: write.asked,
            check: 'list_scheduled_transactions',
            done: 'Scheduled.',
            fields: { scheduled_transaction_id: created?.id ?? null },
            // journaled once YNAB showed it (a bare success with nothing to read leaves no id to undo)
            ...(created === null
              ? {}
              : {
                  record: async () => {
                    const id = await recordOperation(deps, plan, 'schedule_create', {
                      scheduled_transaction_id: created.id,
                      body: bodyOf(created),
                    });
                    return { id, undo: `undo_operation with operation_id ${id} deletes it.` };
                  },
                }),
          });
        });
      },
    });
  },
});
