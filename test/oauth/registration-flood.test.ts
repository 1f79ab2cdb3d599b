/**
 * Open registration under a flood. Behind the owner's proxy every request comes from one address, so
 * what protects an app is its use: a registration whose sign-in is under way is never evicted (its
 * sign-in completes through a flood of 300 registrations), idle ones are kept to the newest 50 with
 * their registration tokens, and once the sign-ins under way fill their bound a new registration is
 * refused with `temporarily_unavailable` while nothing is evicted.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import {
  IDLE_CLIENTS,
  mayRegister,
  pruneIdleClients,
  SIGNING_IN_CLIENTS,
} from '../../src/transports/oauth/grants.js';
import { MemoryStore } from '../../src/transports/oauth/store.js';
import { openBrowser, closePage, type Browser } from '../helpers/browser.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { newClient, startSignIn, transportFor } from '../helpers/oauth-flow.js';
import { at, authorizeUrl, pkce } from '../helpers/oauth-raw.js';
import { PASSPHRASE, startRemote, type Remote } from '../helpers/oauth-server.js';

let browser: Browser;
let callback: Callback;

beforeAll(async () => {
  callback = await startCallback();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await callback?.close();
});

/** One anonymous registration, as a flood sends it: the answer's status and body. */
async function anonymous(
  remote: Remote,
  i: number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(at(remote, '/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: `Flood ${i}`,
      redirect_uris: [`https://flood.example/${i}`],
      token_endpoint_auth_method: 'none',
    }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** `count` registrations, ten at a time. */
async function flood(remote: Remote, count: number, from = 0) {
  const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
  for (let i = from; i < from + count; i += 10)
    answers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, from + count - i) }, (_, k) => anonymous(remote, i + k)),
      )),
    );
  return answers;
}

/** Opens an authorization request for a registered client, as a browser would: its sign-in is under way. */
async function openSignIn(remote: Remote, clientId: string, redirectUri: string): Promise<void> {
  const url = authorizeUrl(remote, clientId, redirectUri, {
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  });
  const r = await fetch(url, { redirect: 'manual' });
  await r.body?.cancel();
  expect(r.status).toBe(303);
}

describe('a flood of registrations', () => {
  let remote: Remote;
  it.beforeAll(async ({ h }) => {
    remote = await startRemote(h);
  });
  afterAll(() => remote?.close());

  it('leaves a client whose sign-in is under way, whose sign-in then completes', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Flooded app');
    const authorizationUrl = await startSignIn(remote.url, provider);
    const clientId = String(provider.info?.client_id);
    // the owner has the page open when the flood comes
    const page = await browser.page();
    await page.goto(authorizationUrl.href);
    const answers = await flood(remote, 300);
    expect(answers.every((a) => a.status === 201)).toBe(true);

    const clients = (await remote.store.list('Client')).map((c) => c.id);
    expect(clients).toContain(clientId);
    expect(clients).toHaveLength(IDLE_CLIENTS + 1);
    // the newest of the flood are the idle ones kept, each with its registration token
    expect(clients).toContain(String(answers.at(-1)?.body.client_id));
    expect(clients).not.toContain(String(answers[0]?.body.client_id));
    const tokens = (await remote.store.list('RegistrationAccessToken')).map((t) =>
      String(t.payload.clientId),
    );
    expect(tokens.every((id) => clients.includes(id))).toBe(true);

    const redirected = callback.next();
    await page.fill('input[name=passphrase]', PASSPHRASE);
    await page.click('button[value=allow]');
    const params = await redirected;
    closePage(page);
    expect(params.get('code')).toBeTruthy();
    await transportFor(remote.url, provider).finishAuth(params);
    const client = newClient();
    await client.connect(transportFor(remote.url, provider));
    const plans = await client.callTool({ name: 'list_plans', arguments: {} });
    expect(plans.isError).toBeFalsy();
    await client.close();
    // granted now: the next flood leaves it too
    await flood(remote, IDLE_CLIENTS + 5, 1_000);
    expect((await remote.store.list('Client')).map((c) => c.id)).toContain(clientId);
  }, 120_000);
});

describe('when the sign-ins under way fill their bound', () => {
  let remote: Remote;
  it.beforeAll(async ({ h }) => {
    remote = await startRemote(h);
  });
  afterAll(() => remote?.close());

  it('refuses a new registration with a clear error and evicts none of them', async () => {
    // each opens its sign-in before the next registers, so none of them is ever idle
    const signingIn: string[] = [];
    for (let i = 0; i < SIGNING_IN_CLIENTS; i++) {
      const { body } = await anonymous(remote, i);
      signingIn.push(String(body.client_id));
      await openSignIn(remote, String(body.client_id), `https://flood.example/${i}`);
    }
    const refused = await anonymous(remote, 9_999);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'temporarily_unavailable' });
    expect(refused.body.error_description).toMatch(
      /^too many sign-ins are under way .* none of them is evicted/,
    );
    const clients = (await remote.store.list('Client')).map((c) => c.id).sort();
    expect(clients).toEqual([...signingIn].sort());
  }, 120_000);
});

describe('the rules, on the stores alone', () => {
  const stores = async (clients: number, underway: number[], granted: number[] = []) => {
    const store = new MemoryStore();
    for (let i = 0; i < clients; i++) await store.set('Client', `c${i}`, { client_id_issued_at: i }, null);
    for (const i of granted) await store.set('Grant', `g${i}`, { clientId: `c${i}` }, null);
    return { store, underway: new Set(underway.map((i) => `c${i}`)) };
  };

  it('keeps the clients whose sign-in is under way beyond the newest idle ones', async () => {
    const { store, underway } = await stores(6, [0, 1]);
    expect(await pruneIdleClients(store, 2, underway)).toBe(2);
    expect((await store.list('Client')).map((c) => c.id).sort()).toEqual(['c0', 'c1', 'c4', 'c5']);
  });

  it('counts the later stored as newer within one second, so the registration just made stays', async () => {
    const store = new MemoryStore();
    for (const id of ['a', 'b', 'c']) await store.set('Client', id, { client_id_issued_at: 7 }, null);
    expect(await pruneIdleClients(store, 1)).toBe(2);
    expect((await store.list('Client')).map((c) => c.id)).toEqual(['c']);
  });

  it('drops the registration tokens of dropped and vanished clients, and keeps the others', async () => {
    const { store } = await stores(3, []);
    for (const clientId of ['c0', 'c2', 'gone'])
      await store.set('RegistrationAccessToken', `t-${clientId}`, { clientId }, null);
    await store.set('RegistrationAccessToken', 't-none', {}, null);
    expect(await pruneIdleClients(store, 2)).toBe(1);
    expect((await store.list('RegistrationAccessToken')).map((t) => t.id)).toEqual(['t-c2']);
  });

  it('counts only sign-ins of clients without a grant against the bound', async () => {
    const { store, underway } = await stores(4, [0, 1, 2], [0]);
    expect(await mayRegister(store, underway, 3)).toBe(true);
    expect(await mayRegister(store, underway, 2)).toBe(false);
    expect(await mayRegister(store, new Set(['elsewhere']), 1)).toBe(true);
  });
});
