/**
 * Hosted mode's weekly digest: each person's webhook (sealed, as a webhook's address is often its
 * own secret), and one row per person and week once an instance has claimed that week's send. The
 * claim's primary key is what makes the send happen once across instances: the first insert wins,
 * every other finds the row there. Both cascade from `people`.
 */
import type { Migration } from './migration.js';

const person = 'person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE';

export const weeklyDigests: Migration = {
  version: 6,
  name: 'weekly-digests',
  statements: [
    `CREATE TABLE digest_webhooks (
      ${person} PRIMARY KEY,
      sealed text NOT NULL,
      saved_at bigint NOT NULL
    )`,
    `CREATE TABLE digest_sends (
      ${person},
      week text NOT NULL,
      claimed_at bigint NOT NULL,
      outcome text CHECK (outcome IN ('sent', 'failed')),
      PRIMARY KEY (person_id, week)
    )`,
    `CREATE INDEX digest_sends_claimed ON digest_sends (claimed_at)`,
  ],
};
