/**
 * A stand-in with several people: each token reaches its person's plans only, another person's plan
 * answers exactly as an unknown one and nothing is written, read-only tokens cannot write, and unknown,
 * expired or revoked tokens answer 401.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE_USER_ID,
  BOB_USER_ID,
  DEMO_USER_ID,
  buildDemoPlan,
  buildHouseholdPlan,
  demoPeople,
  startStandIn,
} from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { NOT_FOUND, call } from './helpers.js';

const B = '/plans/bob-household';
const A = '/plans/demo-budget';
const UNAUTHORIZED = { error: { id: '401', name: 'unauthorized', detail: 'Unauthorized' } };
const MOVE = { category: { budgeted: 12_340 } };

let si: StandIn;
let alice: string;
let bob: string;
beforeAll(async () => {
  si = await startStandIn({ people: demoPeople() });
  alice = si.issueToken('Alice').access_token;
  bob = si.issueToken('Bob').access_token;
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

describe('each person reaches their own plans', () => {
  it('/user, /plans and last-used answer for the token’s person', async () => {
    expect((await call(si, 'GET', '/user', undefined, alice)).json.data.user.id).toBe(ALICE_USER_ID);
    expect((await call(si, 'GET', '/user', undefined, bob)).json.data.user.id).toBe(BOB_USER_ID);
    const plans = await call(si, 'GET', '/plans', undefined, bob);
    expect(plans.json.data.plans).toEqual([
      expect.objectContaining({ id: 'bob-household', name: 'Martin family' }),
    ]);
    const accounts = await call(si, 'GET', '/plans/last-used/accounts', undefined, bob);
    expect(accounts.json.data.accounts.map((a: { id: string }) => a.id)).toContain('bob-acc-checking');
    expect(si.requests.map((r) => r.person)).toEqual(['Alice', 'Bob', 'Bob', 'Bob']);
  });

  it.each([
    ['GET', `${B}/accounts`],
    ['GET', `${B}/transactions/bob-tx-000`],
    ['GET', `${B}/months/2026-09-01`],
    ['PATCH', `${B}/months/2026-09-01/categories/bob-cat-rent`],
  ])('Alice’s token with Bob’s plan id: %s %s answers as an unknown plan', async (method, path) => {
    const body = method === 'PATCH' ? MOVE : undefined;
    const crossed = await call(si, method, path, body, alice);
    const unknown = await call(si, method, path.replace('bob-household', 'no-such-plan'), body, alice);
    expect(crossed.status).toBe(404);
    expect(crossed.json).toEqual(NOT_FOUND);
    expect(crossed.text).toBe(unknown.text);
    expect(si.writes).toEqual([]);
    expect(si.stateOf('Bob').knowledge).toBe(1);
    expect(si.stateOf('Alice').knowledge).toBe(1);
    // Bob's own token reaches it
    expect((await call(si, method, path, body, bob)).status).toBe(200);
  });

  it('a write lands in the writer’s plan only', async () => {
    const res = await call(si, 'PATCH', `${A}/months/2026-09-01/categories/cat-rent`, MOVE, alice);
    expect(res.status).toBe(200);
    expect(si.stateOf('Alice').budgets['2026-09-01']?.['cat-rent']).toBe(12_340);
    expect(si.stateOf('Alice').knowledge).toBe(2);
    expect(si.stateOf('Bob').knowledge).toBe(1);
    expect(si.writes.map((w) => [w.path, w.person])).toEqual([
      [`${A}/months/2026-09-01/categories/cat-rent`, 'Alice'],
    ]);
  });

  it('a person with two plans sees both, and last-used is the first', async () => {
    const second = {
      ...buildDemoPlan(),
      plan: { ...buildDemoPlan().plan, id: 'carol-2', name: 'Holiday flat' },
    };
    const two = await startStandIn({
      people: [
        {
          name: 'Carol',
          userId: 'c0',
          plans: [
            buildHouseholdPlan({ planId: 'carol-1', planName: 'Home', idPrefix: 'c-', scale: 0.8 }),
            second,
          ],
        },
      ],
    });
    try {
      const token = two.issueToken('Carol').access_token;
      const plans = await call(two, 'GET', '/plans', undefined, token);
      expect(plans.json.data.plans.map((p: { id: string }) => p.id)).toEqual(['carol-1', 'carol-2']);
      expect((await call(two, 'GET', '/plans/carol-2/accounts', undefined, token)).status).toBe(200);
      const lastUsed = await call(two, 'GET', '/plans/last-used/categories', undefined, token);
      expect(JSON.stringify(lastUsed.json)).toContain('c-cat-rent');
    } finally {
      await two.close();
    }
  });
});

describe('tokens that do not open', () => {
  it.each([
    ['no token', null],
    ['an unknown token', 'made-up'],
  ])('%s: 401', async (_, token) => {
    expect(await call(si, 'GET', '/plans', undefined, token)).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
    expect(si.requests.at(-1)?.person).toBeNull();
  });

  it('an expired token: 401; expiring one person leaves the other', async () => {
    si.expireAccessTokens('Alice');
    expect((await call(si, 'GET', '/plans', undefined, alice)).status).toBe(401);
    expect((await call(si, 'GET', '/plans', undefined, bob)).status).toBe(200);
    alice = si.issueToken('Alice').access_token;
  });

  it('a revoked grant: 401, nothing written', async () => {
    const bobsOwn = si.issueToken('Bob').access_token;
    si.revoke('Bob');
    const res = await call(si, 'PATCH', `${B}/months/2026-09-01/categories/bob-cat-rent`, MOVE, bobsOwn);
    expect(res).toMatchObject({ status: 401, json: UNAUTHORIZED });
    expect((await call(si, 'GET', '/plans', undefined, bob)).status).toBe(401);
    expect(si.writes).toEqual([]);
    expect(si.stateOf('Bob').knowledge).toBe(1);
    bob = si.issueToken('Bob').access_token;
  });

  it('a read-only token reads, and a write answers 403.3 with nothing written', async () => {
    const readOnly = si.issueToken('Alice', { scope: 'read-only' });
    expect(readOnly.scope).toBe('read-only');
    expect((await call(si, 'GET', `${A}/accounts`, undefined, readOnly.access_token)).status).toBe(200);
    const res = await call(
      si,
      'PATCH',
      `${A}/months/2026-09-01/categories/cat-rent`,
      MOVE,
      readOnly.access_token,
    );
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ id: '403.3', name: 'unauthorized_scope' });
    expect(si.writes).toEqual([]);
    expect(si.stateOf('Alice').knowledge).toBe(1);
  });

  it('a token that lives a given time', async () => {
    const short = si.issueToken('Bob', { ttlMs: 0 });
    expect(short.expires_in).toBe(0);
    expect((await call(si, 'GET', '/plans', undefined, short.access_token)).status).toBe(401);
  });
});

describe('faults for one person', () => {
  it('a 429 for Bob leaves Alice’s requests alone, and only Bob’s use it up', async () => {
    si.fault({ path: '/plans', person: 'Bob', status: 429, retryAfter: '60', times: 2 });
    expect((await call(si, 'GET', '/plans', undefined, alice)).status).toBe(200);
    expect((await call(si, 'GET', '/plans', undefined, bob)).status).toBe(429);
    expect((await call(si, 'GET', '/plans', undefined, 'made-up')).status).toBe(401);
    expect((await call(si, 'GET', '/plans', undefined, bob)).status).toBe(429);
    expect((await call(si, 'GET', '/plans', undefined, bob)).status).toBe(200);
  });
});

describe('the control methods refuse what does not exist', () => {
  it('an unknown person, a plan reset with people, a plan another person has', async () => {
    expect(() => si.issueToken('Mallory')).toThrow(
      'the stand-in has no person named "Mallory"; it has Alice, Bob',
    );
    expect(() => si.revoke('Mallory')).toThrow('no person named');
    expect(() => si.expireAccessTokens('Mallory')).toThrow('no person named');
    expect(() => si.reset(buildDemoPlan())).toThrow('resets to their own plans');
    expect(() => si.stateOf('Alice', 'bob-household')).toThrow('Alice has no plan "bob-household"');
  });

  it('names a plan of a person by its id', () => {
    expect(si.stateOf('Bob', 'bob-household')).toBe(si.stateOf('Bob'));
    expect(si.stateOf('Alice', 'demo-budget').plan.name).toBe('Demo household');
  });

  it.each([
    [[], 'at least one person'],
    [[{ name: ' ', userId: 'u', plans: [buildDemoPlan()] }], 'every person needs a name'],
    [[{ name: 'A', userId: '', plans: [buildDemoPlan()] }], 'A needs a userId'],
    [[{ name: 'A', userId: 'u', plans: [] }], 'A needs at least one plan'],
    [
      [
        { name: 'A', userId: 'u1', plans: [buildDemoPlan()] },
        { name: 'B', userId: 'u2', plans: [buildDemoPlan()] },
      ],
      'repeat the plan id "demo-budget"',
    ],
    [
      [
        { name: 'A', userId: 'u1', plans: [buildDemoPlan()] },
        { name: 'A', userId: 'u2', plans: [] },
      ],
      'repeat the name "A"',
    ],
  ])('people %#: refused at start', async (people, message) => {
    await expect(startStandIn({ people })).rejects.toThrow(message);
  });
});

describe('without people', () => {
  it('any token reaches the one plan, and /user answers the demo user', async () => {
    const one = await startStandIn();
    try {
      expect((await call(one, 'GET', '/user', undefined, 'anything')).json).toEqual({
        data: { user: { id: DEMO_USER_ID } },
      });
      expect(() => one.issueToken('Alice')).toThrow('no people');
      expect(() => one.revoke('Alice')).toThrow('no people');
      expect(() => one.stateOf('Alice')).toThrow('no people');
      one.expireAccessTokens();
      expect((await call(one, 'GET', '/plans', undefined, 'anything')).status).toBe(200);
    } finally {
      await one.close();
    }
  });
});
