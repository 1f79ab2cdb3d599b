/**
 * Hosted mode scaled out with no stickiness at all: two instances on one PostgreSQL database, each
 * with its own connection pool, memory and listener, started together on an empty store, behind a
 * loopback balancer that sends every request to the other instance than the one before. The official
 * MCP client signs in with its OAuth support and Chromium answers the consent page and the stand-in's
 * YNAB page, so that each step of the sign-in lands on the other instance than the step before: the
 * consent page is shown by one and answered on the other, YNAB's callback reaches the instance that
 * did not send the person there, the code is redeemed where it was not issued, and the access token is
 * verified by both. Then a read, and a write previewed on one instance and confirmed on the other.
 * A code redeemed on both instances at once gives tokens once, and those are revoked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHosted } from '../../src/cli/hosted.js';
import { loadConfig, type Config } from '../../src/config.js';
import { demoPeople, startStandIn, type StandIn } from '../../src/demo/index.js';
import { Secret } from '../../src/domain/secret.js';
import { CALLBACK_PATH } from '../../src/hosted/ynab-oauth.js';
import { silentLog } from '../../src/log.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { SqlJournal } from '../../src/store/sql-journal.js';
import { SqlOAuthStore } from '../../src/store/sql-oauth.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import type { Database } from '../../src/store/sql.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { CLIENT_ID, CLIENT_SECRET, hostedConsent, type HostedConsent } from '../helpers/hosted-server.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { newClient, startSignIn, transportFor } from '../helpers/oauth-flow.js';
import { PIN_HEADER, startRoundRobin, type RoundRobin, type Served } from '../helpers/round-robin.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';

const POSTGRES = ENGINES.find((e) => e.name === 'PostgreSQL')!;
const ALICE = 'a11ce5e0-7c1d-4b8e-9f2a-3d4c5b6a7e80';
const BOB = 'b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60';

interface Instance {
  db: Database;
  http: HttpHandle;
}

let t: TestDatabase;
let standIn: StandIn;
let balancer: RoundRobin;
let browser: Browser;
let callback: Callback;
const instances: Instance[] = [];
/** The seal keys, the same file on every instance as an operator deploys it. */
const sealer = new Sealer(parseKeyFile(newKeyLine()));

function configFor(origin: string): Config {
  const loaded = loadConfig({
    AVENIR_MCP_TRANSPORT: 'http',
    AVENIR_MCP_AUTH: 'ynab',
    // replaced below by the balancer's loopback address, which only tests and the demo may use
    AVENIR_MCP_PUBLIC_URL: 'https://hosted.example.net',
    AVENIR_MCP_YNAB_CLIENT_ID: CLIENT_ID,
    AVENIR_MCP_YNAB_CLIENT_SECRET_FILE: '/nonexistent/the-secret-is-given-directly',
    AVENIR_MCP_YNAB_OAUTH_URL: standIn.origin,
    AVENIR_MCP_YNAB_URL: standIn.url,
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    AVENIR_MCP_SETTLE_MS: '40',
    AVENIR_MCP_TODAY: '2026-09-25',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'avenir-round-robin-')),
  });
  return { ...loaded, publicUrl: origin };
}

/** One instance as the CLI starts it on a server store: its own pool, its own memory, its own port. */
async function startInstance(db: Database): Promise<Instance> {
  const config = configFor(balancer.origin);
  const hosted = await startHosted({
    config,
    log: silentLog,
    people: new SqlPeopleStore(db, sealer),
    lasting: new SqlOAuthStore(db),
    store: db,
    secret: new Secret(CLIENT_SECRET),
    loopbackHttp: true,
  });
  const http = await runHttp(
    { perPerson: (ctx) => hosted.servers.perPerson(ctx) },
    {
      host: '127.0.0.1',
      port: 0,
      token: null,
      oauth: hosted.oauth,
      printNotice: () => {},
      onerror: () => {},
    },
  );
  return { db, http };
}

