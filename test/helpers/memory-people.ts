/**
 * A PeopleStore in memory, for tests only (never shipped): the contract of src/store/people.ts with
 * a lock that serialises each person's refreshes, as the real store's does across instances. It counts
 * what tests assert on (grants saved, refresh locks taken).
 */
import { randomUUID } from 'node:crypto';
import type { Allowed, PeopleStore, Person, PersonId, YnabGrant } from '../../src/store/people.js';

export class MemoryPeople implements PeopleStore {
  readonly #people = new Map<PersonId, Person>();
  readonly #grants = new Map<PersonId, YnabGrant>();
  readonly #locks = new Map<PersonId, Promise<unknown>>();
  saves = 0;
  /** Every access and refresh token ever saved (tests look for them where they must never be). */
  readonly tokens = new Set<string>();

  signIn(ynabUserId: string, choice: { allowed: Allowed; timeZone: string | null }): Promise<Person> {
    const known = [...this.#people.values()].find((p) => p.ynabUserId === ynabUserId);
    const person: Person = known
      ? { ...known, ...choice }
      : { id: randomUUID(), ynabUserId, createdAt: Date.now(), ...choice };
    this.#people.set(person.id, person);
    return Promise.resolve(person);
  }
  person(id: PersonId): Promise<Person | null> {
    return Promise.resolve(this.#people.get(id) ?? null);
  }
  people(): Promise<Person[]> {
    return Promise.resolve([...this.#people.values()]);
  }
  saveGrant(id: PersonId, grant: YnabGrant): Promise<void> {
    this.saves += 1;
    this.tokens.add(grant.accessToken).add(grant.refreshToken);
    this.#grants.set(id, { ...grant });
    return Promise.resolve();
  }
  grant(id: PersonId): Promise<YnabGrant | null> {
    const grant = this.#grants.get(id);
    return Promise.resolve(grant ? { ...grant } : null);
  }
  dropGrant(id: PersonId): Promise<void> {
    this.#grants.delete(id);
    return Promise.resolve();
  }
  withRefreshLock<T>(id: PersonId, work: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(id) ?? Promise.resolve();
    const run = before.then(work, work);
    this.#locks.set(
      id,
      run.catch(() => undefined),
    );
    return run;
  }
  deletePerson(id: PersonId): Promise<boolean> {
    this.#grants.delete(id);
    return Promise.resolve(this.#people.delete(id));
  }
}
