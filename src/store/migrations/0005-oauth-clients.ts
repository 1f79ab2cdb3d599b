/**
 * What a new registration needs without reading every client and grant: whether a client has a grant
 * (a grant looked up by its client id, and the registration tokens of a client by the same field), and
 * the idle clients newest first. A registration's date counts in seconds and a flood registers many
 * in one, so each record also gets the order it was first stored in, which breaks those ties: the
 * registration just made is then never the one pruned. Like 0004's, the lookup index is partial.
 */
import type { Migration } from './migration.js';

export const oauthClients: Migration = {
  version: 5,
  name: 'oauth-clients',
  statements: [
    `CREATE INDEX oauth_records_client ON oauth_records (kind, (payload->>'clientId'))
      WHERE (payload->>'clientId') IS NOT NULL`,
    'ALTER TABLE oauth_records ADD COLUMN stored_order bigint GENERATED ALWAYS AS IDENTITY',
    `CREATE INDEX oauth_records_clients_newest ON oauth_records
      (((payload->>'client_id_issued_at')::bigint) DESC NULLS LAST, stored_order DESC)
      WHERE kind = 'Client'`,
  ],
};
