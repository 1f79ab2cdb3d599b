/**
 * Each person's household rules, one book per plan kept whole as JSON (its shape is the safety
 * layer's, read through one schema in single-owner and hosted mode alike). Changed under a row lock,
 * so that two instances numbering a rule at once cannot give the same number twice.
 */
import type { Migration } from './migration.js';

export const rules: Migration = {
  version: 7,
  name: 'rules',
  statements: [
    `CREATE TABLE rule_books (
      person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE,
      plan_id text NOT NULL,
      book jsonb NOT NULL,
      PRIMARY KEY (person_id, plan_id)
    )`,
  ],
};
