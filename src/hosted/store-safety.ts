/**
 * Everything a safety property of hosted mode depends on, for one person, on the store: journal,
 * pending writes, codes and answer nonces, approval cards and the pacer. Any instance on the same
 * database can then answer any of the person's calls; an instance keeps only caches of its own.
 */
import type { Clock } from '../clock.js';
import type { Safety } from '../deps.js';
import type { PersonId } from '../store/people.js';
import type { Database } from '../store/sql.js';
import { StoreApprovals } from './store-approvals.js';
import { StoreCodes } from './store-codes.js';
import { StoreJournal } from './store-journal.js';
import { StoreMarks } from './store-marks.js';
import { StorePacer } from './store-pacer.js';
import { StorePending } from './store-pending.js';

export function storeSafety(db: Database, person: PersonId): (clock: Clock) => Safety {
  return (clock) => {
    const now = () => clock.now().getTime();
    return {
      journal: new StoreJournal(db, person, now),
      pending: new StorePending(db, person, now),
      codes: new StoreCodes(db, person, now),
      approvals: new StoreApprovals(db, person, now),
      pacer: new StorePacer(db, person, now),
      marks: new StoreMarks(db, person),
    };
  };
}
