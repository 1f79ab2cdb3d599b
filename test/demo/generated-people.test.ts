/**
 * The stand-in with many generated people (a load bench's): each has a plan of their own that only
 * their token reaches, fixed user ids, the demo people beside them unchanged, and every request
 * recorded with whose it was and when it was read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE_USER_ID,
  demoPeople,
  generatedName,
  generatedPeople,
  MAX_GENERATED_PEOPLE,
  startStandIn,
  type StandIn,
} from '../../src/demo/index.js';
import { NOT_FOUND, call } from './helpers.js';

const CLOCK = Date.parse('2026-09-25T08:00:00Z');
let clock = CLOCK;
let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ people: [...demoPeople(), ...generatedPeople(3)], now: () => clock });
});
afterAll(async () => {
  await si.close();
});

describe('generated people', () => {
  it('each reach their own household, under a fixed user id', async () => {
    const tokens = [1, 2, 3].map((n) => si.issueToken(generatedName(n)).access_token);
    const seen = [];
    for (const [i, token] of tokens.entries()) {
      const user = await call(si, 'GET', '/user', undefined, token);
      const plans = await call(si, 'GET', '/plans', undefined, token);
      const accounts = await call(si, 'GET', `/plans/household-00${i + 1}/accounts`, undefined, token);
      seen.push({
        user: user.json.data.user.id,
        plans: plans.json.data.plans.map((p: { id: string; name: string }) => `${p.id} ${p.name}`),
        checking: accounts.json.data.accounts.find((a: { id: string }) => a.id.endsWith('acc-checking'))?.id,
      });
    }
    expect(seen).toEqual([
      {
        user: '00000000-0000-4000-8000-000000000001',
        plans: ['household-001 Household 001'],
        checking: 'p001-acc-checking',
      },
      {
        user: '00000000-0000-4000-8000-000000000002',
        plans: ['household-002 Household 002'],
        checking: 'p002-acc-checking',
      },
      {
        user: '00000000-0000-4000-8000-000000000003',
        plans: ['household-003 Household 003'],
        checking: 'p003-acc-checking',
      },
    ]);
    // their amounts differ: each household is scaled by its own factor
    const amounts = [1, 2, 3].map(
      (n) => si.stateOf(generatedName(n)).transactions.find((t) => t.id === `p00${n}-tx-000`)!.amount,
    );
    expect(new Set(amounts).size).toBe(3);
  });

  it('another person’s household answers as an unknown plan, and nothing is written', async () => {
    const token = si.issueToken(generatedName(1)).access_token;
    const crossed = await call(si, 'GET', '/plans/household-002/accounts', undefined, token);
    expect(crossed.status).toBe(404);
    expect(crossed.json).toEqual(NOT_FOUND);
    const write = await call(
      si,
      'PATCH',
      '/plans/household-002/months/2026-09-01/categories/p002-cat-rent',
      { category: { budgeted: 1_000 } },
      token,
    );
    expect(write.status).toBe(404);
    expect(si.stateOf(generatedName(2)).knowledge).toBe(1);
  });

  it('leave the demo people as they are', async () => {
    const alice = si.issueToken('Alice').access_token;
    expect((await call(si, 'GET', '/user', undefined, alice)).json.data.user.id).toBe(ALICE_USER_ID);
    const plans = await call(si, 'GET', '/plans', undefined, alice);
    expect(plans.json.data.plans.map((p: { id: string }) => p.id)).toEqual(['demo-budget']);
    expect(si.stateOf('Alice').accounts.map((a) => a.id)).toEqual(
      demoPeople()[0]!.plans[0]!.accounts.map((a) => a.id),
    );
  });

  it('record each request with its person and the time it was read', async () => {
    si.clearRequests();
    clock = CLOCK + 60_000;
    const token = si.issueToken(generatedName(3)).access_token;
    await call(si, 'GET', '/plans', undefined, token);
    clock = CLOCK + 120_000;
    await call(si, 'GET', '/user', undefined, token);
    expect(si.requests.map((r) => [r.person, r.at])).toEqual([
      [generatedName(3), CLOCK + 60_000],
      [generatedName(3), CLOCK + 120_000],
    ]);
  });

  it.each([0, -1, 1.5, MAX_GENERATED_PEOPLE + 1, Number.NaN])(
    'refuse %s people, saying how many may be asked',
    (n) => {
      expect(() => generatedPeople(n)).toThrow(
        `generatedPeople needs a whole number of people from 1 to ${MAX_GENERATED_PEOPLE}, got ${String(n)}`,
      );
    },
  );
});
