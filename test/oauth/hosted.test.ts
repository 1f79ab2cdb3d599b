/**
 * Hosted mode end to end: the official MCP client's OAuth support against the server over loopback,
 * our consent page and the stand-in's YNAB page answered in headless Chromium, three people with
 * their own plans. Each signs in, reads and writes their own plan; every cross-person path is refused
 * with nothing written; a read-only person's write never reaches YNAB; tokens are refreshed before
 * they expire, once for concurrent calls; a revoked grant asks to sign in again while others work on;
 * no YNAB token appears in a log line.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_AGAIN } from '../../src/hosted/person-token.js';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { textOf, out } from '../helpers/harness.js';
import {
  hostedConsent,
  startHostedServer,
  CLIENT_SECRET,
  type HostedConsent,
  type HostedServer,
} from '../helpers/hosted-server.js';
import type { RecordingPeople } from '../helpers/recording-people.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { newClient, startSignIn, transportFor } from '../helpers/oauth-flow.js';
import { req } from '../requirements.js';

let server: HostedServer;
let people: RecordingPeople;
let browser: Browser;
let callback: Callback;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startHostedServer({ logLines });
  people = server.people;
  callback = await startCallback();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await callback?.close();
});

interface Signed {
  client: Client;
  provider: TestOAuthProvider;
}

async function signInAs(answer: HostedConsent, name = `${answer.person}'s app`): Promise<Signed> {
  const provider = new TestOAuthProvider(callback.url, undefined, name);
  const authorizationUrl = await startSignIn(server.url, provider);
  const redirected = callback.next();
  const page = await hostedConsent(browser, authorizationUrl, answer);
  const params = await redirected;
  closePage(page);
  expect(params.get('code'), 'the redirect carries a code').toBeTruthy();
  await transportFor(server.url, provider).finishAuth(params);
  const client = newClient();
  await client.connect(transportFor(server.url, provider));
  return { client, provider };
}

type Result = Awaited<ReturnType<Client['callTool']>>;
const call = (s: Signed, name: string, args: Record<string, unknown> = {}): Promise<Result> =>
  s.client.callTool({ name, arguments: args });
const planNames = async (s: Signed) =>
  (out(await call(s, 'list_plans')).result as Array<{ name: string }>).map((p) => p.name);
const tokenRequests = () => server.standIn.requests.filter((r) => r.path === '/oauth/token');
const personOf = async (ynabUserId: string) =>
  (await people.people()).find((p) => p.ynabUserId === ynabUserId)!;

const FLAG = (plan: string, tx: string) => ({
  plan_id: plan,
  flags: [{ transaction_id: tx, color: 'purple' }],
});

let alice: Signed;
let bob: Signed;
let carol: Signed;

describe('hosted mode', { timeout: 60_000 }, () => {
  it('three people sign in through the consent page and YNAB; each reads their own plan', async () => {
    alice = await signInAs({ person: 'Alice', access: 'write', browserZone: 'Europe/Paris' });
    bob = await signInAs({ person: 'Bob', access: 'write', browserZone: 'America/New_York' });
    carol = await signInAs({ person: 'Carol', access: 'read', typedZone: 'asia/tokyo' });
    expect(await planNames(alice)).toEqual(['Demo household']);
    expect(await planNames(bob)).toEqual(['Martin family']);
    expect(await planNames(carol)).toEqual(['Carol at home']);
    const everyone = await people.people();
    expect(everyone.map((p) => [p.allowed, p.timeZone])).toEqual([
      ['write', 'Europe/Paris'],
      ['write', 'America/New_York'],
      ['read', 'Asia/Tokyo'],
    ]);
    // YNAB was asked for a read-only token for Carol only
    expect(await Promise.all(everyone.map(async (p) => (await people.grant(p.id))?.scope))).toEqual([
      '',
      '',
      'read-only',
    ]);
    const lists = server.standIn.requests.filter((r) => r.path === '/plans');
    expect(lists.map((r) => r.person)).toEqual(['Alice', 'Bob', 'Carol']);
  }, 180_000);

  it('a write is confirmed and undone by each person, in their own plan and journal', async () => {
    for (const [s, plan, tx, who] of [
      [alice, 'demo-budget', 'tx-053', 'Alice'],
      [bob, 'bob-household', 'bob-tx-053', 'Bob'],
    ] as const) {
      const preview = out(await call(s, 'flag_transactions', FLAG(plan, tx)));
      expect(preview.status).toBe('confirmation_required');
      const applied = out(
        await call(s, 'flag_transactions', { ...FLAG(plan, tx), confirmation: preview.confirmation }),
      );
      expect(applied.status).toBe('applied');
      const flag = () => server.standIn.stateOf(who).transactions.find((t) => t.id === tx)?.flag_color;
      expect(flag()).toBe('purple');
      const undoPreview = out(
        await call(s, 'undo_operation', { plan_id: plan, operation_id: applied.operation_id }),
      );
      const undone = out(
        await call(s, 'undo_operation', {
          plan_id: plan,
          operation_id: applied.operation_id,
          confirmation: undoPreview.confirmation,
        }),
      );
      expect(undone.message).toBe('Flags restored.');
      expect(flag()).toBeNull();
    }
  });

  describe(`${req('hosted-alone')} across people, refused with nothing written`, () => {
    it("B's token with A's plan id", async () => {
      server.standIn.clearRequests();
      const read = await call(bob, 'find_transactions', { plan_id: 'demo-budget' });
      expect(read.isError).toBe(true);
      expect(textOf(read)).toContain('demo-budget');
      const write = await call(bob, 'flag_transactions', FLAG('demo-budget', 'tx-053'));
      expect(write.isError).toBe(true);
      expect(server.standIn.writes).toEqual([]);
      expect(server.standIn.requests.every((r) => r.person === 'Bob')).toBe(true);
    });

    it("A's operation id in B's undo_operation", async () => {
      const preview = out(await call(alice, 'flag_transactions', FLAG('demo-budget', 'tx-045')));
      const applied = out(
        await call(alice, 'flag_transactions', {
          ...FLAG('demo-budget', 'tx-045'),
          confirmation: preview.confirmation,
        }),
      );
      server.standIn.clearRequests();
      for (const plan of ['bob-household', 'demo-budget']) {
        const r = await call(bob, 'undo_operation', { plan_id: plan, operation_id: applied.operation_id });
        expect(out(r)?.status === 'applied' || out(r)?.status === 'confirmation_required').toBe(false);
      }
      expect(server.standIn.writes).toEqual([]);
      expect(server.standIn.stateOf('Alice').transactions.find((t) => t.id === 'tx-045')?.flag_color).toBe(
        'purple',
      );
    });

    it("A's confirmation code in B's call", async () => {
      const aliceCode = out(
        await call(alice, 'flag_transactions', FLAG('demo-budget', 'tx-052')),
      ).confirmation;
      expect(aliceCode).toEqual(expect.any(String));
      server.standIn.clearRequests();
      // on Bob's own plan the code is unknown to Bob's code store
      const own = await call(bob, 'flag_transactions', {
        ...FLAG('bob-household', 'bob-tx-052'),
        confirmation: aliceCode,
      });
      expect(own.isError).toBe(true);
      expect(textOf(own)).toMatch(/^This confirmation code is unknown, expired, already used/);
      // on Alice's plan Bob's token reads nothing
      const theirs = await call(bob, 'flag_transactions', {
        ...FLAG('demo-budget', 'tx-052'),
        confirmation: aliceCode,
      });
      expect(theirs.isError).toBe(true);
      expect(textOf(theirs)).toContain('demo-budget');
      expect(server.standIn.writes).toEqual([]);
      // the code is still Alice's to spend
      const applied = out(
        await call(alice, 'flag_transactions', { ...FLAG('demo-budget', 'tx-052'), confirmation: aliceCode }),
      );
      expect(applied.status).toBe('applied');
    });

    it("A's refresh token presented by B's app", async () => {
      const aliceRefresh = alice.provider.tokens()?.refresh_token;
      const bobClient = bob.provider.clientInformation();
      expect(aliceRefresh).toEqual(expect.any(String));
      const before = tokenRequests().length;
      const refused = await fetch(new URL('/token', server.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: String(aliceRefresh),
          client_id: String(bobClient?.client_id),
        }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
      // nothing reached YNAB's token endpoint, and Alice works on with her own
      expect(tokenRequests()).toHaveLength(before);
      expect(await planNames(alice)).toEqual(['Demo household']);
    });
  });

  it("a read-only person's write is refused before any YNAB request", async () => {
    const tools = (await carol.client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('list_plans');
    expect(tools).not.toContain('flag_transactions');
    server.standIn.clearRequests();
    // the server asks for changes to be granted (403 insufficient_scope): the official client goes
    // back to the sign-in page, where widening is a new YNAB authorisation
    carol.provider.authorizationUrl = null;
    await expect(call(carol, 'flag_transactions', FLAG('carol-household', 'carol-tx-053'))).rejects.toThrow(
      'Unauthorized',
    );
    expect((carol.provider.authorizationUrl as URL | null)?.searchParams.get('scope')?.split(' ')).toContain(
      'ynab:write',
    );
    expect(server.standIn.requests).toEqual([]);
  });

  it('a token about to expire is refreshed before the call, and the new one saved', async () => {
    const id = (await personOf('b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60')).id;
    const before = (await people.grant(id))!;
    await people.saveGrant(id, { ...before, expiresAt: Date.now() + 60_000 });
    server.standIn.clearRequests();
    expect(await planNames(bob)).toEqual(['Martin family']);
    expect(tokenRequests().map((r) => r.person)).toEqual(['Bob']);
    const after = (await people.grant(id))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(server.standIn.requests.find((r) => r.path === '/plans')?.token).toBe(after.accessToken);
  });

  it('two calls at once with a token YNAB expired cause one refresh', async () => {
    server.standIn.expireAccessTokens('Bob');
    server.standIn.clearRequests();
    const both = await Promise.all([planNames(bob), planNames(bob)]);
    expect(both).toEqual([['Martin family'], ['Martin family']]);
    expect(tokenRequests()).toHaveLength(1);
  });

  it("A's revoked grant: A's calls say to sign in again, nothing is sent, and B works on", async () => {
    server.standIn.revoke('Alice');
    const first = await call(alice, 'list_plans');
    expect(first.isError).toBe(true);
    expect(textOf(first)).toContain(SIGN_IN_AGAIN);
    expect(await people.grant((await personOf('a11ce5e0-7c1d-4b8e-9f2a-3d4c5b6a7e80')).id)).toBeNull();
    server.standIn.clearRequests();
    const again = await call(alice, 'flag_transactions', FLAG('demo-budget', 'tx-053'));
    expect(textOf(again)).toContain(SIGN_IN_AGAIN);
    expect(server.standIn.requests).toEqual([]);
    expect(await planNames(bob)).toEqual(['Martin family']);
  });

  it(`${req('token-sealed')} no YNAB token or client secret appears in any log line`, () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(people.tokens.size).toBeGreaterThanOrEqual(6);
    const log = logLines.join('\n');
    for (const token of [...people.tokens, CLIENT_SECRET]) expect(log).not.toContain(token);
  });
});
