/**
 * Undo of a `statement` operation (apply_statement): every field it set goes back while it still
 * holds what the operation set (one bulk update: amounts, dates, cleared states, the reconciled flag
 * included), each transaction it created is deleted while it is still as created (one request each),
 * and the duplicates it deleted are recreated in one POST, only those a read shows gone. What changed
 * since is a conflict, left alone. The requests are undo steps (steps.ts): a first one whose answer is
 * lost and that no read shows stays pending; a later one stops the undo halfway, and what is left is
 * journaled as a `statement` operation of its own, which the next undo finishes after reading again.
 */
import { recreateBody } from '../../domain/transactions/delete-transactions.js';
import { planDeleteUndo } from '../../domain/transactions/delete-transactions.js';
import { currentValue, planEditUndo } from '../../domain/transactions/edit-transactions.js';
import { findCreated } from '../../domain/transactions/find-created.js';
import { changedField } from '../../domain/transactions/transfer-sides.js';
import { NOT_YET, unseenText } from '../../domain/write-outcome.js';
import { patchesHeld } from '../../domain/write-verify.js';
import type { KindDetails } from '../journal-kinds.js';
import { createdFound, fieldsHeld, goneFrom } from '../recognise.js';
import { runSteps, type UndoStep } from './steps.js';
import type { UndoHandler } from './types.js';

const CHECK = 'find_transactions';

export const STATEMENT_CHANGED = 'Everything the statement changed was changed since: left alone.';
export const STATEMENT_UNDONE = 'The statement’s changes are undone.';

type Details = KindDetails<'statement'>;

/** A step of the undo, with what it puts back (for the texts) and what is left if it is not done. */
interface Step extends UndoStep {
  what: string;
  left: Partial<Details>;
}

export const undoStatement: UndoHandler<'statement'> = async (ynab, plan, entry, details, money) => {
  const rows = await ynab.transactions.list(plan);
  const live = new Map(rows.filter((t) => !t.deleted).map((t) => [t.id, t]));
  const created = new Set(details.created.transaction_ids);
  // the fields of transactions it created need no putting back (they are deleted), nor those
  // already back (an undo finished by the next one)
  const edits = details.edits.flatMap((e) => {
    const now = live.get(e.transaction_id);
    const fields = e.fields.filter((f) => now === undefined || currentValue(now, f.field) !== f.from);
    return created.has(e.transaction_id) || fields.length === 0 ? [] : [{ ...e, fields }];
  });
  const { patches, conflicts } = planEditUndo(edits, rows);
  const states = new Map(details.created.states.map((s) => [s.transaction_id, s]));
  const toDelete: string[] = [];
  for (const id of details.created.transaction_ids) {
    const now = live.get(id);
    const was = states.get(id);
    if (now === undefined) conflicts.push(id);
    else if (was !== undefined && changedField(was, now) !== null) conflicts.push(id);
    else toDelete.push(id);
  }
  // only what a read shows gone comes back: a delete that never landed is not undone
  const gone = details.deleted.filter((r) => !live.has(r.transaction_id));
  const { back, conflicts: closed } = planDeleteUndo(gone, await ynab.accounts.list(plan));
  conflicts.push(...closed);
  const knowledge = ynab.knowledge(plan);
  const bodies = recreateBody(back);
  const steps: Step[] = [];
  if (patches.length > 0)
    steps.push({
      send: () => ynab.transactions.update(plan, patches),
      check: async () => patchesHeld(await ynab.transactions.list(plan), patches) === true,
      recognise: fieldsHeld(patches, null),
      what: `the fields of ${patches.map((p) => p.id).join(', ')} put back`,
      left: { edits },
    });
  for (const id of toDelete)
    steps.push({
      send: () => ynab.transactions.delete(plan, id),
      check: async () => !(await ynab.transactions.list(plan)).some((t) => t.id === id && !t.deleted),
      recognise: goneFrom([id], null),
      what: `${id} deleted`,
      left: {
        created: {
          transaction_ids: toDelete.slice(toDelete.indexOf(id)),
          states: details.created.states.filter((s) =>
            toDelete.slice(toDelete.indexOf(id)).includes(s.transaction_id),
          ),
        },
      },
    });
  if (back.length > 0)
    steps.push({
      send: () => ynab.transactions.create(plan, bodies),
      check: async () => {
        const found = findCreated(
          bodies,
          await ynab.transactions.changedSince(plan, knowledge),
          knowledge,
          money,
        );
        return (
          found.size === bodies.length || (found.size === 0 ? false : 'some of the duplicates recreated')
        );
      },
      recognise: createdFound(bodies, knowledge),
      what: `${back.map((r) => r.transaction_id).join(', ')} recreated`,
      left: { deleted: back },
    });
  const sentences = [
    patches.length > 0
      ? `put back the amount, date or cleared status of ${patches.length} transaction(s)`
      : '',
    toDelete.length > 0 ? `delete the ${toDelete.length} transaction(s) it created` : '',
    back.length > 0 ? `recreate the ${back.length} duplicate(s) it deleted (with new ids)` : '',
  ].filter((s) => s !== '');
  const leftAlone =
    conflicts.length === 0 ? '' : `\nLeft alone, changed in YNAB since: ${conflicts.join(', ')}.`;
  return {
    conflicts,
    changes: [],
    fullConflict: steps.length === 0 ? STATEMENT_CHANGED : null,
    question: `Undo the statement's changes: ${sentences.join('; ')}?${leftAlone}`,
    subject: {
      undo: entry.operation_id,
      patches,
      delete: toDelete,
      recreate: back.map((r) => r.transaction_id),
    },
    flow: 'merge',
    sends: Math.max(1, steps.length),
    apply: async () => {
      await runSteps(steps, {
        check: CHECK,
        firstUnseen: (step, seconds) =>
          `${unseenText(step.what, CHECK, seconds)} The operation is still in the journal: undo_operation re-reads YNAB first and reverts only what is still to revert.`,
        firstUnknown: (_step, why) =>
          `${NOT_YET}: the undo may or may not be in YNAB (${why}). Check with ${CHECK} before anything else; do not repeat the undo blindly.`,
        halfway: (done, [stopped], failure) => {
          const why =
            'refused' in failure
              ? `YNAB refused the next step, ${stopped?.what ?? ''} (${failure.refused})`
              : 'unseen' in failure
                ? `YNAB's answer to the next step (${stopped?.what ?? ''}) was lost, and reads over ${failure.seconds} s do not show it yet (YNAB may still apply it late)`
                : `YNAB's answer to the next step (${stopped?.what ?? ''}) was lost, and ${failure.unknown}`;
          const opening = done.length === 0 ? '' : `${done.map((s) => s.what).join('; ')}; `;
          return `${opening}${why}.`;
        },
        remainder: (left) => [{ kind: 'statement', details: remainderOf(details, left) }],
      });
      return STATEMENT_UNDONE;
    },
  };
};

/** What is left of the undo, as the details of a `statement` operation: the parts of the steps not done. */
function remainderOf(details: Details, left: readonly Step[]): Details {
  const rest: Details = {
    account_id: details.account_id,
    created: { transaction_ids: [], states: [] },
    deleted: [],
    edits: [],
  };
  // the first step left names every delete from it on; the recreate and the update name theirs
  for (const step of [...left].reverse()) Object.assign(rest, step.left);
  return rest;
}
