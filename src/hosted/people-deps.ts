/**
 * Hosted mode builds what a call needs once per person, not once per process: each person gets their
 * own Deps, so that their YNAB token, pacer (their own 180 requests an hour), confirmation codes and
 * approval cards (one person's code or card can never be spent in another's call), journal and
 * pending writes and "today" (their time zone) are theirs alone. With the store (the server's
 * configuration always gives one), every one of those safety pieces lives in it (store-safety.ts), so
 * that any instance on the same database answers any call; without it (tests of the sign-in alone)
 * they are files under `<state folder>/people/<person id>/` and this process's memory. A Deps is built when the person's first call arrives and kept in a least-recently-used map
 * bounded per instance (MAX_PEOPLE); one pushed out is built again at the person's next call, with
 * nothing lost but its cache of plan downloads.
 */
import { hkdfSync } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { createDeps, type Deps, type DepsOverrides } from '../deps.js';
import { Secret } from '../domain/secret.js';
import type { Log } from '../log.js';
import type { PeopleStore, Person, PersonId } from '../store/people.js';
import type { Database } from '../store/sql.js';
import { PersonHttp } from './person-http.js';
import { PersonToken } from './person-token.js';
import { sharedStateKey } from './state-key.js';
import { storeSafety } from './store-safety.js';
import { StoreRules } from './store-rules.js';
import type { YnabApp } from './ynab-oauth.js';

/**
 * People whose Deps one instance keeps at once. Each holds its plans' downloaded lists (a few MB
 * for a large plan): 100 bounds an instance's memory while sparing the people active in the same hour
 * a fresh download each call.
 */
export const MAX_PEOPLE = 100;

/** A person id is used as a folder name: only the characters the store's random ids are made of. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface HostedOptions {
  /** The process's configuration: every setting but the person's token, zone, journal and state key. */
  config: Config;
  log: Log;
  people: PeopleStore;
  app: YnabApp;
  overrides?: DepsOverrides;
  max?: number;
  /** The store the people live in: each person's safety state goes there too (shared by instances). */
  store?: Database;
  /** Told after each write a person's calls send to a plan (the other instances then read it anew). */
  written?: (person: PersonId, plan: string | undefined) => void;
}

export interface PersonEntry<T> {
  person: Person;
  deps: Deps;
  /** What the caller built on the deps (the transport: the person's pool of server instances). */
  built: T;
}

/** The state key of one person: derived from AVENIR_MCP_STATE_KEY, so that no sealed answer crosses people. */
function personKey(config: Config, id: PersonId): Secret | null {
  const key = config.stateKey?.reveal();
  if (key === undefined) return null;
  const derived = hkdfSync('sha256', key, id, 'avenir-mcp person state key', 32);
  return new Secret(Buffer.from(derived).toString('base64url'));
}

/** The configuration a person's calls run with: their token, zone, journal and state key. */
export function personConfig(config: Config, person: Person, token: PersonToken): Config {
  if (!SAFE_ID.test(person.id)) throw new Error('A person id must be a plain id to name a folder.');
  const folder = join(config.stateDir, 'people', person.id);
  return {
    ...config,
    timeZone: person.timeZone ?? config.timeZone,
    stateKey: personKey(config, person.id),
    token: () => token.token(),
    journalPath: () => join(folder, 'journal.jsonl'),
  };
}

/** Whether two readings of a person agree on what their calls are built with. */
const sameChoice = (a: Person, b: Person): boolean => a.allowed === b.allowed && a.timeZone === b.timeZone;

export class PeopleDeps<T> {
  readonly #options: HostedOptions;
  readonly #build: (deps: Deps) => T;
  readonly #max: number;
  readonly #entries = new Map<PersonId, Promise<PersonEntry<T> | null>>();
  /** The configuration with the state key every instance shares (read once from the store). */
  #config: Promise<Config> | null = null;

  constructor(options: HostedOptions, build: (deps: Deps) => T) {
    this.#options = options;
    this.#build = build;
    this.#max = options.max ?? MAX_PEOPLE;
  }

  /** How many people this instance holds Deps for. */
  get size(): number {
    return this.#entries.size;
  }

  /** The person's entry (built at their first call), or null when the store knows no such person. */
  entry(id: PersonId): Promise<PersonEntry<T> | null> {
    const found = this.#entries.get(id);
    if (found) {
      // the most recently used go last: the first in the map is the one pushed out
      this.#entries.delete(id);
      this.#entries.set(id, found);
      return found;
    }
    const made = this.#make(id);
    this.#entries.set(id, made);
    // a person unknown (deleted) or a store that failed is not kept: the next call asks again
    made.then(
      (entry) => entry ?? this.#drop(id, made),
      () => this.#drop(id, made),
    );
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as PersonId;
      this.#entries.delete(oldest);
    }
    return made;
  }

  /**
   * The person's entry, built anew when the one kept was built for what they chose before (they signed
   * in again, maybe through another instance, with another zone or another read-or-write choice).
   */
  async current(person: Person): Promise<PersonEntry<T> | null> {
    const kept = this.#entries.get(person.id);
    const entry = kept ? await kept.catch(() => null) : null;
    if (entry && !sameChoice(entry.person, person) && this.#entries.get(person.id) === kept)
      this.#entries.delete(person.id);
    return this.entry(person.id);
  }

  /**
   * Ends the freshness window of a person's plan (every plan of theirs: undefined) on this instance,
   * when another instance wrote to it: the next read asks YNAB. Nothing for a person not held here.
   */
  expire(id: PersonId, plan: string | undefined): void {
    void this.#entries.get(id)?.then(
      (entry) => entry?.deps.ynab.cache.expire(plan),
      () => undefined,
    );
  }

  /** Forgets a person's Deps (they signed in again: a new zone or choice applies from their next call). */
  forget(id: PersonId): void {
    this.#entries.delete(id);
  }

  #drop(id: PersonId, made: Promise<PersonEntry<T> | null>): void {
    if (this.#entries.get(id) === made) this.#entries.delete(id);
  }

  #sharedConfig(): Promise<Config> {
    const { config, store } = this.#options;
    if (store === undefined) return Promise.resolve(config);
    this.#config ??= sharedStateKey(config, store).then((stateKey) => ({ ...config, stateKey }));
    // a store that failed is asked again at the next call
    this.#config.catch(() => (this.#config = null));
    return this.#config;
  }

  async #make(id: PersonId): Promise<PersonEntry<T> | null> {
    const { log, people, app, overrides, store, written } = this.#options;
    const config = await this.#sharedConfig();
    const person = await people.person(id);
    if (!person) return null;
    const token = new PersonToken(people, id, app, Date.now, (message) => log.warning('hosted', message));
    const deps = createDeps(personConfig(config, person, token), log, {
      ...overrides,
      http: (http) => new PersonHttp(http, token),
      ...(store ? { safety: storeSafety(store, id), rules: () => new StoreRules(store, id) } : {}),
      ...(written ? { written: (plan: string | undefined) => written(id, plan) } : {}),
    });
    return { person, deps, built: this.#build(deps) };
  }
}
