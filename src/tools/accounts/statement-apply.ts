/**
 * How apply_statement writes, once the person said yes: the missing lines in one POST, each duplicate
 * by a DELETE of its own (YNAB deletes one transaction a request), then one PATCH of every amount,
 * date and cleared state (the reconciled flag included). Each request is a checked write of the
 * engine (safety/outcome/checked-step.ts): a lost answer is read over the settling window, never
 * called "not applied" while it may still land. The first request not applied stops the rest; what
 * is done is journaled as one `statement` operation, which undo_operation reverts whole (its undo
 * re-reads YNAB and puts back only what is still as this write left it). A request whose outcome is
 * unknown stays pending, and is journaled once a read shows it.
 */
import type { Deps } from '../../deps.js';
import type { StatementApply } from '../../domain/statements/apply-plan.js';
import type { MoneyText } from '../../domain/money.js';
import type { YnabTransaction } from '../../domain/model.js';
import { sideState } from '../../domain/transactions/transfer-sides.js';
import { reasonOf, unknownMessage, withoutNotYet } from '../../domain/write-outcome.js';
import { verdictText, type Verdict } from '../../domain/write-verify.js';
import type { KindDetails } from '../../safety/journal-kinds.js';
import { checkedWrite, keepForLater, type CheckedWrite } from '../../safety/outcome/checked-step.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { recogniseAs } from '../../safety/outcome/run.js';
import { newOperationId } from '../../safety/journal.js';
import { createWrite, deleteWrite, patchWrite } from '../../safety/outcome/verify-transactions.js';
import { createdFound, fieldsHeld, goneFrom, recordOf, type Recognise } from '../../safety/recognise.js';

const CHECK = 'find_transactions';

export interface Applying {
  plan: string;
  accountId: string;
  planned: StatementApply;
  /** The account's transactions as read before asking (what the PATCH is judged against). */
  before: readonly YnabTransaction[];
  money: MoneyText;
}

export interface StatementOutcome {
  status: 'applied' | 'partial' | 'not_applied' | 'unknown';
  message: string;
  operation_id: string | null;
  created_ids: string[];
}

/** The requests the write sends. */
export const statementSends = (p: StatementApply): number =>
  (p.creates.length > 0 ? 1 : 0) + p.deletes.length + (p.patches.length > 0 ? 1 : 0);

/** What is done so far, as the journal keeps it. */
interface Done {
  created: YnabTransaction[];
  /** Of those, the ones YNAB showed whole (their state is recorded). */
  whole: Set<string>;
  deleted: StatementApply['deletes'];
  edits: boolean;
}

const detailsOf = (a: Applying, d: Done): KindDetails<'statement'> => ({
  account_id: a.accountId,
  created: {
    transaction_ids: d.created.map((t) => t.id),
    states: d.created.filter((t) => d.whole.has(t.id)).map(sideState),
  },
  deleted: [...d.deleted],
  edits: d.edits ? a.planned.edits : [],
});

const nothingDone = (d: Done): boolean => d.created.length === 0 && d.deleted.length === 0 && !d.edits;

/** How any process recognises what is left of the write, from the step about to be sent. */
function recogniseFrom(
  a: Applying,
  d: Done,
  step: 'create' | 'delete' | 'patch',
  knowledge?: number,
): Recognise {
  const { planned } = a;
  if (step === 'create') return createdFound(planned.creates, knowledge);
  // the record names every duplicate: its undo recreates only those a read shows gone; the update
  // is not sent while a delete is not known, so its fields are not in the record of the deletes
  const whole = { ...d, deleted: planned.deletes };
  if (step === 'delete')
    return goneFrom(
      planned.deletes.map((r) => r.transaction_id),
      recordOf('statement', detailsOf(a, { ...whole, edits: false })),
    );
  return fieldsHeld(planned.patches, recordOf('statement', detailsOf(a, { ...whole, edits: true })));
}

