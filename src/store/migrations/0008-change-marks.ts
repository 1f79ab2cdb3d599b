/**
 * Each person's marks of `get_changes`, one per plan: YNAB's server knowledge when it was set and the
 * compact state it compares edits with (src/domain/changes/mark.ts bounds it). Replaced whole when the
 * mark moves; removed with the person.
 */
import type { Migration } from './migration.js';

export const changeMarks: Migration = {
  version: 8,
  name: 'change-marks',
  statements: [
    `CREATE TABLE change_marks (
      person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
      plan_id text NOT NULL,
      mark jsonb NOT NULL,
      PRIMARY KEY (person_id, plan_id)
    )`,
  ],
};
