/**
 * Hosted mode's store as a start needs it: the seal keys checked first (a bad key file stops start-up
 * before any database is touched), then the store opened with its schema current (migrated or
 * checked, open.ts says which), and the people and OAuth state on it.
 */
import type { Config } from '../config.js';
import { openStore } from '../store/open.js';
import { loadSealer } from '../store/seal.js';
import type { Database } from '../store/sql.js';
import { SqlOAuthStore } from '../store/sql-oauth.js';
import { SqlPeopleStore } from '../store/sql-people.js';

export interface HostedStore {
  readonly db: Database;
  readonly people: SqlPeopleStore;
  readonly oauth: SqlOAuthStore;
  close(): Promise<void>;
}

export async function startHostedStore(config: Config): Promise<HostedStore> {
  const sealer = await loadSealer(config.store.sealKeyFile);
  const db = await openStore({
    databaseUrl: config.store.databaseUrl,
    stateDir: config.stateDir,
    migrateAtStart: config.store.migrateAtStart,
  });
  return {
    db,
    people: new SqlPeopleStore(db, sealer),
    oauth: new SqlOAuthStore(db),
    close: () => db.close(),
  };
}