/** How any process recognises the write before its first request. */
export function statementRecognise(deps: Deps, a: Applying): Recognise {
  const p = a.planned;
  const first = p.creates.length > 0 ? 'create' : p.deletes.length > 0 ? 'delete' : 'patch';
  const empty: Done = { created: [], whole: new Set(), deleted: [], edits: false };
  return recogniseFrom(a, empty, first, deps.ynab.knowledge(a.plan));
}

/** The outcome of a stop: what is done journaled (one entry), the words of what stopped it. */
async function stopped(
  deps: Deps,
  a: Applying,
  d: Done,
  status: 'partial' | 'not_applied' | 'unknown',
  what: string,
): Promise<StatementOutcome> {
  // while the request that stopped it may still land, the pending id is kept for that request's
  // own entry (journaled once a read shows it, by whichever process reads first): what is done
  // already gets an id of its own
  const own = status === 'unknown' ? newOperationId() : undefined;
  const id = nothingDone(d)
    ? null
    : await recordOperation(deps, a.plan, 'statement', detailsOf(a, d), [], own);
  const done = doneText(d);
  const undo = id === null ? '' : ` undo_operation with operation_id ${id} reverts what was done.`;
  const head = status === 'unknown' ? unknownMessage(what) : what;
  const effective = status !== 'unknown' && id !== null ? 'partial' : status;
  return {
    status: effective,
    message: `${head}${done === '' ? '' : ` Done: ${done}.`}${undo}`,
    operation_id: id,
    created_ids: d.created.map((t) => t.id),
  };
}

