/**
 * What an undo handler answers: it re-reads YNAB, keeps only the items still exactly as the operation
 * left them (the rest are conflicts, never overwritten), and describes the revert for the user's yes.
 */
import type { Change } from '../../domain/categorize/changes.js';
import type { YnabClient } from '../../ynab/api.js';
import type { Flow } from '../confirm.js';
import type { JournalEntry } from '../journal.js';
import type { Kind, KindDetails } from '../journal-kinds.js';

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
  /** Performs the writes and returns the applied message. */
  apply(): Promise<string>;
}

/** The undo of one kind, given the entry's details as that kind's schema reads them. */
export type UndoHandler<K extends Kind> = (
  ynab: YnabClient,
  plan: string,
  entry: JournalEntry,
  details: KindDetails<K>,
) => Promise<UndoPlan>;
