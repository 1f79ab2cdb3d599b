/**
 * The two demo people through real MCP clients: the server, given Bob's token, reads Bob's household
 * with every read tool tried here as it reads the demo plan (the second household is a plan the tools
 * take as real), and given Alice's token, Bob's plan id is a plan it cannot read, with nothing written.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { demoPeople, startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness } from '../helpers/harness.js';

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ people: demoPeople(), today: '2026-09-25' });
});
afterAll(async () => si.close());
beforeEach(() => si.clearRequests());

/** A harness whose server holds `person`'s token. */
function as(person: string): Harness {
  const env = {
    AVENIR_MCP_YNAB_URL: si.url,
    YNAB_API_KEY: si.issueToken(person).access_token,
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'avenir-state-')),
  };
  return { standIn: si, env, close: async () => undefined };
}

const READS: [string, Record<string, unknown>][] = [
  ['list_accounts', {}],
  ['list_category_groups', {}],
  ['get_monthly_summary', {}],
  ['get_category_balances', {}],
  ['get_underfunded_targets', {}],
  ['get_money_movements', {}],
  ['get_net_worth_trend', {}],
  ['get_debt_payoff_plan', {}],
  ['suggest_categories', {}],
];

describe('Bob’s household through the tools', () => {
  it('list_plans shows his plan only, and every read tool answers on it', async () => {
    const s = await connect(as('Bob'), 'modern');
    const plans = await call(s, 'list_plans');
    expect(plans.isError).toBeFalsy();
    expect(textOf(plans)).toContain('Martin family');
    expect(textOf(plans)).not.toContain('Demo household');
    for (const [tool, args] of READS) {
      const r = await call(s, tool, { plan_id: 'bob-household', ...args });
      expect(r.isError, `${tool}: ${textOf(r)}`).toBeFalsy();
    }
    const accounts = textOf(await call(s, 'list_accounts', { plan_id: 'bob-household' }));
    expect(accounts).toContain('Compte courant');
    expect(accounts).toContain('Livret A');
    expect(new Set(si.requests.map((r) => r.person))).toEqual(new Set(['Bob']));
    expect(si.writes).toEqual([]);
  });
});

describe('Alice with Bob’s plan id', () => {
  const UNKNOWN =
    "plan_id 'bob-household' is not a plan this token can read: pass one of 'demo-budget' (from list_plans).";

  it('a read and a confirmed write both say it is not a plan she can read; nothing is written', async ({
    journal,
  }) => {
    const h = as('Alice');
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const read = await call(s, 'list_accounts', { plan_id: 'bob-household' });
    expect(textOf(read)).toBe(`Error calling tool 'list_accounts': ${UNKNOWN}`);
    const write = await call(s, 'flag_transactions', {
      plan_id: 'bob-household',
      flags: [{ transaction_id: 'bob-tx-046', color: 'red' }],
    });
    expect(textOf(write)).toBe(`Error calling tool 'flag_transactions': ${UNKNOWN}`);
    expect(si.writes).toEqual([]);
    expect(si.stateOf('Bob').knowledge).toBe(1);
    expect(new Set(si.requests.map((r) => r.person))).toEqual(new Set(['Alice']));
  });
});
