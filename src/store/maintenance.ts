/**
 * The store's periodic clean-up, one call for a server to run now and then (any instance; each
 * delete is safe to run twice at once): closed journal entries past the retention age (never a
 * pending one), spent or expired codes, answers and tickets, and expired OAuth records.
 */
import { DAY_MS, SqlJournal } from './sql-journal.js';
import { SqlOAuthStore } from './sql-oauth.js';
import { SqlSingleUse } from './sql-single-use.js';
import type { Database } from './sql.js';

/** How long a closed journal entry is kept, unless the operator says otherwise. */
export const JOURNAL_DAYS = 90;

export interface Pruned {
  journal: number;
  singleUse: number;
  oauth: number;
}

export async function pruneStore(
  db: Database,
  now: number,
  journalDays: number = JOURNAL_DAYS,
): Promise<Pruned> {
  return {
    journal: await new SqlJournal(db).prune(now - journalDays * DAY_MS, now),
    singleUse: await new SqlSingleUse(db).prune(now),
    oauth: await new SqlOAuthStore(db, () => now).prune(),
  };
}
