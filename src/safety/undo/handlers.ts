/**
 * Every journal kind's undo, in one exhaustive record: a kind added to `journal-kinds.ts` without a
 * handler here does not compile (before, a forgotten side-effect import silently turned into
 * "Nothing to undo").
 */
import { AppError } from '../../domain/errors.js';
import type { MoneyText } from '../../domain/money.js';
import type { YnabClient } from '../../ynab/api.js';
import type { JournalEntry } from '../journal.js';
import { detailsOf, type Kind } from '../journal-kinds.js';
import { EVERY_TRANSACTION_CHANGED } from '../../domain/accounts/reconcile.js';
import { PAYEE_RENAMED_SINCE } from '../../domain/payees/payee-rename.js';
import { undoReconcile } from './accounts.js';
import { TARGET_CHANGED, undoBudget, undoMove, undoTarget } from './categories.js';
import { NOTHING_TO_RECATEGORISE, undoCategorize } from './categorize.js';
import { undoPayee } from './payees.js';
import type { RulesStore } from '../rules-book.js';
import { RULE_CHANGED, undoRule } from './rules.js';
import {
  SCHEDULE_ACCOUNT_GONE,
  SCHEDULE_CHANGED,
  undoScheduleCreate,
  undoScheduleDelete,
  undoScheduleUpdate,
} from './scheduled.js';
import {
  CANNOT_RECREATE,
  FIELDS_CHANGED,
  TRANSFER_CHANGED,
  undoDelete,
  undoEdit,
  undoTransfer,
} from './transaction-edits.js';
import { STATEMENT_CHANGED, undoStatement } from './statements.js';
import { ALREADY_DELETED, FLAGS_CHANGED, undoCreate, undoFlag } from './transactions.js';
import type { UndoHandler, UndoPlan } from './types.js';

/**
 * Per kind: its undo, and what an entry whose details do not match the kind's schema gets (a line
 * written by hand, or by another version). Amounts cannot be guessed, so `budget` and `move` refuse;
 * the other kinds close the entry as a conflict with their own "left alone" text, as a later change
 * would, since nothing in such an entry can be checked against YNAB.
 */
interface KindUndo<K extends Kind> {
  undo: UndoHandler<K>;
  unreadable: (entry: JournalEntry) => UndoPlan;
  /**
   * The kinds an undo of this kind may journal: what is left when it stops halfway, as an operation
   * of its own that the next undo finishes (the undo declares them, see ConfirmSpec.journals).
   */
  leaves: readonly Kind[];
}

const refuse = (entry: JournalEntry): never => {
  throw new AppError(
    `Operation ${entry.operation_id} of the journal lacks the amounts its undo needs: nothing was changed. Set the amounts back in YNAB.`,
  );
};

const leftAlone =
  (message: string, idField?: string) =>
  (entry: JournalEntry): UndoPlan => {
    const id = idField === undefined ? undefined : entry.details[idField];
    return {
      conflicts: typeof id === 'string' ? [id] : [],
      changes: [],
      fullConflict: message,
      question: '',
      subject: null,
      flow: 'merge',
      apply: () => Promise.resolve(message),
    };
  };

const HANDLERS: { [K in Kind]: KindUndo<K> } = {
  categorize: { undo: undoCategorize, unreadable: leftAlone(NOTHING_TO_RECATEGORISE), leaves: [] },
  budget: { undo: undoBudget, unreadable: refuse, leaves: [] },
  // the target is set back first: the source left as it was is a budget change of its own
  move: { undo: undoMove, unreadable: refuse, leaves: ['budget'] },
  target: { undo: undoTarget, unreadable: leftAlone(TARGET_CHANGED, 'category_id'), leaves: [] },
  // the transactions not deleted yet
  create: { undo: undoCreate, unreadable: leftAlone(ALREADY_DELETED), leaves: ['create'] },
  flag: { undo: undoFlag, unreadable: leftAlone(FLAGS_CHANGED), leaves: [] },
  edit: { undo: undoEdit, unreadable: leftAlone(FIELDS_CHANGED), leaves: [] },
  // the transactions not recreated yet
  delete: { undo: undoDelete, unreadable: leftAlone(CANNOT_RECREATE), leaves: ['delete'] },
  // the other side, when YNAB kept it
  transfer: {
    undo: undoTransfer,
    unreadable: leftAlone(TRANSFER_CHANGED, 'transaction_id'),
    leaves: ['transfer'],
  },
  schedule_create: {
    undo: undoScheduleCreate,
    unreadable: leftAlone(SCHEDULE_CHANGED, 'scheduled_transaction_id'),
    leaves: [],
  },
  schedule_update: {
    undo: undoScheduleUpdate,
    unreadable: leftAlone(SCHEDULE_CHANGED, 'scheduled_transaction_id'),
    leaves: [],
  },
  schedule_delete: {
    undo: undoScheduleDelete,
    unreadable: leftAlone(SCHEDULE_ACCOUNT_GONE, 'scheduled_transaction_id'),
    leaves: [],
  },
  // the cleared states put back first: the adjustment left to delete, or the states left
  reconcile: {
    undo: undoReconcile,
    unreadable: leftAlone(EVERY_TRANSACTION_CHANGED),
    leaves: ['reconcile', 'create'],
  },
  // the fields put back first, then the created deleted, then the duplicates recreated: what is left
  statement: { undo: undoStatement, unreadable: leftAlone(STATEMENT_CHANGED), leaves: ['statement'] },
  payee: { undo: undoPayee, unreadable: leftAlone(PAYEE_RENAMED_SINCE, 'payee_id'), leaves: [] },
  rule: { undo: undoRule, unreadable: leftAlone(RULE_CHANGED), leaves: [] },
};

/** The kinds an undo of `kind` may journal for the next undo to finish (none for most). */
export const undoLeaves = (kind: Kind): readonly Kind[] => HANDLERS[kind].leaves;

/** Plans the undo of a journal entry of a known kind. */
export async function planUndo(
  ynab: YnabClient,
  plan: string,
  entry: JournalEntry,
  kind: Kind,
  money: MoneyText,
  rules: RulesStore,
): Promise<UndoPlan> {
  return run(HANDLERS[kind], ynab, plan, entry, kind, money, rules);
}

async function run<K extends Kind>(
  handler: KindUndo<K>,
  ynab: YnabClient,
  plan: string,
  entry: JournalEntry,
  kind: K,
  money: MoneyText,
  rules: RulesStore,
): Promise<UndoPlan> {
  const details = detailsOf(kind, entry.details);
  if (details === null) return handler.unreadable(entry);
  return handler.undo(ynab, plan, entry, details, money, rules);
}