function doneText(d: Done): string {
  return [
    d.created.length > 0
      ? `${d.created.length} transaction(s) created (${d.created.map((t) => t.id).join(', ')})`
      : '',
    d.deleted.length > 0 ? `${d.deleted.map((r) => r.transaction_id).join(', ')} deleted` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
}

/** A checked write's stop, in words: refused, not applied, part of it, or not known. */
const stopWords = (what: string, v: Verdict, w: CheckedWrite, money: MoneyText): string =>
  `${what}: ${withoutNotYet(verdictText(v, w.asked, CHECK, money))}`;

/** Creates the missing lines in one POST; the outcome of a stop, or null when they are all there. */
async function createLines(deps: Deps, a: Applying, d: Done): Promise<StatementOutcome | null> {
  const write = createWrite(deps, a.plan, a.planned.creates, a.money);
  const verdict = await checkedWrite(write);
  for (const q of write.asked) {
    const t = write.created.get(q.key);
    if (t === undefined) continue;
    d.created.push(t);
    if (write.shown.has(q.key)) d.whole.add(t.id);
  }
  if (verdict.status === 'applied') return null;
  if (verdict.status === 'unknown') {
    // once a read shows them, the lines created are journaled (the rest was never sent)
    keepForLater(write, async () => {
      // those already journaled with the stop are left out
      const late = [...write.created.values()].filter((t) => !d.created.some((x) => x.id === t.id));
      if (late.length === 0) return;
      const whole = new Set(late.map((t) => t.id));
      await recordOperation(
        deps,
        a.plan,
        'statement',
        detailsOf(a, { created: late, whole, deleted: [], edits: false }),
      );
    });
  }
  const what = `${stopWords('Creating the missing lines', verdict, write, a.money)} Nothing else was sent.`;
  return stopped(deps, a, d, verdict.status, what);
}

/** Deletes each duplicate in turn; the outcome of a stop, or null when they are all gone. */
async function deleteDuplicates(deps: Deps, a: Applying, d: Done): Promise<StatementOutcome | null> {
  const { planned } = a;
  await recogniseAs(recogniseFrom(a, d, 'delete'));
  for (const [n, r] of planned.deletes.entries()) {
    const write = deleteWrite(deps, a.plan, r.transaction_id);
    let verdict: Verdict;
    try {
      verdict = await checkedWrite(write);
    } catch (error) {
      if (nothingDone(d)) throw error;
      const what = `YNAB refused to delete ${r.transaction_id} (${reasonOf(error)}); nothing after it was sent.`;
      return stopped(deps, a, d, 'partial', what);
    }
    if (verdict.status !== 'applied') {
      if (verdict.status === 'unknown') {
        const late = detailsOf(a, { created: [], whole: new Set<string>(), deleted: [r], edits: false });
        await recogniseAs(goneFrom([r.transaction_id], recordOf('statement', late)));
        keepForLater(write, () => recordOperation(deps, a.plan, 'statement', late));
      }
      const left = planned.deletes.length - n - 1 + (planned.patches.length > 0 ? 1 : 0);
      const rest = left > 0 ? ' Nothing after it was sent.' : '';
      const what = `${stopWords(`Deleting ${r.transaction_id}`, verdict, write, a.money)}${rest}`;
      return stopped(deps, a, d, verdict.status, what);
    }
    d.deleted.push(r);
  }
  return null;
}

/** Sends the one bulk update; the outcome of a stop, or null when YNAB holds all of it. */
async function updateFields(deps: Deps, a: Applying, d: Done): Promise<StatementOutcome | null> {
  await recogniseAs(recogniseFrom(a, d, 'patch'));
  const write = patchWrite(deps, a.plan, a.planned.patches, a.before);
  let verdict: Verdict;
  try {
    verdict = await checkedWrite(write);
  } catch (error) {
    if (nothingDone(d)) throw error;
    const what = `YNAB refused to update the amounts, dates and cleared states (${reasonOf(error)}).`;
    return stopped(deps, a, d, 'partial', what);
  }
  d.edits = verdict.status === 'applied' || verdict.status === 'partial';
  if (verdict.status === 'applied') return null;
  if (verdict.status === 'unknown') {
    // the fields it set are journaled once a read shows them, under the pending id
    const late = detailsOf(a, { created: [], whole: new Set<string>(), deleted: [], edits: true });
    await recogniseAs(fieldsHeld(a.planned.patches, recordOf('statement', late)));
    keepForLater(write, () => recordOperation(deps, a.plan, 'statement', late));
  }
  const what = stopWords('Updating the amounts, dates and cleared states', verdict, write, a.money);
  return stopped(deps, a, d, verdict.status, what);
}

/** Sends the write; returns its outcome (a refusal of the first request is thrown: nothing changed). */
export async function writeStatementFixes(deps: Deps, a: Applying): Promise<StatementOutcome> {
  const { planned } = a;
  const d: Done = { created: [], whole: new Set(), deleted: [], edits: false };
  const stop =
    (planned.creates.length > 0 ? await createLines(deps, a, d) : null) ??
    (planned.deletes.length > 0 ? await deleteDuplicates(deps, a, d) : null) ??
    (planned.patches.length > 0 ? await updateFields(deps, a, d) : null);
  if (stop !== null) return stop;
  const id = await recordOperation(deps, a.plan, 'statement', detailsOf(a, d));
  return {
    status: 'applied',
    message: `Applied: ${appliedText(a, d)}. undo_operation with operation_id ${id} reverts all of it.`,
    operation_id: id,
    created_ids: d.created.map((t) => t.id),
  };
}

function appliedText(a: Applying, d: Done): string {
  const c = a.planned.counts;
  const parts = [
    d.created.length > 0 ? `${d.created.length} transaction(s) created` : '',
    d.deleted.length > 0 ? `${d.deleted.length} duplicate(s) deleted` : '',
    c.corrected > 0 ? `${c.corrected} amount(s) or date(s) corrected` : '',
    c.cleared > 0 ? `${c.cleared} marked cleared` : '',
    a.planned.reconcile ? `${c.reconciled} marked reconciled` : '',
  ].filter((s) => s !== '');
  return parts.join(', ');
}
