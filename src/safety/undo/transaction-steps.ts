/**
 * The writes of the undo of a create and of a delete of transactions, so that each ends in a known
 * state and never sends twice a write that may have landed:
 * - the undo of a create deletes the transactions one request each; a delete whose answer was lost
 *   is read over the settling window, and when the undo stops partway, HalfUndone carries the ids not known
 *   deleted as an operation of its own, which the next undo_operation finishes (it re-reads first, so
 *   a delete that did land is then a conflict, never sent again);
 * - the undo of a delete recreates them in one POST, a step of the engine; when its answer is lost, the new transactions
 *   are looked for among those changed since the newest server knowledge avenir-mcp had before
 *   sending — the way a create finds them — so that an older identical transaction is never taken
 *   for a recreated one.
 */
import type { MoneyText } from '../../domain/money.js';
import type { DeletedTransaction } from '../../domain/transactions/delete-transactions.js';
import { recreateBody } from '../../domain/transactions/delete-transactions.js';
import { findCreated } from '../../domain/transactions/find-created.js';
import type { YnabTransaction } from '../../domain/model.js';
import { NOT_YET, UnknownOutcome, unseenText } from '../../domain/write-outcome.js';
import { settleSeconds } from '../outcome/settle.js';
import { sendStep } from '../outcome/step.js';
import type { SideState } from '../../domain/transactions/transfer-sides.js';
import type { YnabClient } from '../../ynab/api.js';
import type { KindDetails } from '../journal-kinds.js';
import { goneFrom } from '../recognise.js';
import { runSteps } from './steps.js';
import { HalfUndone } from './types.js';

const CHECK = 'find_transactions';

/** What is left of a create's undo, its recorded states with it (so the next undo compares them too). */
function remainder(left: readonly string[], states: readonly SideState[]): KindDetails<'create'> {
  return { transaction_ids: [...left], states: states.filter((s) => left.includes(s.transaction_id)) };
}

/** Deletes each of `ids` in turn (the undo of a create), as undo steps (steps.ts). */
export async function deleteEach(
  ynab: YnabClient,
  plan: string,
  ids: readonly string[],
  states: readonly SideState[],
): Promise<void> {
  const steps = ids.map((id) => ({
    id,
    send: () => ynab.transactions.delete(plan, id),
    check: async () => !(await ynab.transactions.list(plan)).some((t) => t.id === id),
    recognise: goneFrom([id], null),
  }));
  await runSteps(steps, {
    check: CHECK,
    // still there after the window: the delete may land late, so the undo stays pending (asked
    // again, it would send the delete a second time) until a later read shows the id gone
    firstUnseen: ({ id }, seconds) =>
      `${unseenText(`${id} deleted (it is still there)`, CHECK, seconds)} The operation is still in the journal: undo_operation re-reads YNAB first and deletes only what is still there.`,
    halfway: (done, [{ id } = { id: '' }, ...rest], failure) => {
      const why =
        'refused' in failure
          ? `deleting ${id} failed (${failure.refused})`
          : 'unseen' in failure
            ? `YNAB's answer to deleting ${id} was lost, and reads over ${failure.seconds} s still show it (YNAB may still delete it late)`
            : `YNAB's answer to deleting ${id} was lost, and ${failure.unknown}`;
      const opening = done.length === 0 ? '' : `${done.map((d) => d.id).join(', ')} deleted; `;
      const unsent = rest.length > 0 ? `; ${rest.map((r) => r.id).join(', ')} not sent` : '';
      return `${opening}${why}${unsent}.`;
    },
    remainder: (left) => [
      {
        kind: 'create',
        details: remainder(
          left.map((l) => l.id),
          states,
        ),
      },
    ],
  });
}

/** Recreates deleted transactions in one POST (the undo of a delete); returns the applied message. */
export async function recreate(
  ynab: YnabClient,
  plan: string,
  back: readonly DeletedTransaction[],
  money: MoneyText,
): Promise<string> {
  const bodies = recreateBody(back);
  const knowledge = ynab.knowledge(plan);
  const lookFor = async () =>
    findCreated(bodies, await ynab.transactions.changedSince(plan, knowledge), knowledge, money);
  // a step of the engine: in place once every one is found among what changed since
  let found = new Map<string, YnabTransaction>();
  const sent = await sendStep({
    send: async () => {
      const ids = (await ynab.transactions.create(plan, bodies)).transaction_ids;
      // a success that does not say what it created cannot be understood: settled like a lost answer
      if (ids.length !== bodies.length) {
        throw new UnknownOutcome("YNAB answered success without the new transactions' ids");
      }
      return ids;
    },
    check: async () => {
      found = await lookFor();
      return found.size === bodies.length || (found.size === 0 ? false : 'some of them');
    },
  });
  if (sent.end === 'answered') return `Recreated with new ids: ${sent.answer.join(', ')}.`;
  if (sent.end === 'unread') {
    throw new UnknownOutcome(
      `${NOT_YET}: the undo may or may not be in YNAB (${sent.lost}; ${sent.why}). Check with ${CHECK} before anything else; do not repeat the undo blindly.`,
    );
  }
  const made = back.flatMap((r, i) => {
    const t = found.get(`#${i + 1}`);
    return t === undefined ? [] : [`${r.transaction_id} as ${t.id}`];
  });
  const missing = back.filter((_, i) => !found.has(`#${i + 1}`));
  if (missing.length === 0) {
    return `YNAB's answer was lost, but a read-back shows the undo in place: recreated ${made.join(', ')}.`;
  }
  if (made.length === 0) {
    // nothing shows yet: it may land late, so the undo is unknown, never "safe to ask again"
    const unseen = new UnknownOutcome(unseenText('the recreated transactions', CHECK, settleSeconds()));
    unseen.recheck = async () => (await lookFor()).size > 0;
    throw unseen;
  }
  throw new HalfUndone(
    `YNAB's answer was lost; a read-back shows ${made.join(', ')} recreated, and ${missing.map((r) => r.transaction_id).join(', ')} not.`,
    [{ kind: 'delete', details: { transactions: missing } }],
    false,
    CHECK,
  );
}
