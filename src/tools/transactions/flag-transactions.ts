/**
 * `flag_transactions`: a confirmed write of one bulk update, merge flow, journaled as `flag` so that
 * undo can put the previous flags back.
 */
import { z } from 'zod';
import {
  checkFlagRequests,
  flagMovesOf,
  flagQuestion,
  flagSubject,
  planFlags,
} from '../../domain/transactions/flags.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { holds } from '../../domain/write-verify.js';
import { fieldsHeld, recordOf } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { patchWrite } from '../../safety/outcome/verify-transactions.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId, untrusted } from '../shared/schemas.js';
import { color } from './transaction-write-schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { transactionKeys } from '../shared/subjects.js';
const flagResult = () => ({
  changes: z
    .array(
      z.strictObject({
        transaction_id: z.string().describe('The transaction id.'),
        date: z.string().describe('The transaction date, YYYY-MM-DD.'),
        payee: untrusted('The payee'),
        amount: z.number().describe('The amount in currency units, negative for money out.'),
        from_color: color().describe('The flag before the change, or null for none.'),
        to_color: color().describe('The flag after the change, or null for none.'),
      }),
    )
    .describe('The flags that change, one per transaction, in the order given.'),
  unchanged_count: z.number().int().describe('Flags already as asked (skipped).'),
});
type FlagResult = WriteResult<ReturnType<typeof flagResult>, true>;

export const flagTransactions = defineWriteTool({
  name: 'flag_transactions',
  title: 'Flag transactions',
  undoable: true,
  destructive: false,
  idempotent: true,
  description: [
    'Set or clear the flag of transactions (ask what each colour means).',
    PREVIEW,
    'Undoable. Costs 1 YNAB request, 1 more to apply.',
  ],
  input: () => ({
    plan_id: planId,
    flags: z
      .array(
        z.strictObject({
          transaction_id: z.string().min(1).describe('From find_transactions.'),
          color: color().default(null).describe('Omit to remove the flag.'),
        }),
      )
      .max(100)
      .describe('One per transaction.'),
  }),
  output: flagResult,
  async run({ deps, money }, { plan_id, flags }) {
    const plan = await resolvePlan(deps, plan_id);
    checkFlagRequests(flags);
    const all = await deps.ynab.transactions.list(plan);
    const { changes, unchanged } = planFlags(flags, all);
    const base: FlagResult = {
      status: 'nothing_to_do',
      message: 'Every flag is already as asked.',
      changes,
      unchanged_count: unchanged,
      confirmation: null,
      operation_id: null,
    };
    if (changes.length === 0) return base;
    const preview: FlagResult = { ...base, status: 'applied', message: '' };
    return new ConfirmRequest({
      journals: ['flag'],
      plan,
      subject: flagSubject(changes),
      sameSubject: transactionKeys(changes.map((c) => c.transaction_id)),
      checkWith: 'find_transactions',
      recognise: () =>
        fieldsHeld(
          changes.map((c) => ({ id: c.transaction_id, flag_color: c.to_color })),
          recordOf('flag', { changes: flagMovesOf(changes) }),
        ),
      question: flagQuestion(changes, money),
      flow: 'merge',
      preview,
      apply: async () => {
        const write = patchWrite(
          deps,
          plan,
          changes.map((c) => ({ id: c.transaction_id, flag_color: c.to_color })),
          all,
        );
        return settled(write, async (verdict) => {
          const held = changes.filter((c) => holds(verdict, write.asked, c.transaction_id));
          return finishWrite({
            money,
            preview,
            verdict,
            asked: write.asked,
            check: 'find_transactions',
            done: 'Flagged.',
            record: async () => {
              const id = await recordOperation(deps, plan, 'flag', { changes: flagMovesOf(held) });
              return { id, undo: `undo_operation with operation_id ${id} puts them back.` };
            },
          });
        });
      },
    });
  },
});
