/**
 * The one confirmed write that sets transactions' categories: one bulk PATCH after the user's yes,
 * journaled as `categorize`. apply_categories and apply_rules both end here.
 */
import type { Change } from '../../domain/categorize/changes.js';
import type { Deps } from '../../deps.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import type { YnabTransaction } from '../../domain/model.js';
import { holds, type Verdict } from '../../domain/write-verify.js';
import { fieldsHeld, recordOf } from '../../safety/recognise.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { settled } from '../../safety/outcome/checked-step.js';
import type { MoneyText } from '../../domain/money.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { patchWrite } from '../../safety/outcome/verify-transactions.js';
import type { changeListFields } from '../shared/write-schemas.js';
import type { WriteResult } from '../shared/define-write-tool.js';
import { transactionKeys } from '../shared/subjects.js';

export type CategorizeResult = WriteResult<typeof changeListFields, true>;

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

/** The confirmation of `changes` (non-empty), whose preview is `base`, asked with `question`. */
export function categorizeRequest<R extends CategorizeResult>(
  deps: Deps,
  plan: string,
  transactions: readonly YnabTransaction[],
  changes: readonly Change[],
  base: R,
  question: string,
  money: MoneyText,
  /** Runs once the change is applied, and may add to the answer (apply_categories' rule proposals). */
  applied?: (result: R) => Promise<R>,
): ConfirmRequest<R> {
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
    question,
    flow: 'change-list',
    preview: base,
    apply: async () => {
      const result = await patchCategories(deps, plan, changes, transactions, (verdict, write) => {
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
      return result.status === 'applied' && applied ? applied(result) : result;
    },
  });
}
