/**
 * Indexes for what the authorization server looks up by a field of a record's payload rather than by
 * its id: a session by its uid (at every sign-in), a device code by its user code, and every token of
 * a grant by the grant's id (at each revocation). Since every kind of record, short-lived ones
 * included, lives in the store in hosted mode, reading all records of a kind for each would grow with
 * the number of people. Each index is partial: only the records that have the field are in it.
 */
import type { Migration } from './migration.js';

const lookup = (name: string, field: string): string =>
  `CREATE INDEX oauth_records_${name} ON oauth_records (kind, (payload->>'${field}'))
    WHERE (payload->>'${field}') IS NOT NULL`;

export const oauthLookups: Migration = {
  version: 4,
  name: 'oauth-lookups',
  statements: [lookup('uid', 'uid'), lookup('user_code', 'userCode'), lookup('grant', 'grantId')],
};
