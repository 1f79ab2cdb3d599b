/**
 * The OAuth state of the authorization server (oidc-provider's models) as kind, id and a JSON
 * payload. `person_id` is filled from the payload's `accountId` when it names a known person (grants,
 * refresh tokens, sessions after sign-in), so that deleting the person deletes them; the rows made
 * before anyone signs in (registered clients, interactions) have none and are the store's only shared
 * rows.
 */
import type { Migration } from './migration.js';

export const oauth: Migration = {
  version: 2,
  name: 'oauth',
  statements: [
    `CREATE TABLE oauth_records (
      kind text NOT NULL,
      id text NOT NULL,
      person_id text REFERENCES people (id) ON DELETE CASCADE,
      payload jsonb NOT NULL,
      expires_at bigint,
      PRIMARY KEY (kind, id)
    )`,
    `CREATE INDEX oauth_records_person ON oauth_records (person_id) WHERE person_id IS NOT NULL`,
    `CREATE INDEX oauth_records_expiry ON oauth_records (expires_at) WHERE expires_at IS NOT NULL`,
  ],
};
