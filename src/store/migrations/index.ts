/** Every migration, in order: a new one is a new numbered file added at the end of this list. */
import { people } from './0001-people.js';
import { oauth } from './0002-oauth.js';
import { safety } from './0003-safety.js';
import { oauthLookups } from './0004-oauth-lookups.js';
import { oauthClients } from './0005-oauth-clients.js';
import { weeklyDigests } from './0006-weekly-digests.js';
import { rules } from './0007-rules.js';
import { changeMarks } from './0008-change-marks.js';
import type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [
  people,
  oauth,
  safety,
  oauthLookups,
  oauthClients,
  weeklyDigests,
  rules,
  changeMarks,
];
