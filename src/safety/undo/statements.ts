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
import { patchesHeld } from '../../domain/write-verify.js';
import type { KindDetails } from '../journal-kinds.js';
import type { MoneyText } from '../../domain/money.js';
import type { YnabClient } from '../../ynab/api.js';
import { createdFound, fieldsHeld, goneFrom } from '../recognise.js';
import { firstStepTexts, runSteps, type UndoStep } from './steps.js';
import { createdStill } from './transactions.js';
import type { UndoHandler } from './types.js';
import { foundAll, statementUndoHalfway, statementUndoQuestion } from '../../domain/statements/undo-texts.js';

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
  // a field already back (an undo finished by the next one) is left out; one of a transaction
  // gone since is a conflict
  const edits = details.edits.flatMap((e) => {
    const now = live.get(e.transaction_id);
    const fields = e.fields.filter((f) => now === undefined || currentValue(now, f.field) !== f.from);
    return fields.length === 0 ? [] : [{ ...e, fields }];
  });
  const { patches, conflicts } = planEditUndo(edits, rows);
  const created = createdStill(details.created, rows);
  conflicts.push(...created.gone, ...created.edited);
  const toDelete = created.still;
  // only what a read shows gone comes back: a delete that never landed is not undone, nor one an
  // undo stopped halfway already recreated
  const gone = await stillGone(ynab, plan, details, live, money);
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
  toDelete.forEach((id, i) =>
    steps.push({
      send: () => ynab.transactions.delete(plan, id),
      check: async () => !(await ynab.transactions.list(plan)).some((t) => t.id === id),
      recognise: goneFrom([id], null),
      what: `${id} deleted`,
      left: { created: createdLeft(details, toDelete.slice(i)) },
    }),
  );
  if (back.length > 0)
    steps.push({
      send: () => ynab.transactions.create(plan, bodies),
      check: async () => {
        const changed = await ynab.transactions.changedSince(plan, knowledge);
        return foundAll(findCreated(bodies, changed, knowledge, money).size, bodies.length);
      },
      recognise: createdFound(bodies, knowledge),
      what: `${back.map((r) => r.transaction_id).join(', ')} recreated`,
      left: { deleted: back, recreated_since: knowledge },
    });
  return {
    conflicts,
    changes: [],
    fullConflict: steps.length === 0 ? STATEMENT_CHANGED : null,
    question: statementUndoQuestion(patches.length, toDelete.length, back.length, conflicts),
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
        ...firstStepTexts(CHECK),
        halfway: (done, left, failure) =>
          statementUndoHalfway(
            done.map((s) => s.what),
            left[0]!.what,
            failure,
          ),
        remainder: (left) => [{ kind: 'statement', details: remainderOf(details, left) }],
      });
      return STATEMENT_UNDONE;
    },
  };
};

/**
 * The duplicates deleted and not back: gone from YNAB, and, after an undo that stopped while
 * recreating them, not found among what changed since it sent them.
 */
async function stillGone(
  ynab: YnabClient,
  plan: string,
  details: Details,
  live: ReadonlyMap<string, unknown>,
  money: MoneyText,
): Promise<Details['deleted']> {
  const gone = details.deleted.filter((r) => !live.has(r.transaction_id));
  const since = details.recreated_since;
  if (since === undefined || gone.length === 0) return gone;
  const found = findCreated(
    recreateBody(gone),
    await ynab.transactions.changedSince(plan, since),
    since,
    money,
  );
  return gone.filter((_, i) => !found.has(`#${i + 1}`));
}

/** The created transactions from `ids` on, with their recorded states. */
const createdLeft = (details: Details, ids: readonly string[]): Details['created'] => ({
  transaction_ids: [...ids],
  states: details.created.states.filter((s) => ids.includes(s.transaction_id)),
});

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
