/**
 * A PeopleStore that passes every call to the real one and records what tests assert on: how many
 * grants were saved (at a sign-in or a refresh), and every token saved (which must never show in a
 * log line).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/open.js';
import type { Allowed, PeopleStore, Person, PersonId, YnabGrant } from '../../src/store/people.js';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { seedEmbeddedStore } from './store-template.js';

export class RecordingPeople implements PeopleStore {
  saves = 0;
  /** Every access and refresh token ever saved. */
  readonly tokens = new Set<string>();

  constructor(private readonly inner: PeopleStore) {}

  signIn(
    ynabUserId: string,
    choice: { allowed: Allowed; timeZone: string | null },
    grant?: YnabGrant,
  ): Promise<Person> {
    if (grant) this.record(grant);
    return this.inner.signIn(ynabUserId, choice, grant);
  }
  private record(grant: YnabGrant): void {
    this.saves += 1;
    this.tokens.add(grant.accessToken).add(grant.refreshToken);
  }
  person(id: PersonId): Promise<Person | null> {
    return this.inner.person(id);
  }
  personOfYnabUser(ynabUserId: string): Promise<Person | null> {
    return this.inner.personOfYnabUser(ynabUserId);
  }
  people(): Promise<Person[]> {
    return this.inner.people();
  }
  saveGrant(id: PersonId, grant: YnabGrant): Promise<void> {
    this.record(grant);
    return this.inner.saveGrant(id, grant);
  }
  grant(id: PersonId): Promise<YnabGrant | null> {
    return this.inner.grant(id);
  }
  dropGrant(id: PersonId): Promise<void> {
    return this.inner.dropGrant(id);
  }
  withRefreshLock<T>(id: PersonId, work: () => Promise<T>): Promise<T> {
    return this.inner.withRefreshLock(id, work);
  }
  deletePerson(id: PersonId): Promise<boolean> {
    return this.inner.deletePerson(id);
  }
}

/** The real people store on an embedded PGlite in a temporary folder, recorded; close it after. */
export async function openPglitePeople(): Promise<{ people: RecordingPeople; close(): Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'avenir-people-'));
  // a copy of the run's migrated store (test/global-setup.ts), opened as an instance opens its own
  seedEmbeddedStore(stateDir);
  const db = await openStore({ databaseUrl: null, stateDir, migrateAtStart: false });
  const people = new RecordingPeople(new SqlPeopleStore(db, new Sealer(parseKeyFile(newKeyLine()))));
  return {
    people,
    close: async () => {
      await db.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
