/**
 * What an undo handler answers: it re-reads YNAB, keeps only the items still exactly as the operation
 * left them (the rest are conflicts, never overwritten), and describes the revert for the user's yes.
 */
import type { Change } from '../../domain/categorize/changes.js';
import type { MoneyText } from '../../domain/money.js';
import type { YnabClient } from '../../ynab/api.js';
import type { Flow } from '../confirm.js';
import type { JournalEntry } from '../journal.js';
import type { Recognise } from '../recognise.js';
import type { Kind, KindDetails } from '../journal-kinds.js';
import type { RulesStore } from '../rules-book.js';

export interface UndoPlan {
  /** Ids left alone because they changed since. */
  conflicts: string[];
  /** The reverse changes (categorize only; empty for every other kind). */
  changes: Change[];
  /** When nothing is left to revert: the kind's message (the operation is then closed as a conflict). */
  fullConflict: string | null;
  question: string;
  subject: unknown;
  flow: Flow;
  /** The YNAB requests `apply` sends, reserved together before the first (default 1). */
  sends?: number;
  /**
   * When the one write's answer is lost: reads YNAB once and says whether the revert is in place
   * (true), not there at all (false), or not settled (null, or a text saying why, e.g. "the
   * scheduled transaction is gone"). Absent: the outcome stays unknown.
   */
  readBack?: () => Promise<boolean | string | null>;
  /**
   * The revert of a one-request undo as data any process can read (recognise.ts), taken just before
   * its request leaves: a revert left unknown is then settled, and the operation marked undone, by
   * whichever process reads the plan next, after a restart or on another instance too. An undo of
   * several requests announces each step's instead, as it reaches it.
   */
  recognise?: () => Recognise;
  /** What a read-back that finds the revert in place adds to the message (e.g. the new id). */
  lostNote?: () => string;
  /** Performs the writes and returns the applied message (throws HalfUndone when it stops halfway). */
  apply(): Promise<string>;
}

/** What is left of a half-done undo, as an operation of its own kind that the next undo finishes. */
export type Remainder = { [K in Kind]: { kind: K; details: KindDetails<K> } }[Kind];

/**
 * An undo that stopped halfway: `message` says exactly what was restored and what was not; each
 * remainder is journaled as an operation of its own, so that the next undo_operation finishes it.
 */
export class HalfUndone extends Error {
  constructor(
    message: string,
    readonly remainders: Remainder[],
    /** The failure left it unknown whether the remaining write landed (status `unknown`). */
    readonly uncertain: boolean,
    /** The read tool that shows what YNAB holds, named when the state is uncertain. */
    readonly check = 'get_category_balances',
    /**
     * When the failure was a lost answer: one read that tells whether that request's change is in
     * place now. The undo then stays pending until it is (or its time is over), so that the undo of
     * what is left cannot send the same request a second time while it may still land.
     */
    readonly inFlight: (() => Promise<boolean>) | null = null,
  ) {
    super(message);
  }
}

/**
 * An undo whose first write's answer was lost and whose read-back shows it did not land: nothing
 * changed, the operation stays in the journal, and asking again is safe (status `not_applied`).
 */
export class NotUndone extends Error {}

/** The undo of one kind, given the entry's details as that kind's schema reads them. */
export type UndoHandler<K extends Kind> = (
  ynab: YnabClient,
  plan: string,
  entry: JournalEntry,
  details: KindDetails<K>,
  /** How the undo call writes amounts in its question and messages. */
  money: MoneyText,
  /** The household's rules, which the `rule` kind's undo changes (every other kind reads YNAB only). */
  rules: RulesStore,
) => Promise<UndoPlan>;
