/**
 * Many demo people at once, for a load bench of hosted mode: a stand-in serving dozens of YNAB
 * accounts needs each one's own plan, so that what one person's calls change can be counted apart
 * from another's. Each is a household of the demo household's generator (variant.ts) with ids, a
 * name and amounts of its own, and a user id that is a fixed UUID made from the person's number, so
 * that a run is the same each time. Alice and Bob (people.ts) are not among them and stay as they are.
 */
import type { Person } from '../emulator/people.js';
import { buildHouseholdPlan } from './variant.js';

/** As many as three digits number: more than a stand-in on one machine would serve. */
export const MAX_GENERATED_PEOPLE = 999;

/** The name of person `n` (1-based): `Person 007`. */
export const generatedName = (n: number): string => `Person ${String(n).padStart(3, '0')}`;

/**
 * People 1 to `count`, fresh each call: `Person 001` has the plan `household-001` ("Household 001"),
 * its ids prefixed `p001-`, every amount scaled by a factor between 0.6 and 1.5 that cycles with `n`.
 */
export function generatedPeople(count: number): Person[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED_PEOPLE)
    throw new RangeError(
      `generatedPeople needs a whole number of people from 1 to ${MAX_GENERATED_PEOPLE}, got ${String(count)}`,
    );
  return Array.from({ length: count }, (_, i) => {
    const number = String(i + 1).padStart(3, '0');
    return {
      name: generatedName(i + 1),
      userId: `00000000-0000-4000-8000-000000000${number}`,
      plans: [
        buildHouseholdPlan({
          planId: `household-${number}`,
          planName: `Household ${number}`,
          idPrefix: `p${number}-`,
          scale: 0.6 + (i % 10) / 10,
        }),
      ],
    };
  });
}
