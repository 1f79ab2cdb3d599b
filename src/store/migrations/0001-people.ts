/**
 * The people who signed in with YNAB, and their sealed YNAB tokens. Times are epoch milliseconds in
 * bigint columns (both engines read them back as numbers). Every other table that holds a person's data
 * references `people` with ON DELETE CASCADE, so deleting the person's row deletes everything.
 */
import type { Migration } from './migration.js';

export const people: Migration = {
  version: 1,
  name: 'people',
  statements: [
    `CREATE TABLE people (
      id text PRIMARY KEY,
      ynab_user_id text NOT NULL UNIQUE,
      allowed text NOT NULL CHECK (allowed IN ('read', 'write')),
      time_zone text,
      created_at bigint NOT NULL
    )`,
    // one sealed JWE per person: the tokens, their expiry and scope; the database alone cannot open it
    `CREATE TABLE ynab_grants (
      person_id text PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
      sealed text NOT NULL,
      saved_at bigint NOT NULL
    )`,
  ],
};
