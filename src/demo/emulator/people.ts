/**
 * The people of a stand-in and the live state of each one's plans. YNAB's plan ids are unique across
 * all its users, so they are here too: a plan id names one plan of one person, and the router answers
 * any other person's request for it as it answers an id nobody has.
 */
import { createState } from './state.js';
import type { PlanData, PlanState } from '../plan-data.js';

/** A person of the stand-in: the name the sign-in page shows, YNAB's user id, and their plans. */
export interface Person {
  name: string;
  /** What `GET /v1/user` answers for them (a UUID at YNAB). */
  userId: string;
  /** At least one; the first is their `last-used` plan. */
  plans: PlanData[];
}

/** A person with the live state of their plans. */
export interface Living {
  person: Person;
  states: [PlanState, ...PlanState[]];
}

function liveStates(person: Person): [PlanState, ...PlanState[]] {
  const [first, ...rest] = person.plans;
  if (first === undefined) throw new RangeError(`${person.name} needs at least one plan`);
  return [createState(first), ...rest.map(createState)];
}

function checkUnique(what: string, values: string[]): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v))
      throw new RangeError(`the people of the stand-in repeat the ${what} ${JSON.stringify(v)}`);
    seen.add(v);
  }
}

export class People {
  private living: Living[];

  constructor(private readonly people: readonly Person[]) {
    if (people.length === 0) throw new RangeError('people must name at least one person');
    for (const p of people) {
      if (p.name.trim() === '') throw new RangeError('every person needs a name');
      if (p.userId.trim() === '') throw new RangeError(`${p.name} needs a userId`);
    }
    checkUnique(
      'name',
      people.map((p) => p.name),
    );
    checkUnique(
      'user id',
      people.map((p) => p.userId),
    );
    checkUnique(
      'plan id',
      people.flatMap((p) => p.plans.map((d) => d.plan.id)),
    );
    this.living = people.map((person) => ({ person, states: liveStates(person) }));
  }

  get names(): string[] {
    return this.people.map((p) => p.name);
  }

  find(name: string): Living | undefined {
    return this.living.find((l) => l.person.name === name);
  }

  /** The person named `name`, or an error that lists who there is. */
  get(name: string): Living {
    const found = this.find(name);
    if (found === undefined) {
      throw new RangeError(
        `the stand-in has no person named ${JSON.stringify(name)}; it has ${this.names.join(', ')}`,
      );
    }
    return found;
  }

  /** The state of one of `name`'s plans (their first when `planId` is absent). */
  state(name: string, planId?: string): PlanState {
    const { person, states } = this.get(name);
    if (planId === undefined) return states[0];
    const found = states.find((s) => s.plan.id === planId);
    if (found === undefined) throw new RangeError(`${person.name} has no plan ${JSON.stringify(planId)}`);
    return found;
  }

  /** Everyone's plans as they were given, knowledge 1. */
  reset(): void {
    this.living = this.people.map((person) => ({ person, states: liveStates(person) }));
  }
}