beforeAll(async () => {
  t = await POSTGRES.open();
  balancer = await startRoundRobin();
  standIn = await startStandIn({
    today: '2026-09-25',
    people: demoPeople(),
    oauthApps: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${balancer.origin}${CALLBACK_PATH}`],
      },
    ],
  });
  // started together on an empty store: they must agree on the provider's keys and the state key
  instances.push(...(await Promise.all([startInstance(t.db), startInstance(await openPostgres(t.url!))])));
  balancer.targets.push(...instances.map((i) => new URL(i.http.url).origin));
  callback = await startCallback();
  browser = await openBrowser();
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await callback?.close();
  await balancer?.close();
  for (const instance of instances) {
    await instance.http.close();
    if (instance.db !== t.db) await instance.db.close();
  }
  await standIn?.close();
  await t?.drop();
}, SLOW);

const mcpUrl = () => `${balancer.origin}/mcp`;
const since = (from: number): Served[] => balancer.served.slice(from);
const step = (served: Served[], method: string, path: RegExp): Served => {
  const found = served.find((s) => s.method === method && path.test(s.path));
  expect(found, `${method} ${String(path)} went through the balancer`).toBeDefined();
  return found!;
};

/** The browser's part of a sign-in: the code the app's redirect carries, and what each step reached. */
async function browserSignIn(provider: TestOAuthProvider, answer: HostedConsent) {
  const authorizationUrl = await startSignIn(mcpUrl(), provider);
  const from = balancer.served.length;
  const redirected = callback.next();
  const page = await hostedConsent(browser, authorizationUrl, answer);
  const params = await redirected;
  closePage(page);
  const code = params.get('code');
  expect(code, 'the redirect carries a code').toBeTruthy();
  return { params, code: code!, steps: since(from) };
}

const personId = async (ynabUserId: string): Promise<string> => {
  const everyone = await new SqlPeopleStore(t.db, sealer).people();
  return everyone.find((p) => p.ynabUserId === ynabUserId)!.id;
};
const flagOf = (tx: string) => standIn.stateOf('Alice').transactions.find((x) => x.id === tx)?.flag_color;

describe.sequential('two hosted instances behind a round-robin balancer', { timeout: 180_000 }, () => {
  let alice: Client;

  it('sign in with each step on the other instance than the step before', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, "Alice's app");
    const { params, steps } = await browserSignIn(provider, {
      person: 'Alice',
      access: 'write',
      browserZone: 'Europe/Paris',
    });
    const page = step(steps, 'GET', /^\/interaction\//);
    const answer = step(steps, 'POST', /^\/interaction\//);
    const ynabCallback = step(steps, 'GET', /^\/oauth\/ynab\/callback$/);
    const codeIssued = steps.at(-1)!;
    expect(codeIssued.path).toMatch(/^\/authorize/);
    // the page shown by one instance is answered on the other, whose trip to YNAB ends on the first
    expect(answer.instance).not.toBe(page.instance);
    expect(ynabCallback.instance).not.toBe(answer.instance);
    expect(codeIssued.instance).not.toBe(ynabCallback.instance);

    const from = balancer.served.length;
    await transportFor(mcpUrl(), provider).finishAuth(params);
    const redeemed = step(since(from), 'POST', /^\/token$/);
    expect(redeemed.instance).not.toBe(codeIssued.instance);
    alice = newClient();
    await alice.connect(transportFor(mcpUrl(), provider));
    const plans = await alice.callTool({ name: 'list_plans', arguments: {} });
    expect(
      (plans.structuredContent as { result: Array<{ name: string }> }).result.map((p) => p.name),
    ).toEqual(['Demo household']);
    // the access token was verified by both instances
    const calls = since(from).filter((s) => s.path === '/mcp' && s.rpc !== null);
    expect(new Set(calls.map((s) => s.instance))).toEqual(new Set([0, 1]));
    expect(standIn.requests.filter((r) => r.path === '/plans').map((r) => r.person)).toEqual(['Alice']);

    // what the store holds: Alice's records under her id, no trip to YNAB left
    const id = await personId(ALICE);
    const kinds = await t.db.query<{ kind: string }>(
      'SELECT DISTINCT kind FROM oauth_records WHERE person_id = $1 ORDER BY kind',
      [id],
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'AccessToken',
      'AuthorizationCode',
      'Grant',
      'RefreshToken',
      'Session',
    ]);
    expect(await t.db.query("SELECT id FROM oauth_records WHERE kind = 'SignInState'")).toEqual([]);
  });

  it('a write previewed on one instance is confirmed on the other and applied once', async () => {
    const args = { plan_id: 'demo-budget', flags: [{ transaction_id: 'tx-053', color: 'purple' }] };
    const from = balancer.served.length;
    const preview = (await alice.callTool({ name: 'flag_transactions', arguments: args }))
      .structuredContent as Record<string, unknown>;
    expect(preview.status).toBe('confirmation_required');
    expect(standIn.writes).toEqual([]);
    const applied = (
      await alice.callTool({
        name: 'flag_transactions',
        arguments: { ...args, confirmation: preview.confirmation },
      })
    ).structuredContent as Record<string, unknown>;
    expect(applied.status).toBe('applied');
    const calls = since(from).filter((s) => s.rpc?.startsWith('tools/call'));
    expect(calls.map((s) => s.rpc)).toEqual([
      'tools/call flag_transactions',
      'tools/call flag_transactions confirmed',
    ]);
    expect(calls[1]!.instance).not.toBe(calls[0]!.instance);
    expect(standIn.writes).toHaveLength(1);
    expect(standIn.writes[0]!.person).toBe('Alice');
    expect(flagOf('tx-053')).toBe('purple');
    expect(await new SqlJournal(t.db).has(await personId(ALICE), applied.operation_id as string)).toBe(true);
  });

  it('one code redeemed on both instances at once gives tokens once, and they are revoked', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, "Bob's app");
    const { code } = await browserSignIn(provider, { person: 'Bob', access: 'read' });
    const redeem = (instance: number) =>
      fetch(`${balancer.origin}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [PIN_HEADER]: String(instance) },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: provider.codeVerifier(),
          redirect_uri: callback.url,
          client_id: provider.info!.client_id,
          resource: mcpUrl(),
        }),
      });
    const answers = await Promise.all([redeem(0), redeem(1)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = (await answers.find((r) => r.status === 400)!.json()) as { error: string };
    expect(refused.error).toBe('invalid_grant');
    const tokens = (await answers.find((r) => r.status === 200)!.json()) as { access_token: string };
    expect(tokens.access_token).toEqual(expect.any(String));
    // a code used twice revokes what it gave: its token is refused by either instance
    for (const instance of [0, 1]) {
      const r = await fetch(mcpUrl(), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          [PIN_HEADER]: String(instance),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toContain('invalid_token');
    }
    const bob = await personId(BOB);
    expect(
      await t.db.query("SELECT id FROM oauth_records WHERE kind = 'Grant' AND person_id = $1", [bob]),
    ).toEqual([]);
    // and Alice, on the same instances, works on
    const plans = await alice.callTool({ name: 'list_plans', arguments: {} });
    expect(plans.isError).toBeFalsy();
  });
});
