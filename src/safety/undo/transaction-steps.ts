/**
 * The writes of the undo of a create and of a delete of transactions, so that each ends in a known
 * state and never sends twice a write that may have landed:
 * - the undo of a create deletes the transactions one request each; a delete whose answer was lost
 *   is read over the settling window, and when the undo stops partway, HalfUndone carries the ids not known
 *   deleted as an operation of its own, which the next undo_operation finishes (it re-reads first, so
 *   a delete that did land is then a conflict, never sent again);
 * - the undo of a delete recreates them in one POST; when its answer is lost, the new transactions
 *   are looked for among those changed since the newest server knowledge avenir-mcp had before
 *   sending — the way a create finds them — so that an older identical transaction is never taken
 *   for a recreated one.
 */
import type { DeletedTransaction } from '../../domain/transactions/delete-transactions.js';
import { recreateBody } from '../../domain/transactions/delete-transactions.js';
import { findCreated } from '../../domain/transactions/find-created.js';
import {
  isUnknownOutcome,
  NOT_YET,
  reasonOf,
  UnknownOutcome,
  unseenText,
} from '../../domain/write-outcome.js';
import { settleRead, settleSeconds } from '../outcome/settle.js';
import type { SideState } from '../../domain/transactions/transfer-sides.js';
import type { YnabClient } from '../../ynab/api.js';
import type { KindDetails } from '../journal-kinds.js';
import { HalfUndone } from './types.js';

const CHECK = 'find_transactions';

/**
 * Whether the delete of `id` whose answer was lost landed: 'yes', 'no' (no read within the settling
 * window shows it gone: it may still land late), or why it is not known.
 */
async function deleted(ynab: YnabClient, plan: string, id: string): Promise<string> {
  const live = (rows: readonly { id: string }[]) => rows.some((t) => t.id === id);
  const read = await settleRead(
    () => ynab.transactions.list(plan),
    (rows) => !live(rows),
  );
  if ('why' in read) return `it could not be checked (${read.why})`;
  return read.shown ? 'yes' : 'no';
}

/** What is left of a create's undo, its recorded states with it (so the next undo compares them too). */
function remainder(left: readonly string[], states: readonly SideState[]): KindDetails<'create'> {
  return { transaction_ids: [...left], states: states.filter((s) => left.includes(s.transaction_id)) };
}

/** Deletes each of `ids` in turn (the undo of a create); stops with HalfUndone partway. */
export async function deleteEach(
  ynab: YnabClient,
  plan: string,
  ids: readonly string[],
  states: readonly SideState[],
): Promise<void> {
  for (const [i, id] of ids.entries()) {
    try {
      await ynab.transactions.delete(plan, id);
      continue;
    } catch (error) {
      const lost = isUnknownOutcome(error);
      const check = lost ? await deleted(ynab, plan, id) : 'no';
      if (check === 'yes') continue;
      if (i === 0 && check === 'no') {
        if (!lost) throw error; // refused: nothing changed, the error says why
        // still there after the window: the delete may land late, so the undo stays pending (asked
        // again, it would send the delete a second time) until a later read shows the id gone
        const unseen = new UnknownOutcome(
          `${unseenText(`${id} deleted (it is still there)`, CHECK, settleSeconds())} The operation is still in the journal: undo_operation re-reads YNAB first and deletes only what is still there.`,
        );
        unseen.recheck = async () => !(await ynab.transactions.list(plan)).some((t) => t.id === id);
        throw unseen;
      }
      const done = ids.slice(0, i);
      const left = ids.slice(i);
      const failure = !lost
        ? `deleting ${id} failed (${reasonOf(error)})`
        : check === 'no'
          ? `YNAB's answer to deleting ${id} was lost, and reads over ${settleSeconds()} s still show it (YNAB may still delete it late)`
          : `YNAB's answer to deleting ${id} was lost, and ${check}`;
      const opening = done.length === 0 ? '' : `${done.join(', ')} deleted; `;
      const unsent = left.length > 1 ? `; ${left.slice(1).join(', ')} not sent` : '';
      throw new HalfUndone(
        `${opening}${failure}${unsent}.`,
        [{ kind: 'create', details: remainder(left, states) }],
        lost,
        CHECK,
      );
    }
  }
}

/** Recreates deleted transactions in one POST (the undo of a delete); returns the applied message. */
export async function recreate(
  ynab: YnabClient,
  plan: string,
  back: readonly DeletedTransaction[],
): Promise<string> {
  const bodies = recreateBody(back);
  const knowledge = ynab.knowledge(plan);
  let lost: UnknownOutcome;
  try {
    const answer = await ynab.transactions.create(plan, bodies);
    const ids = answer.transaction_ids;
    if (ids.length === bodies.length) return `Recreated with new ids: ${ids.join(', ')}.`;
    // a success that does not say what it created cannot be understood: settled like a lost answer
    lost = new UnknownOutcome("YNAB answered success without the new transactions' ids");
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    lost = error;
  }
  // the recreate may still be in flight: read what changed since until every one shows
  const read = await settleRead(
    async () => findCreated(bodies, await ynab.transactions.changedSince(plan, knowledge), knowledge),
    (f) => f.size === bodies.length,
  );
  if ('why' in read) {
    throw new UnknownOutcome(
      `${NOT_YET}: the undo may or may not be in YNAB (${reasonOf(lost)}; ${read.why}). Check with ${CHECK} before anything else; do not repeat the undo blindly.`,
    );
  }
  const found = read.value;
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
    unseen.recheck = async () =>
      findCreated(bodies, await ynab.transactions.changedSince(plan, knowledge), knowledge).size > 0;
    throw unseen;
  }
  throw new HalfUndone(
    `YNAB's answer was lost; a read-back shows ${made.join(', ')} recreated, and ${missing.map((r) => r.transaction_id).join(', ')} not.`,
    [{ kind: 'delete', details: { transactions: missing } }],
    false,
    CHECK,
  );
}
