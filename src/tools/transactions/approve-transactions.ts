/**
 * `approve_transactions`, an immediate write: no preview, no confirmation, no journal (it only sets the
 * review flag, and the spec gives it no undo). `last-used` is passed to YNAB unchanged. Its one bulk
 * update is verified like every write: each transaction is reported approved only when YNAB shows it
 * so, and a lost answer is read back over the settling window rather than sent again or reported as
 * an error; one not shown approved then may still be approved late, and is unknown.
 */
import { z } from 'zod';
import { approvalStatus, approvalsOf, approvalText } from '../../domain/transactions/approvals.js';
import { defineImmediateWrite } from '../shared/define-tool.js';
import { planId } from '../shared/schemas.js';
import { checkedWrite } from '../../safety/outcome/checked-step.js';
import { patchWrite } from '../../safety/outcome/verify-transactions.js';

const ids = (what: string) => z.array(z.string()).describe(what);

export const approveTransactions = defineImmediateWrite({
  name: 'approve_transactions',
  title: 'Approve transactions',
  destructive: false,
  idempotent: true,
  description: [
    'Mark transactions approved (reviewed), once their category was checked.',
    'Applied at once, without a preview; not undoable.',
    'Costs 2 YNAB requests.',
  ].join(' '),
  rules: 'An empty list sends nothing. Costs more requests when its answer is lost.',
  input: () =>
    z.strictObject({
      plan_id: planId,
      tx_ids: z.array(z.string().min(1)).max(100).describe('From suggest_categories or find_transactions.'),
    }),
  output: () =>
    z.strictObject({
      status: z
        .enum(['applied', 'partial', 'not_applied', 'unknown', 'nothing_to_do'])
        .describe(
          'applied (YNAB holds every one approved), partial (only some: see not_approved_ids), not_applied (none is), unknown (the answer was lost: see unknown_ids; approving again is harmless) or nothing_to_do (an empty list).',
        ),
      message: z.string().describe('What happened, for the agent to relay.'),
      approved: z.number().int().describe('How many of the transactions YNAB holds approved.'),
      newly_approved: z.number().int().describe('How many of those this call approved.'),
      already_approved: z
        .number()
        .int()
        .describe('How many of those were approved before this call (sent again, harmless).'),
      not_approved_ids: ids(
        'The ids YNAB does not hold approved (it ignored the flag, or has no such transaction).',
      ),
      unknown_ids: ids('The ids whose approval is not known yet (status unknown).'),
    }),
  async run({ deps }, { plan_id, tx_ids }) {
    const unique = [...new Set(tx_ids)];
    if (unique.length === 0) {
      const message = 'No transaction to approve.';
      return {
        status: 'nothing_to_do' as const,
        message,
        approved: 0,
        newly_approved: 0,
        already_approved: 0,
        not_approved_ids: [],
        unknown_ids: [],
      };
    }
    // which were approved already, so that the answer tells what this call changed; the write still
    // sends every one (approving again is harmless) and is judged on what YNAB shows after it alone
    const before = await deps.ynab.transactions.list(plan_id);
    const wasApproved = new Set(before.filter((t) => t.approved && !t.deleted).map((t) => t.id));
    const write = patchWrite(
      deps,
      plan_id,
      unique.map((id) => ({ id, approved: true })),
      [],
    );
    const verdict = await checkedWrite(write);
    const a = approvalsOf(write.asked, verdict);
    const already = a.approved.filter((id) => wasApproved.has(id)).length;
    const newly = a.approved.length - already;
    const counts = a.approved.length === 0 ? '' : ` ${newly} newly approved, ${already} already were.`;
    return {
      status: approvalStatus(a, verdict),
      message: approvalText(a, verdict) + counts,
      approved: a.approved.length,
      newly_approved: newly,
      already_approved: already,
      not_approved_ids: a.notApproved,
      unknown_ids: a.unknown,
    };
  },
});
