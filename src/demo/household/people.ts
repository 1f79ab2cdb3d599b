/**
 * The people of the demo when it runs as several YNAB accounts (hosted mode): Alice keeps the demo
 * household's plan, Bob has a household of his own built from the same generator. Their user ids are
 * fixed UUIDs, as YNAB's are, so that an account keyed by them survives a restart of the demo.
 */
import { buildDemoPlan } from './plan.js';
import { buildHouseholdPlan, SECOND_HOUSEHOLD } from './variant.js';
import type { Person } from '../emulator/people.js';

export const ALICE_USER_ID = 'a11ce5e0-7c1d-4b8e-9f2a-3d4c5b6a7e80';
export const BOB_USER_ID = 'b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60';

/** Alice (the demo plan) and Bob (his own household), fresh each call. */
export function demoPeople(): Person[] {
  return [
    { name: 'Alice', userId: ALICE_USER_ID, plans: [buildDemoPlan()] },
    { name: 'Bob', userId: BOB_USER_ID, plans: [buildHouseholdPlan(SECOND_HOUSEHOLD)] },
  ];
}
